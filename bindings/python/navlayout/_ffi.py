"""Low-level ctypes declarations of ``include/navlayout.h`` and the library loader.

Private module: use the classes of :mod:`navlayout` instead. Every handle is passed and returned
as ``c_void_p`` (a Python ``int`` or ``None``); handles are opaque table entries, never pointers.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import glob
import os
import threading
from ctypes import (
    CFUNCTYPE,
    POINTER,
    Structure,
    c_bool,
    c_char_p,
    c_double,
    c_float,
    c_int32,
    c_size_t,
    c_uint32,
    c_uint64,
    c_void_p,
)
from typing import Any, List, NoReturn, Optional

from .errors import LibraryNotFoundError, error_for_status

# --------------------------------------------------------------------------------------------
# Structs (field order and types exactly as in navlayout.h)
# --------------------------------------------------------------------------------------------

c_enum = c_int32  # C enums are int-sized on every ABI the library supports


class nl_rect(Structure):
    _fields_ = [("x", c_double), ("y", c_double), ("width", c_double), ("height", c_double)]


class nl_insets(Structure):
    _fields_ = [("top", c_double), ("left", c_double), ("bottom", c_double), ("right", c_double)]


class nl_point(Structure):
    _fields_ = [("x", c_double), ("y", c_double)]


class nl_size(Structure):
    _fields_ = [("width", c_double), ("height", c_double)]


class nl_anchor(Structure):
    _fields_ = [("item", c_void_p), ("attribute", c_enum)]


class nl_camera(Structure):
    _fields_ = [("viewport", nl_rect), ("padding", nl_insets), ("vehicle_point", nl_point)]


class nl_style_values(Structure):
    _fields_ = [
        ("button_horizontal_padding", c_double),
        ("button_vertical_padding", c_double),
        ("default_corner_radius", c_double),
        ("element_horizontal_padding", c_double),
        ("header_footer_horizontal_padding", c_double),
        ("header_nominal_height", c_double),
        ("header_top_padding", c_double),
    ]


class nl_map_options(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("width", c_double),
        ("height", c_double),
        ("safe_area", nl_insets),
        ("car_play", c_bool),
        ("layout_direction", c_enum),
        ("shuffle_buttons", c_bool),
    ]


class nl_diagnostic(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("code", c_int32),
        ("severity", c_int32),
        ("message", c_char_p),
        ("items", c_void_p * 4),
        ("item_count", c_size_t),
        ("axis", c_int32),  # NL_DIAG_AXIS_BOTH_OR_NONE (-1) or an nl_axis
        ("log_line", c_char_p),  # the one-line form the default handler writes (issue 14)
    ]


class nl_constraint_info(Structure):
    """One constraint affecting an item's layout (``nl_*_constraints_affecting_layout``)."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("owner", c_int32),  # nl_constraint_owner
        ("constraint", c_void_p),
        ("identifier", c_char_p),
        ("first", nl_anchor),
        ("second", nl_anchor),
        ("relation", c_enum),
        ("multiplier", c_double),
        ("constant", c_double),
        ("priority", c_float),
        ("holds_exactly", c_bool),
    ]


# Callback types. ctypes callbacks cannot return structs; these return void or an int.
RELEASE_CB = CFUNCTYPE(None, c_void_p)
STATE_CB = CFUNCTYPE(None, c_void_p, c_void_p, c_void_p)  # (user_data, map, state)
TWO_STATES_CB = CFUNCTYPE(None, c_void_p, c_void_p, c_void_p, c_void_p)  # (ud, map, new, old)
PROMPT_CB = CFUNCTYPE(None, c_void_p, c_void_p, c_void_p)  # (ud, map, prompt)
TWO_PROMPTS_CB = CFUNCTYPE(None, c_void_p, c_void_p, c_void_p, c_void_p)  # (ud, map, new, old)
CHANGES_CB = CFUNCTYPE(None, c_void_p)  # (user_data)
COMPLETION_CB = CFUNCTYPE(None, c_void_p, c_bool)  # (user_data, finished)
DIAGNOSTIC_CB = CFUNCTYPE(None, c_void_p, c_void_p, POINTER(nl_diagnostic))  # (ud, map, diagnostic)
MINIMUM_SEVERITY_CB = CFUNCTYPE(c_int32, c_void_p, c_void_p)  # (ud, map) -> NL_SEVERITY_* or NONE (3)


