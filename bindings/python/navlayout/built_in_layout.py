"""The built-in layout's settings on :class:`~navlayout.MapView` (docs/behaviour.md#built-in-layout-and-legacy-apis, docs/behaviour.md#compass-rule): the legacy slot
settings (header, footer, trip progress bar, reporting button, header accessory view and its
invalidation, padding and its adjustment behavior),
the legacy layout guides, and the map's compass rule."""

from __future__ import annotations

from ctypes import byref, c_int32, c_void_p
from typing import Optional

from . import _ffi
from ._ffi import check, fail, load
from ._args import _enum, _insets
from ._map_view_base import _MapViewBase
from .guides import LayoutGuide
from .values import Insets, LegacyGuide, PaddingAdjustmentBehavior
from .views import View


class _BuiltInLayoutSettings(_MapViewBase):
    """The built-in layout's settings; part of :class:`~navlayout.MapView`.

    The legacy settings act on the built-in layout only (no custom delegate) and take effect at
    once: the current state's layout is rebuilt, without a delegate callback. While a custom
    delegate is set, setting them (or reading a legacy guide) changes nothing and is reported
    as a ``legacyAPIIgnored`` warning diagnostic, once per API until the next navigation
    transition; the getters then keep returning the built-in layout's settings. They are not
    events: they may be used from inside callbacks."""


    @property
    def navigation_header_enabled(self) -> bool:
        """Whether the built-in layout shows the turn card (``isNavigationHeaderEnabled``,
        default True). Off: the viewport and the button column start at the safe-area top.
        Settable with a bool (legacy: ignored and reported with a custom delegate)."""
        return self._get_flag(load().nl_map_view_navigation_header_enabled)

    @navigation_header_enabled.setter
    def navigation_header_enabled(self, value: bool) -> None:
        self._set_flag(load().nl_map_view_set_navigation_header_enabled, value,
                       "navigation_header_enabled")

    @property
    def navigation_footer_enabled(self) -> bool:
        """Whether the built-in layout shows the ETA card (``isNavigationFooterEnabled``,
        default True). Off: the content rests on the safe-area bottom. Settable with a bool
        (legacy)."""
        return self._get_flag(load().nl_map_view_navigation_footer_enabled)

    @navigation_footer_enabled.setter
    def navigation_footer_enabled(self, value: bool) -> None:
        self._set_flag(load().nl_map_view_set_navigation_footer_enabled, value,
                       "navigation_footer_enabled")

    @property
    def navigation_trip_progress_bar_enabled(self) -> bool:
        """Whether the built-in layout shows the trip progress bar
        (``isNavigationTripProgressBarEnabled``, default True). Settable with a bool (legacy)."""
        return self._get_flag(load().nl_map_view_navigation_trip_progress_bar_enabled)

    @navigation_trip_progress_bar_enabled.setter
    def navigation_trip_progress_bar_enabled(self, value: bool) -> None:
        self._set_flag(load().nl_map_view_set_navigation_trip_progress_bar_enabled, value,
                       "navigation_trip_progress_bar_enabled")

    @property
    def navigation_report_incident_button_enabled(self) -> bool:
        """Whether the built-in layout shows the reporting button
        (``isNavigationReportIncidentButtonEnabled``, default True). Whether the active-guidance
        state has a reporting button at all is :attr:`incident_reporting_enabled`. Settable with
        a bool (legacy)."""
        return self._get_flag(load().nl_map_view_navigation_report_incident_button_enabled)

    @navigation_report_incident_button_enabled.setter
    def navigation_report_incident_button_enabled(self, value: bool) -> None:
        self._set_flag(load().nl_map_view_set_navigation_report_incident_button_enabled, value,
                       "navigation_report_incident_button_enabled")

    @property
    def header_accessory_view(self) -> Optional[View]:
        """A host view the built-in layout places in active guidance directly under the turn card
        and as wide as it (under the safe-area top, safe-area wide, with the header off), with its
        own intrinsic height; the viewport starts under it (``setHeaderAccessoryView``). The
        height is read when the layout is built (each transition and legacy setting change) and
        kept until then or :meth:`invalidate_layout_for_accessory_view`.

        Settable with a host :class:`View` of this map view or ``None`` (the previous one leaves
        the hierarchy). The view stays owned by the map view. Raises TypeError for non-views,
        InvalidArgumentError for the map view itself, an SDK component, a prompt or a view of
        another map view (legacy: ignored and reported with a custom delegate)."""
        out = c_void_p()
        check(load().nl_map_view_header_accessory_view(self._maph_checked(), byref(out)))
        return self._wrap_view(out.value) if out.value else None

    @header_accessory_view.setter
    def header_accessory_view(self, view: Optional[View]) -> None:
        if view is not None and not isinstance(view, View):
            raise TypeError(f"header_accessory_view must be a View or None, not {type(view).__name__}")
        handle = view._handle() if view is not None else None
        check(load().nl_map_view_set_header_accessory_view(self._maph_checked(), handle))

    @property
    def padding(self) -> Insets:
        """Extra camera padding in points, ``Insets(top, left, bottom, right)`` (legacy
        ``padding``, default 0): with the built-in layout :attr:`camera`'s padding is the
        viewport's padding plus these insets (the camera rect shrinks by them and the vehicle
        point is its centre). Frames do not change. Settable with ``Insets`` or a 4-tuple of
        finite real numbers (InvalidArgumentError for NaN/inf; legacy)."""
        out = _ffi.nl_insets()
        check(load().nl_map_view_padding(self._maph_checked(), byref(out)))
        return Insets(out.top, out.left, out.bottom, out.right)

    @padding.setter
    def padding(self, value: Insets) -> None:
        check(load().nl_map_view_set_padding(self._maph_checked(), _insets(value, "padding")))

    def invalidate_layout_for_accessory_view(self, view: View) -> None:
        """Tells the built-in layout that the header accessory view's height changed
        (``invalidateLayout(forAccessoryView:)``, issue 16): the layout is rebuilt at once and
        reads the view's intrinsic height again (legacy: ignored and reported with a custom
        delegate).

        Raises TypeError for a non-View; InvalidArgumentError (built-in layout only) when
        ``view`` is not the :attr:`header_accessory_view`."""
        if not isinstance(view, View):
            raise TypeError(
                f"invalidate_layout_for_accessory_view expects a View, not {type(view).__name__}")
        check(load().nl_map_view_invalidate_layout_for_accessory_view(self._maph_checked(),
                                                                      view._handle()))

    @property
    def padding_adjustment_behavior(self) -> PaddingAdjustmentBehavior:
        """How the safe-area insets combine with :attr:`padding` in the built-in layout's camera
        (``paddingAdjustmentBehavior``, default ``ALWAYS``; issue 16). Per edge, the viewport's
        padding splits into the part inside the safe area ``s`` and the rest ``r`` the built-in
        components take; the camera padding is ``r + s + padding`` (ALWAYS), ``r + max(s,
        padding)`` (AUTOMATIC) or ``r + padding`` (NEVER). Settable with a
        :class:`PaddingAdjustmentBehavior` (TypeError / InvalidArgumentError otherwise; legacy:
        ignored and reported with a custom delegate)."""
        out = c_int32()
        check(load().nl_map_view_padding_adjustment_behavior(self._maph_checked(), byref(out)))
        return PaddingAdjustmentBehavior(out.value)

    @padding_adjustment_behavior.setter
    def padding_adjustment_behavior(self, value: PaddingAdjustmentBehavior) -> None:
        b = _enum(value, "padding_adjustment_behavior", PaddingAdjustmentBehavior)
        check(load().nl_map_view_set_padding_adjustment_behavior(self._maph_checked(), b))

    def legacy_guide(self, kind: LegacyGuide) -> LayoutGuide:
        """The legacy layout guide of ``kind`` (:class:`LegacyGuide`), owned by the map view
        (added to it on first use; the same object every time; :meth:`LayoutGuide.destroy`
        refuses it). Host views may be constrained to it; the built-in layout keeps it in place
        in navigation states. With a custom delegate it is returned unconstrained and the use is
        reported as ``legacyAPIIgnored``.

        Raises TypeError / InvalidArgumentError for a value that is not a LegacyGuide."""
        k = _enum(kind, "kind", LegacyGuide)
        h = load().nl_map_view_legacy_guide(self._maph_checked(), k)
        if not h:
            fail(f"legacy_guide({k.name})")
        return self._wrap_guide(h)

    @property
    def navigation_header_layout_guide(self) -> LayoutGuide:
        """The legacy guide that follows the turn card (a zero-height strip at the safe-area top,
        safe-area wide, when there is none or the header is off). See :meth:`legacy_guide`."""
        return self.legacy_guide(LegacyGuide.NAVIGATION_HEADER)

    @property
    def navigation_footer_layout_guide(self) -> LayoutGuide:
        """The legacy guide that follows the ETA card (a zero-height strip at the safe-area
        bottom when there is none). See :meth:`legacy_guide`."""
        return self.legacy_guide(LegacyGuide.NAVIGATION_FOOTER)

    @property
    def bottom_trailing_buttons_layout_guide(self) -> LayoutGuide:
        """The legacy guide around the bottom-trailing buttons: the button stack's trailing edge
        and width, from the top of the stacked buttons to the stack's bottom. See
        :meth:`legacy_guide`."""
        return self.legacy_guide(LegacyGuide.BOTTOM_TRAILING_BUTTONS)

    @property
    def bottom_trailing_buttons_alternate_layout_guide(self) -> LayoutGuide:
        """The legacy guide for a host's extra buttons: the free part of the button column above
        the buttons (8 pt gap) up to the top of the open area. See :meth:`legacy_guide`."""
        return self.legacy_guide(LegacyGuide.BOTTOM_TRAILING_BUTTONS_ALTERNATE)

    @property
    def compass_button_enabled(self) -> bool:
        """The map's own compass setting (``GMSUISettings.compassButton``, default False; the compass
        rule of docs/behaviour.md#compass-rule): while navigation is disabled and this is on, the compass button (56 × 56)
        sits at the safe area's top-trailing corner; enabling navigation removes it (the delegate
        or built-in layout decides from then on) and disabling navigation brings it back.
        Applies with custom delegates too (not a legacy slot API). Settable with a bool."""
        return self._get_flag(load().nl_map_view_compass_button_enabled)

    @compass_button_enabled.setter
    def compass_button_enabled(self, value: bool) -> None:
        self._set_flag(load().nl_map_view_set_compass_button_enabled, value,
                       "compass_button_enabled")
