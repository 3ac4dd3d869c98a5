/*
 * A layout delegate with a wide-mode variant (issue 3), written in C against navlayout.h: the same
 * layout as examples/swift/WideLayoutDelegate.swift.
 *
 * Standard variant (navigation ready always; active guidance when the state is not in wide mode):
 * the sample's layout (sample_delegate.h, docs/behaviour.md#the-sample-delegate).
 * Wide variant (active guidance in wide mode, docs/behaviour.md#wide-mode): the turn card at the top and the ETA card at
 * the bottom, both at the safe area's leading edge; on their trailing side a host "orderStatus"
 * card (64 pt tall, 8 pt in from the turn card, from the safe area's trailing edge and top) with
 * the viewport under it (8 pt gap) down to the "mapContentsBottom" guide; the buttons in a
 * bottom-packed trailing stack beside the viewport (top = the viewport's top); the logo at the
 * viewport's bottom-leading corner; the trip progress bar 8 pt inside the viewport's leading edge,
 * from 8 pt below its top to 8 pt above the logo; the speed widget on the ETA card, aligned to the
 * card's layout margins (leading and top) so their built-in margins do not add up.
 * The variant is chosen in start_guidance and switched in size_changed when wide mode changes
 * (a shown prompt stays above the re-added cards). Prompts slide up from below the map view in
 * 0.4 s and back down, as the sample's.
 */
#ifndef NL_WIDE_DELEGATE_H
#define NL_WIDE_DELEGATE_H

#include "navlayout.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Seconds a prompt takes to slide in or out. */
#define NL_WIDE_PROMPT_ANIMATION_SECONDS 0.4

/** Height of the host's "orderStatus" card in the wide variant, points. */
#define NL_WIDE_ORDER_STATUS_HEIGHT 64.0

/** Sets the wide delegate on `map` (navigation must be disabled). Its state is allocated here and
 *  freed by the delegate's release callback. Returns the status of
 *  nl_map_view_set_layout_delegate (NL_ERR_CARPLAY on a CarPlay map). */
nl_status nl_wide_delegate_install(nl_map_view *map);

#ifdef __cplusplus
}
#endif

#endif /* NL_WIDE_DELEGATE_H */