# (user_data, map, step index, step name, failures one per line) -> 0 to go on (workbench, issue 14)
SESSION_OBSERVER_CB = CFUNCTYPE(c_int32, c_void_p, c_void_p, c_size_t, c_char_p, c_char_p)


class nl_session_options(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("script", c_enum),
        ("preset", c_char_p),
        ("title", c_char_p),
    ]


# The size sweep (issue 15): (user_data, map) -> 0 when the delegate is set; (user_data, width,
# height, char **out_sample) -> 0 sample, 1 delegate failure at that size, else stop.
SWEEP_FACTORY_CB = CFUNCTYPE(c_int32, c_void_p, c_void_p)
SWEEP_SAMPLER_CB = CFUNCTYPE(c_int32, c_void_p, c_double, c_double, POINTER(c_void_p))


class nl_sweep_options(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("axis", c_enum),
        ("start", c_double),
        ("stop", c_double),
        ("fixed", c_double),
        ("safe_area", nl_insets),
        ("layout_direction", c_enum),
        ("sample_step", c_double),
        ("threads", c_uint32),
        ("title", c_char_p),
    ]


class nl_layout_delegate(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("user_data", c_void_p),
        ("release", RELEASE_CB),
        ("enable_navigation_ui", STATE_CB),
        ("disable_navigation_ui", STATE_CB),
        ("start_guidance", TWO_STATES_CB),
        ("stop_guidance", TWO_STATES_CB),
        ("size_changed", STATE_CB),
        ("show_prompt", PROMPT_CB),
        ("hide_prompt", PROMPT_CB),
        ("change_prompt", TWO_PROMPTS_CB),
    ]


# --------------------------------------------------------------------------------------------
# Prototypes: name -> (restype, argtypes). `st` = nl_status (int32).
# --------------------------------------------------------------------------------------------

st = c_int32
H = c_void_p  # any handle
P = POINTER

