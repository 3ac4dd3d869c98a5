"""Navigation events and settings of :class:`~navlayout.MapView` (docs/behaviour.md#events-and-callbacks, docs/behaviour.md#sdk-components): enabling
navigation, starting and stopping guidance, prompts, the speed widget (its display settings and
the fed data availability, issue 16), panning and re-centering (and the re-center button switch),
wide mode, incident reporting and prompt display. Events run delegate callbacks and may not be
called from inside one (ReentrantError)."""

from __future__ import annotations

import warnings
from ctypes import byref, c_bool, c_int32
from typing import Tuple

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

    def enable_navigation(self) -> None:
        """Enables navigation: the seed's ``enableNavigation(with:)`` spelling of
        ``navigation_enabled = True`` (issue 16). NavLayout has no navigation-session object — the
        map view itself receives the session's events — so there is no argument.

        Raises InvalidStateError when navigation already is enabled, ReentrantError from inside a
        callback, and re-raises what ``enable_navigation_ui`` raised (navigation is enabled all the
        same)."""
        self._event(load().nl_map_view_set_navigation_enabled, True)

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
        """What the speed widget shows (docs/behaviour.md#speed-widget-and-re-center-button), derived — never set — from
        :attr:`should_display_speedometer`, :attr:`should_display_speed_limit` and the data fed
        with :meth:`set_speed_data` (issue 16): the speedometer shows when its setting is on and a
        speed is known, the limit when its setting is on and a limit is known. Default
        ``SpeedWidgetMode.BOTH`` (64 × 136 pt). Setting it is deprecated (see
        :meth:`set_speed_widget_mode`)."""
        out = c_int32()
        check(load().nl_map_view_speed_widget_mode(self._maph_checked(), byref(out)))
        return SpeedWidgetMode(out.value)

    @speed_widget_mode.setter
    def speed_widget_mode(self, mode: SpeedWidgetMode) -> None:
        self._speed_widget_mode_shorthand(mode)

    def set_speed_widget_mode(self, mode: SpeedWidgetMode) -> None:
        """Deprecated (issue 16; a DeprecationWarning): the mode is derived now. Kept as a
        shorthand for :meth:`set_speed_data` with the data ``mode`` implies (BOTH: speed and
        limit known, SPEEDOMETER: only the speed, …): with both display settings on (the default)
        :attr:`speed_widget_mode` then reads ``mode``, as before; with a setting off that reading
        stays hidden. An event, without a delegate callback.

        Raises TypeError / InvalidArgumentError for a value that is not a SpeedWidgetMode,
        ReentrantError from inside a callback."""
        self._speed_widget_mode_shorthand(mode)

    def _speed_widget_mode_shorthand(self, mode: SpeedWidgetMode) -> None:
        m = _enum(mode, "mode", SpeedWidgetMode)
        warnings.warn(
            "setting the speed widget mode is deprecated: the mode is derived; feed data with "
            "set_speed_data(speed_available=…, speed_limit_available=…) and choose readings with "
            "should_display_speedometer / should_display_speed_limit",
            DeprecationWarning, stacklevel=3)
        self._event(load().nl_map_view_set_speed_widget_mode, m)

    def set_speed_data(self, *, speed_available: bool, speed_limit_available: bool) -> None:
        """Feeds what the navigation data currently knows (an event, issue 16): whether there is
        a current speed and whether there is a speed limit (both True on a new map view). The
        speed widget's mode and size (none 0 × 0, one reading 64 × 64, both 64 × 136) follow at
        once, without a delegate callback.

        Raises TypeError for non-bools, ReentrantError from inside a callback."""
        self._event(load().nl_map_view_set_speed_data,
                    _flag(speed_available, "speed_available"),
                    _flag(speed_limit_available, "speed_limit_available"))

    @property
    def speed_available(self) -> bool:
        """Whether the fed data has a current speed (default True; :meth:`set_speed_data`)."""
        return self._speed_data()[0]

    @property
    def speed_limit_available(self) -> bool:
        """Whether the fed data has a speed limit (default True; :meth:`set_speed_data`)."""
        return self._speed_data()[1]

    def _speed_data(self) -> Tuple[bool, bool]:
        speed, limit = c_bool(), c_bool()
        check(load().nl_map_view_speed_data(self._maph_checked(), byref(speed), byref(limit)))
        return bool(speed.value), bool(limit.value)

    @property
    def should_display_speedometer(self) -> bool:
        """Whether the speed widget may show the current speed (the SDK's
        ``shouldDisplaySpeedometer``, default True). Settable with a bool; a setting, not an
        event (allowed inside callbacks); the widget resizes at once, without a callback."""
        return self._get_flag(load().nl_map_view_should_display_speedometer)

    @should_display_speedometer.setter
    def should_display_speedometer(self, value: bool) -> None:
        self._set_flag(load().nl_map_view_set_should_display_speedometer, value,
                       "should_display_speedometer")

    @property
    def should_display_speed_limit(self) -> bool:
        """Whether the speed widget may show the speed limit (the SDK's
        ``shouldDisplaySpeedLimit``, default True). As :attr:`should_display_speedometer`."""
        return self._get_flag(load().nl_map_view_should_display_speed_limit)

    @should_display_speed_limit.setter
    def should_display_speed_limit(self, value: bool) -> None:
        self._set_flag(load().nl_map_view_set_should_display_speed_limit, value,
                       "should_display_speed_limit")

    @property
    def recenter_button_enabled(self) -> bool:
        """Whether the logo turns into the re-center button after a :meth:`pan` (the SDK's
        ``isRecenterButtonEnabled``, default True; issue 16). Off while the button shows: it
        turns back into the logo (72 × 32); on while the map is panned: the button shows
        (136 × 48). Settable with a bool; a setting, not an event."""
        return self._get_flag(load().nl_map_view_recenter_button_enabled)

    @recenter_button_enabled.setter
    def recenter_button_enabled(self, value: bool) -> None:
        self._set_flag(load().nl_map_view_set_recenter_button_enabled, value,
                       "recenter_button_enabled")

    def pan(self) -> None:
        """The user pans the map (an event): the logo becomes the re-center button (136 × 48 pt)
        when :attr:`recenter_button_enabled`, without a delegate callback. Raises ReentrantError
        from inside a callback."""
        self._event(load().nl_map_view_pan)

    def recenter(self) -> None:
        """The user re-centers (an event): the re-center button becomes the logo again
        (72 × 32 pt). Raises ReentrantError from inside a callback."""
        self._event(load().nl_map_view_recenter)

    @property
    def showing_recenter_button(self) -> bool:
        """Whether the logo currently shows as the re-center button (after :meth:`pan`, until
        :meth:`recenter`, while :attr:`recenter_button_enabled`). Default False."""
        return self._get_flag(load().nl_map_view_showing_recenter_button)

    @property
    def wide_mode(self) -> bool:
        """Whether the map view is in wide mode now: width − safe-area sides >= 600 pt (docs/behaviour.md#wide-mode)."""
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
