"""The example layout delegate with a wide-mode variant (``navlayout demo --delegate wide``).

Standard variant: exactly the sample's layout (:class:`navlayout.demo.SampleLayoutDelegate`).
Wide variant, in active guidance (wide mode, docs/behaviour.md#wide-mode: the safe area is at least 600 pt wide):

* the turn card and the ETA card at the leading edge of the safe area, the turn card at the top
  of the map view and the ETA card at its bottom;
* on their trailing side a host "orderStatus" card, 64 pt tall, 8 pt in from the cards, from
  the safe area's trailing edge and top, with the viewport below it (8 pt gap) down to the
  "map contents bottom" guide;
* the buttons in a bottom-packed trailing stack beside the viewport, the logo at the viewport's
  bottom-leading corner;
* the trip progress bar along the viewport's leading edge (8 pt in), from 8 pt below its top to
  8 pt above the logo;
* the speed widget above the ETA card, aligned to the card's ``layout_margins_guide`` so the two
  components' built-in margins do not add up.

The variant follows ``wide_mode`` in ``start_guidance`` and ``size_changed`` (as the seed
advises), so a session that starts in landscape is wide at once and a rotation during guidance
switches the layout. Prompts slide in and out as in the sample (the code is the sample's).

Run:  python -m navlayout demo --delegate wide [--preset PRESET]
      python examples/python/wide_delegate.py [preset]

Both print the same table as the Swift CLI's ``navlayout demo --delegate wide --preset PRESET``.
"""

from __future__ import annotations

from typing import Optional

import navlayout as nl

from .demo import SampleLayoutDelegate, _StateLayout, buttons_by_type

__all__ = ["ORDER_STATUS_HEIGHT", "WideLayoutDelegate"]

#: Height of the host's order status card, in points.
ORDER_STATUS_HEIGHT = 64.0


class WideLayoutDelegate(SampleLayoutDelegate):
    """The sample's layout in standard mode; cards leading and the map column trailing in wide
    mode. ``order_status`` is the host view of the wide variant (created on first use; None
    before)."""

    def __init__(self) -> None:
        super().__init__()
        self.order_status: Optional[nl.View] = None
        self._guidance_is_wide = False

    def _order_status_for(self, nav_map: nl.MapView) -> nl.View:
        """The host's order status card (views belong to a map view: made on first use)."""
        if self.order_status is None or self.order_status.map_view is not nav_map:
            card = nav_map.make_view("orderStatus")
            card.intrinsic_content_size = nl.Size(nl.NO_INTRINSIC_METRIC, ORDER_STATUS_HEIGHT)
            self.order_status = card
        return self.order_status

    def _make_guidance_layout(
        self, nav_map: nl.MapView, new_state: nl.ActiveGuidanceUIState
    ) -> _StateLayout:
        self._guidance_is_wide = new_state.wide_mode
        if not new_state.wide_mode:
            return super()._make_guidance_layout(nav_map, new_state)

        style = nl.STYLE
        gap = style.element_horizontal_padding  # 8
        safe = nav_map.safe_area_layout_guide
        floor = self._content_bottom
        assert floor is not None, "start_guidance before enable_navigation_ui"
        turn, eta = new_state.turn_card, new_state.eta_card
        viewport, logo = new_state.viewport, new_state.google_logo
        speed, bar = new_state.speed_widget, new_state.trip_progress_bar
        status = self._order_status_for(nav_map)
        self.viewport = viewport
        stack = self._button_stack(nav_map)
        layout = _StateLayout(
            nav_map, [turn, eta, status, viewport, logo, speed, bar],
            buttons_by_type(new_state.buttons), stack,
        )
        layout.place(
            # Both cards at the leading edge of the safe area: turn card on top, ETA card below.
            turn.top_anchor.constraint(equal_to=nav_map.top_anchor),
            turn.leading_anchor.constraint(equal_to=safe.leading_anchor),
            eta.bottom_anchor.constraint(equal_to=nav_map.bottom_anchor),
            eta.leading_anchor.constraint(equal_to=safe.leading_anchor),
            # The host's card across the top of the map column.
            status.top_anchor.constraint(equal_to=safe.top_anchor, constant=style.header_top_padding),
            status.leading_anchor.constraint(equal_to=turn.trailing_anchor, constant=gap),
            status.trailing_anchor.constraint(equal_to=safe.trailing_anchor, constant=-gap),
            # The camera frames the rest of the column.
            viewport.top_anchor.constraint(equal_to=status.bottom_anchor, constant=gap),
            viewport.leading_anchor.constraint(equal_to=turn.trailing_anchor),
            viewport.trailing_anchor.constraint(equal_to=safe.trailing_anchor),
            viewport.bottom_anchor.constraint(equal_to=floor.top_anchor),
            stack.trailing_anchor.constraint(equal_to=safe.trailing_anchor),
            stack.top_anchor.constraint(equal_to=viewport.top_anchor),
            stack.bottom_anchor.constraint(equal_to=floor.top_anchor),
            logo.leading_anchor.constraint(equal_to=viewport.leading_anchor),
            logo.bottom_anchor.constraint(equal_to=floor.top_anchor),
            # On the ETA card's margins guide, so the margins (8 and the widget's 4) do not add.
            speed.leading_anchor.constraint(equal_to=eta.layout_margins_guide.leading_anchor),
            speed.bottom_anchor.constraint(equal_to=eta.layout_margins_guide.top_anchor),
            bar.leading_anchor.constraint(equal_to=viewport.leading_anchor, constant=gap),
            bar.top_anchor.constraint(equal_to=viewport.top_anchor, constant=gap),
            bar.bottom_anchor.constraint(equal_to=logo.top_anchor, constant=-gap),
        )
        layout.show()
        return layout

    def size_changed(self, nav_map: nl.MapView, new_state: nl.NavigationUIState) -> None:
        guidance = self._guidance_layout
        if (
            not isinstance(new_state, nl.ActiveGuidanceUIState)
            or new_state.wide_mode == self._guidance_is_wide
            or guidance is None
        ):
            return  # same variant: the constraints adapt to the new size by themselves
        guidance.discard()
        self._guidance_layout = self._make_guidance_layout(nav_map, new_state)
        # Keep a shown prompt above the re-added cards (prompts float above cards).
        prompt = self._shown_prompt
        if prompt is not None and prompt.superview is nav_map:
            nav_map.add_subview(prompt)