_PROTOTYPES = {
    # version, errors, strings
    "nl_version": (c_char_p, []),
    "nl_status_name": (c_char_p, [st]),
    "nl_last_error_message": (c_char_p, []),
    "nl_last_error_status": (st, []),
    "nl_string_free": (None, [c_void_p]),
    # map view
    "nl_map_view_create": (H, [P(nl_map_options)]),
    "nl_map_view_create_preset": (H, [c_char_p]),
    "nl_map_view_destroy": (st, [H]),
    "nl_map_view_root": (H, [H]),
    "nl_map_view_set_size": (st, [H, c_double, c_double, nl_insets]),
    "nl_map_view_size": (st, [H, P(nl_size)]),
    "nl_map_view_safe_area": (st, [H, P(nl_insets)]),
    "nl_map_view_layout_if_needed": (st, [H]),
    # views and guides
    "nl_view_create": (H, [H]),
    "nl_view_destroy": (st, [H]),
    "nl_guide_create": (H, [H]),
    "nl_guide_destroy": (st, [H]),
    "nl_view_add_subview": (st, [H, H]),
    "nl_view_remove_from_superview": (st, [H]),
    "nl_view_add_layout_guide": (st, [H, H]),
    "nl_view_remove_layout_guide": (st, [H, H]),
    "nl_view_superview": (H, [H]),
    "nl_view_subview_count": (st, [H, P(c_size_t)]),
    "nl_view_subview": (H, [H, c_size_t]),
    "nl_view_safe_area_guide": (H, [H]),
    "nl_view_margins_guide": (H, [H]),
    "nl_view_set_identifier": (st, [H, c_char_p]),
    "nl_view_identifier": (c_void_p, [H]),  # char *, freed with nl_string_free
    "nl_guide_set_identifier": (st, [H, c_char_p]),
    "nl_guide_identifier": (c_void_p, [H]),
    "nl_view_set_hidden": (st, [H, c_bool]),
    "nl_view_is_hidden": (st, [H, P(c_bool)]),
    "nl_view_set_intrinsic_size": (st, [H, c_double, c_double]),
    "nl_view_set_hugging_priority": (st, [H, c_enum, c_float]),
    "nl_view_set_compression_priority": (st, [H, c_enum, c_float]),
    "nl_view_set_layout_margins": (st, [H, nl_insets]),
    "nl_view_anchor": (nl_anchor, [H, c_enum]),
    "nl_guide_anchor": (nl_anchor, [H, c_enum]),
    # constraints
    "nl_constraint_create": (H, [H, nl_anchor, c_enum, nl_anchor, c_double, c_double]),
    "nl_constraint_create_constant": (H, [H, nl_anchor, c_enum, c_double]),
    "nl_constraint_destroy": (st, [H]),
    "nl_constraint_set_priority": (st, [H, c_float]),
    "nl_constraint_priority": (st, [H, P(c_float)]),
    "nl_constraint_set_constant": (st, [H, c_double]),
    "nl_constraint_constant": (st, [H, P(c_double)]),
    "nl_constraint_set_identifier": (st, [H, c_char_p]),
    "nl_constraint_is_active": (st, [H, P(c_bool)]),
    "nl_constraint_activate": (st, [H]),
    "nl_constraints_activate": (st, [P(c_void_p), c_size_t]),
    "nl_constraint_deactivate": (st, [H]),
    "nl_constraints_deactivate": (st, [P(c_void_p), c_size_t]),
    "nl_view_frame": (st, [H, P(nl_rect)]),
    "nl_view_target_frame": (st, [H, P(nl_rect)]),
    "nl_guide_frame": (st, [H, P(nl_rect)]),
    # navigation
    "nl_map_view_set_layout_delegate": (st, [H, P(nl_layout_delegate)]),
    "nl_map_view_fail_callback": (st, [H, c_char_p]),
    "nl_map_view_set_navigation_enabled": (st, [H, c_bool]),
    "nl_map_view_navigation_state": (st, [H, P(c_enum)]),
    "nl_map_view_start_guidance": (st, [H]),
    "nl_map_view_stop_guidance": (st, [H]),
    "nl_map_view_trigger_prompt": (st, [H, c_enum]),
    "nl_map_view_dismiss_prompt": (st, [H]),
    "nl_map_view_set_speed_widget_mode": (st, [H, c_enum]),
    "nl_map_view_pan": (st, [H]),
    "nl_map_view_recenter": (st, [H]),
    "nl_map_view_set_incident_reporting_enabled": (st, [H, c_bool]),
    "nl_map_view_set_should_display_prompts": (st, [H, c_bool]),
    "nl_ui_state_kind_of": (st, [H, P(c_enum)]),
    "nl_ui_state_google_logo": (H, [H]),
    "nl_ui_state_viewport": (H, [H]),
    "nl_ui_state_turn_card": (H, [H]),
    "nl_ui_state_eta_card": (H, [H]),
    "nl_ui_state_trip_progress_bar": (H, [H]),
    "nl_ui_state_speed_widget": (H, [H]),
    "nl_ui_state_wide_mode": (st, [H, P(c_bool)]),
    "nl_ui_state_map_size": (st, [H, P(nl_size)]),
    "nl_ui_state_button_count": (st, [H, P(c_size_t)]),
    "nl_ui_state_button": (H, [H, c_size_t, P(c_int32)]),
    "nl_hiding_stack_create": (H, [H, c_enum, c_enum]),
    "nl_hiding_stack_set_arranged_subviews": (st, [H, P(c_void_p), c_size_t]),
    "nl_hiding_stack_set_spacing": (st, [H, c_double]),
    "nl_prompt_kind_of": (st, [H, P(c_enum)]),
    "nl_prompt_set_rounded_corners": (st, [H, c_uint32]),
    "nl_prompt_rounded_corners": (st, [H, P(c_uint32)]),
    "nl_navigation_style_values": (nl_style_values, []),
    "nl_map_view_animate": (st, [H, c_double, c_enum, CHANGES_CB, COMPLETION_CB, c_void_p]),
    "nl_map_view_advance_time": (st, [H, c_double]),
    "nl_map_view_camera": (st, [H, P(nl_camera)]),
    "nl_map_view_diagnostic_count": (st, [H, P(c_size_t)]),
    "nl_map_view_diagnostic": (st, [H, c_size_t, P(nl_diagnostic)]),
    "nl_set_diagnostic_handler": (None, [DIAGNOSTIC_CB, c_void_p]),
    "nl_set_diagnostic_handler_with_minimum": (None, [DIAGNOSTIC_CB, MINIMUM_SEVERITY_CB, c_void_p]),
    "nl_view_constraints_affecting_layout": (st, [H, c_enum, P(nl_constraint_info), c_size_t, P(c_size_t)]),
    "nl_guide_constraints_affecting_layout": (st, [H, c_enum, P(nl_constraint_info), c_size_t, P(c_size_t)]),
    # built-in layout: legacy slot settings and guides, compass rule (docs/behaviour.md#compass-rule, docs/behaviour.md#built-in-layout-and-legacy-apis)
    "nl_map_view_set_navigation_header_enabled": (st, [H, c_bool]),
    "nl_map_view_navigation_header_enabled": (st, [H, P(c_bool)]),
    "nl_map_view_set_navigation_footer_enabled": (st, [H, c_bool]),
    "nl_map_view_navigation_footer_enabled": (st, [H, P(c_bool)]),
    "nl_map_view_set_navigation_trip_progress_bar_enabled": (st, [H, c_bool]),
    "nl_map_view_navigation_trip_progress_bar_enabled": (st, [H, P(c_bool)]),
    "nl_map_view_set_navigation_report_incident_button_enabled": (st, [H, c_bool]),
    "nl_map_view_navigation_report_incident_button_enabled": (st, [H, P(c_bool)]),
    "nl_map_view_set_header_accessory_view": (st, [H, H]),
    "nl_map_view_header_accessory_view": (st, [H, P(c_void_p)]),
    "nl_map_view_set_padding": (st, [H, nl_insets]),
    "nl_map_view_padding": (st, [H, P(nl_insets)]),
    "nl_map_view_legacy_guide": (H, [H, c_enum]),
    "nl_map_view_set_compass_button_enabled": (st, [H, c_bool]),
    "nl_map_view_compass_button_enabled": (st, [H, P(c_bool)]),
    # getters
    "nl_map_view_speed_widget_mode": (st, [H, P(c_enum)]),
    "nl_map_view_showing_recenter_button": (st, [H, P(c_bool)]),
    "nl_map_view_incident_reporting_enabled": (st, [H, P(c_bool)]),
    "nl_map_view_should_display_prompts": (st, [H, P(c_bool)]),
    "nl_map_view_wide_mode": (st, [H, P(c_bool)]),
    "nl_view_intrinsic_size": (st, [H, P(nl_size)]),
    "nl_view_hugging_priority": (st, [H, c_enum, P(c_float)]),
    "nl_view_compression_priority": (st, [H, c_enum, P(c_float)]),
    "nl_view_layout_margins": (st, [H, P(nl_insets)]),
    "nl_view_kind_of": (st, [H, P(c_enum)]),
    "nl_view_role": (c_void_p, [H]),  # char *, freed with nl_string_free
    "nl_constraint_identifier": (c_void_p, [H]),  # char *, freed with nl_string_free
    "nl_hiding_stack_spacing": (st, [H, P(c_double)]),
    "nl_hiding_stack_arranged_subview_count": (st, [H, P(c_size_t)]),
    "nl_hiding_stack_arranged_subview": (H, [H, c_size_t]),
    "nl_view_set_opaque": (st, [H, c_bool]),
    "nl_view_is_opaque": (st, [H, P(c_bool)]),
    # the safe area of a view and margins measured from it (issue 16)
    "nl_view_set_insets_layout_margins_from_safe_area": (st, [H, c_bool]),
    "nl_view_insets_layout_margins_from_safe_area": (st, [H, P(c_bool)]),
    "nl_view_safe_area_insets": (st, [H, P(nl_insets)]),
    # accessibility (issue 16 item 8)
    "nl_view_set_accessibility_label": (st, [H, c_char_p]),
    "nl_view_accessibility_label": (c_void_p, [H]),  # char *, freed with nl_string_free
    "nl_view_set_accessibility_element": (st, [H, c_bool]),
    "nl_view_is_accessibility_element": (st, [H, P(c_bool)]),
    "nl_view_set_accessibility_traits": (st, [H, c_uint64]),
    "nl_view_accessibility_traits": (st, [H, P(c_uint64)]),
    "nl_map_view_set_accessibility_elements": (st, [H, P(c_void_p), c_size_t]),
    "nl_map_view_accessibility_element_count": (st, [H, P(c_size_t)]),
    "nl_map_view_accessibility_element": (H, [H, c_size_t]),
    "nl_map_view_has_custom_accessibility_elements": (st, [H, P(c_bool)]),
    "nl_map_view_car_play": (st, [H, P(c_bool)]),
    "nl_map_view_layout_direction": (st, [H, P(c_enum)]),
    "nl_hiding_stack_position": (st, [H, P(c_enum)]),
    "nl_hiding_stack_alignment": (st, [H, P(c_enum)]),
    "nl_constraint_first_anchor": (st, [H, P(nl_anchor)]),
    "nl_constraint_second_anchor": (st, [H, P(nl_anchor)]),
    "nl_constraint_relation": (st, [H, P(c_enum)]),
    "nl_constraint_multiplier": (st, [H, P(c_double)]),
    "nl_map_view_snapshot_json": (c_void_p, [H]),
    "nl_map_view_snapshot_svg": (c_void_p, [H]),
    "nl_map_view_snapshot_svg_titled": (c_void_p, [H, c_char_p]),
    # workbench (issue 14): sessions, recordings, the viewer page
    "nl_map_view_run_session": (st, [H, P(nl_session_options), SESSION_OBSERVER_CB, c_void_p, P(c_void_p)]),
    "nl_viewer_page": (c_void_p, [c_char_p, c_char_p]),  # char *, freed with nl_string_free
    # the size sweep (issue 15)
    "nl_sweep": (st, [P(nl_sweep_options), SWEEP_FACTORY_CB, c_void_p, P(c_void_p)]),
    "nl_sweep_with_sampler": (st, [P(nl_sweep_options), SWEEP_SAMPLER_CB, c_void_p, P(c_void_p)]),
    "nl_map_view_sweep_sample": (st, [H, P(c_void_p)]),
    "nl_sweep_text": (c_void_p, [c_char_p]),  # char *, freed with nl_string_free
    "nl_sweep_page": (c_void_p, [c_char_p, c_char_p]),
    "nl_string_duplicate": (c_void_p, [c_char_p]),
    "nl_map_view_sweep_viewer_page": (st, [H, c_char_p, c_size_t, P(c_void_p)]),
    # snapshot tests (issue 15)
    "nl_snapshot_compare": (st, [c_char_p, c_char_p, c_double, P(c_bool), P(c_void_p)]),
    "nl_snapshot_diff_page": (c_void_p, [c_char_p, c_char_p, c_char_p, c_char_p, c_double, c_char_p]),
    # issue 16: layers on screen, speed widget settings and data, re-center switch, legacy APIs
    "nl_view_insert_subview_at": (st, [H, H, c_size_t]),
    "nl_view_insert_subview_above": (st, [H, H, H]),
    "nl_view_insert_subview_below": (st, [H, H, H]),
    "nl_view_bring_subview_to_front": (st, [H, H]),
    "nl_view_send_subview_to_back": (st, [H, H]),
    "nl_view_exchange_subviews": (st, [H, c_size_t, c_size_t]),
    "nl_map_view_set_speed_data": (st, [H, c_bool, c_bool]),
    "nl_map_view_speed_data": (st, [H, P(c_bool), P(c_bool)]),
    "nl_map_view_set_should_display_speedometer": (st, [H, c_bool]),
    "nl_map_view_should_display_speedometer": (st, [H, P(c_bool)]),
    "nl_map_view_set_should_display_speed_limit": (st, [H, c_bool]),
    "nl_map_view_should_display_speed_limit": (st, [H, P(c_bool)]),
    "nl_map_view_set_recenter_button_enabled": (st, [H, c_bool]),
    "nl_map_view_recenter_button_enabled": (st, [H, P(c_bool)]),
    "nl_map_view_set_padding_adjustment_behavior": (st, [H, c_enum]),
    "nl_map_view_padding_adjustment_behavior": (st, [H, P(c_enum)]),
    "nl_map_view_invalidate_layout_for_accessory_view": (st, [H, H]),
}

