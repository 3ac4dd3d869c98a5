/*
 * The seed's sample layout delegate (docs/behaviour.md#the-sample-delegate), written in C against navlayout.h.
 *
 * Navigation ready: a bottom-packed, trailing hiding stack of the buttons ("buttonStack") from the
 * safe-area top down to a zero-height "mapContentsBottom" guide; the logo at the safe-area leading
 * edge on that guide; the viewport filling the safe area above the guide. The guide sits at the
 * safe-area bottom at priority 250, kept <= the ETA card's top and <= a shown prompt's top.
 * Active guidance: the turn card at the top, the ETA card at the bottom, the stack and the viewport
 * between them. Prompts slide up from below the map view in 0.4 s (ease-in-out) and back down, and
 * are removed from the hierarchy when the slide-out ends.
 */
#ifndef NL_SAMPLE_DELEGATE_H
#define NL_SAMPLE_DELEGATE_H

#include "navlayout.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Seconds a prompt takes to slide in or out. */
#define NL_SAMPLE_PROMPT_ANIMATION_SECONDS 0.4

/** Sets the sample delegate on `map` (navigation must be disabled). Its state is allocated here
 *  and freed by the delegate's release callback (when replaced or when the map is destroyed).
 *  Returns the status of nl_map_view_set_layout_delegate (NL_ERR_CARPLAY on a CarPlay map). */
nl_status nl_sample_delegate_install(nl_map_view *map);

#ifdef __cplusplus
}
#endif

#endif /* NL_SAMPLE_DELEGATE_H */
