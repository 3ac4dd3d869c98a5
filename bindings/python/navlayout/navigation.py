"""Navigation events and settings of :class:`~navlayout.MapView` (SPEC §3, §4): enabling
navigation, starting and stopping guidance, prompts, the speed widget, panning and re-centering,
wide mode, incident reporting and prompt display. Events run delegate callbacks and may not be
called from inside one (ReentrantError)."""

from __future__ import annotations

from ctypes import byref, c_int32

from ._ffi import check, load
from ._args import _enum, _flag
from ._map_view_base import _MapViewBase
from .values import PromptKind, SpeedWidgetMode, UIStateKind


class _NavigationEvents(_MapViewBase):
    """The navigation state machine's events and settings; part of :class:`~navlayout.MapView`."""

    @property
    def navigation_state(self) -> UIStateKind:
        """The current navigation state."""
        out = c_int32()
        check(load().nl_map_view_navigation_state(self._maph_checked(), byref(out)))
        return UIStateKind(out.value)

    @property
    def navigation_enabled(self) -> bool:
        """Whether navigation is enabled. Setting it (a bool) is an event: enabling calls
        ``enable_navigation_ui`` (with no custom delegate the built-in layout shows the SDK's
        components); disabling calls ``hide_prompt``/``stop_guidance`` as needed, then
        ``disable_navigation_ui``.

        Raises:
            InvalidStateError: setting the current value (enabling when already enabled, or
                disabling when disabled); nothing changes. Same in Swift and C.
            TypeError: not a bool (``1`` included).
            ReentrantError: from inside a callback.
        """
        return self.navigation_state != UIStateKind.NO_NAVIGATION

    @navigation_enabled.setter
    def navigation_enabled(self, enabled: bool) -> None:
        self._event(load().nl_map_view_set_navigation_enabled, _flag(enabled, "enabled"))

    def start_guidance(self) -> None:
        """navigationReady → activeGuidance (calls ``start_guidance``).
        Raises InvalidStateError in any other state."""
        self._event(load().nl_map_view_start_guidance)

    def stop_guidance(self) -> None:
        """activeGuidance → navigationReady (``hide_prompt`` if a prompt is shown, then
        ``stop_guidance``). Raises InvalidStateError in any other state."""
        self._event(load().nl_map_view_stop_guidance)

    def trigger_prompt(self, kind: PromptKind) -> None:
        """Shows a prompt of ``kind`` (``show_prompt``, or ``change_prompt`` if one is shown).
        Suppressed when :attr:`should_display_prompts` is false, except speed cameras.
        Raises InvalidStateError outside active guidance."""
        self._event(load().nl_map_view_trigger_prompt, _enum(kind, "kind", PromptKind))

    def dismiss_prompt(self) -> None:
        """Dismisses the shown prompt (``hide_prompt``). InvalidStateError when none is shown."""
        self._event(load().nl_map_view_dismiss_prompt)

    @property
    def speed_widget_mode(self) -> SpeedWidgetMode:
        """What the speed widget shows (default ``SpeedWidgetMode.BOTH``, 64 × 136 pt; SPEC §4).
        Settable (same as :meth:`set_speed_widget_mode`)."""
        out = c_int32()
        check(load().nl_map_view_speed_widget_mode(self._maph_checked(), byref(out)))
        return SpeedWidgetMode(out.value)

    @speed_widget_mode.setter
    def speed_widget_mode(self, mode: SpeedWidgetMode) -> None:
        self.set_speed_widget_mode(mode)

    def set_speed_widget_mode(self, mode: SpeedWidgetMode) -> None:
        """Changes the speed widget's content (an event): its size becomes 0 × 0 (NONE),
        64 × 64 (SPEEDOMETER, SPEED_LIMIT) or 64 × 136 (BOTH) at once, without a delegate
        callback; constraints around it adapt on the next layout pass.

        Raises TypeError / InvalidArgumentError for a value that is not a SpeedWidgetMode,
        ReentrantError from inside a callback."""
        m = _enum(mode, "mode", SpeedWidgetMode)
        self._event(load().nl_map_view_set_speed_widget_mode, m)

    def pan(self) -> None:
        """The user pans the map (an event): the logo becomes the re-center button (136 × 48 pt)
        without a delegate callback. Raises ReentrantError from inside a callback."""
        self._event(load().nl_map_view_pan)

    def recenter(self) -> None:
        """The user re-centers (an event): the re-center button becomes the logo again
        (72 × 32 pt). Raises ReentrantError from inside a callback."""
        self._event(load().nl_map_view_recenter)

    @property
    def showing_recenter_button(self) -> bool:
        """Whether the logo currently shows as the re-center button (after :meth:`pan`, until
        :meth:`recenter`). Default False."""
        return self._get_flag(load().nl_map_view_showing_recenter_button)

    @property
    def wide_mode(self) -> bool:
        """Whether the map view is in wide mode now: width − safe-area sides >= 600 pt (SPEC §4)."""
        return self._get_flag(load().nl_map_view_wide_mode)

    @property
    def incident_reporting_enabled(self) -> bool:
        """Whether the next active-guidance state has a reporting button (default True).
        Settable with a bool; takes effect at the next transition into active guidance."""
        return self._get_flag(load().nl_map_view_incident_reporting_enabled)

    @incident_reporting_enabled.setter
    def incident_reporting_enabled(self, value: bool) -> None:
        v = _flag(value, "incident_reporting_enabled")
        self._event(load().nl_map_view_set_incident_reporting_enabled, v)

    @property
    def should_display_prompts(self) -> bool:
        """Whether incident, traffic and better-route prompts are shown (default True). When
        False, :meth:`trigger_prompt` of those kinds does nothing (no callback); speed-camera
        warnings are always shown. Settable with a bool."""
        return self._get_flag(load().nl_map_view_should_display_prompts)

    @should_display_prompts.setter
    def should_display_prompts(self, value: bool) -> None:
        v = _flag(value, "should_display_prompts")
        self._event(load().nl_map_view_set_should_display_prompts, v)