#: Functions the bindings cannot work without; the rest are optional (feature-tested).
_OPTIONAL = {"nl_map_view_snapshot_json", "nl_map_view_snapshot_svg", "nl_version", "nl_last_error_status"}

# --------------------------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------------------------

_lock = threading.Lock()
_lib: Optional[ctypes.CDLL] = None
_lib_path: Optional[str] = None
_missing: List[str] = []


def _candidates() -> List[str]:
    """Library paths to try, in order: $NAVLAYOUT_LIBRARY, the bundled copy, the system."""
    env = os.environ.get("NAVLAYOUT_LIBRARY")
    if env:
        # An explicit choice is final: do not silently fall back to another copy.
        return [env]
    found: List[str] = []
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_lib")
    found.extend(sorted(glob.glob(os.path.join(here, "libnavlayout.so*")), key=len))
    system = ctypes.util.find_library("navlayout")
    if system:
        found.append(system)
    found.append("libnavlayout.so.0")
    return found


def load() -> ctypes.CDLL:
    """Load the shared library once (thread-safe) and declare every prototype.

    Raises:
        LibraryNotFoundError: (an ``ImportError``) when no candidate loads, or the library lacks
            a required ``nl_*`` symbol.
    """
    global _lib, _lib_path
    if _lib is not None:
        return _lib
    with _lock:
        if _lib is not None:
            return _lib
        errors = []
        lib = None
        for path in _candidates():
            try:
                lib = ctypes.CDLL(path)
                _lib_path = path
                break
            except OSError as exc:
                errors.append(f"  {path}: {exc}")
        if lib is None:
            raise LibraryNotFoundError(
                "navlayout: cannot load the NavLayout shared library (libnavlayout.so).\n"
                "Tried:\n" + "\n".join(errors) + "\n"
                "Set NAVLAYOUT_LIBRARY to the library's path (e.g. build/libnavlayout.so from the "
                "CMake build, or .build/debug/libnavlayout-c.so from `swift build --product "
                "navlayout-c`), bundle a copy in navlayout/_lib/, or install it system-wide."
            )
        missing = []
        for name, (restype, argtypes) in _PROTOTYPES.items():
            try:
                fn = getattr(lib, name)
            except AttributeError:
                missing.append(name)
                continue
            fn.restype = restype
            fn.argtypes = argtypes
        required_missing = [m for m in missing if m not in _OPTIONAL]
        if required_missing:
            raise LibraryNotFoundError(
                f"navlayout: {_lib_path} is not a compatible NavLayout library; missing symbols: "
                + ", ".join(required_missing)
            )
        _missing[:] = missing
        _lib = lib
        return lib


def library_path() -> str:
    """The path (or soname) of the loaded library, loading it if needed."""
    load()
    assert _lib_path is not None
    return _lib_path


def has_symbol(name: str) -> bool:
    """Whether the loaded library exports ``name`` (for optional features)."""
    load()
    return name not in _missing


# --------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------


def last_error_message() -> str:
    """``nl_last_error_message()`` decoded (thread-local in the library)."""
    raw = load().nl_last_error_message()
    return raw.decode("utf-8", "replace") if raw else ""


def check(status: int) -> None:
    """Raise the :class:`~navlayout.NavLayoutError` subclass for a non-zero status."""
    if status != 0:
        raise error_for_status(status, last_error_message())


def fail(what: str) -> NoReturn:
    """Raise for a constructor/getter that returned NULL (the last error tells why)."""
    msg = last_error_message() or f"{what} failed"
    # nl_last_error_status() tells the status of the failure that returned NULL.
    if has_symbol("nl_last_error_status"):
        status = int(load().nl_last_error_status())
        if status != 0:
            raise error_for_status(status, msg)
    # Libraries without nl_last_error_status: infer it from the message, else report an
    # invalid argument.
    from .errors import InvalidArgumentError, InvalidHandleError

    if "handle" in msg.lower():
        raise InvalidHandleError(msg)
    raise InvalidArgumentError(msg)


def take_string(ptr: Optional[int]) -> Optional[str]:
    """Copy a library-owned ``char *`` into a Python str and free it with ``nl_string_free``."""
    if not ptr:
        return None
    lib = load()
    try:
        return ctypes.string_at(ptr).decode("utf-8", "replace")
    finally:
        lib.nl_string_free(ptr)


class _OwnsHandle:
    """Base of the objects that own a library handle (map views and everything made from them,
    solvers): ``copy.copy``, ``copy.deepcopy`` and ``pickle`` raise ``TypeError`` (issue 17: a
    copy shared the C handle, and when the copy was collected its finaliser destroyed the
    original's map view). Share the object itself instead."""

    __slots__ = ()

    def _refuse_copy(self) -> TypeError:
        return TypeError(
            f"{type(self).__name__} objects own a NavLayout handle and cannot be copied or pickled "
            "(a copy would share the handle: closing or collecting one would destroy the other's); "
            "share the object itself"
        )

    def __copy__(self) -> "_OwnsHandle":
        raise self._refuse_copy()

    def __deepcopy__(self, memo: Any) -> "_OwnsHandle":
        raise self._refuse_copy()

    def __reduce_ex__(self, protocol: Any) -> Any:
        raise self._refuse_copy()


def encode(text: Optional[str]) -> Optional[bytes]:
    """Encode a ``str`` argument as UTF-8 (``None`` stays NULL). Rejects NUL characters."""
    if text is None:
        return None
    if not isinstance(text, str):
        raise TypeError(f"expected str, got {type(text).__name__}")
    if "\x00" in text:
        from .errors import InvalidArgumentError

        raise InvalidArgumentError("strings may not contain NUL characters")
    return text.encode("utf-8")


def handle_array(handles: List[int]) -> Any:
    """A ``nl_X *const *`` array of the given handle values."""
    arr = (c_void_p * max(len(handles), 1))()
    for i, h in enumerate(handles):
        arr[i] = h
    return arr
