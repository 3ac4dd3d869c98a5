"""The interactive viewer (issue 14): a delegate written in Python through the standard session,
recorded, as one self-contained HTML page — the same page ``navlayout view`` writes for the Swift
examples (the library records and builds it: ``nl_map_view_run_session``, ``nl_viewer_page``).

::

    import navlayout as nl
    result = nl.viewer.write(MyDelegate, "iphone-portrait", "my-layout.html")
    print(result.path, result.failures)   # then open the file in a browser

The page needs no server and no network: the CSS, the JavaScript and the recording are inside it.
It shows the device at real proportions with the safe area, every view drawn as its component in
z-order, the timeline of steps with a scrubber over the animations (60 samples per second), and
for any view its frame, margins and constraints affecting layout, with the diagnostics that name
it.
"""

from __future__ import annotations

from typing import Callable, List, NamedTuple, Optional

from ._ffi import encode, fail, load, take_string
from ._files import check_output_file, write_text
from .delegate import LayoutDelegate
from .errors import CallbackFailedError, InvalidArgumentError
from .map_view import MapView
from .session import STANDARD, SessionStep, run_session
from .values import LayoutDirection, Severity

__all__ = ["ViewerResult", "page", "record", "write"]

#: The device presets of docs/behaviour.md#device-presets.
PRESETS = ("iphone-portrait", "iphone-landscape", "iphone-se", "ipad-portrait", "ipad-split", "carplay")

_CARPLAY_NOTE = "CarPlay refuses layout delegates (docs/behaviour.md#setting-the-layout-delegate): built-in layout"


class ViewerResult(NamedTuple):
    """What :func:`write` wrote: the page's path, its step count, the delegate's failures
    (``"step: message"``; the page shows them too) and the error/warning/info diagnostics summed
    over the steps."""

    path: str
    steps: int
    failures: List[str]
    errors: int
    warnings: int
    infos: int


def page(recording: str, title: str = "NavLayout viewer") -> str:
    """The viewer page (HTML) for a recording of :func:`navlayout.session.run_session` (JSON of
    schema ``navlayout.recording/1``). The recording is embedded with ``<``, ``>``, ``&``, U+2028
    and U+2029 escaped, so no identifier can break the page; text that is not a recording gives a
    page that says so. ``title`` is the page's ``<title>`` (escaped)."""
    text = take_string(load().nl_viewer_page(encode(recording), encode(title)))
    if text is None:
        fail("nl_viewer_page")
    return text


def record(nav_map: MapView, *, preset: Optional[str] = None, title: Optional[str] = None) -> str:
    """Records the standard session on ``nav_map`` with its delegate and returns the recording
    (JSON, ``navlayout.recording/1``); see :func:`navlayout.session.run_session`."""
    recording = run_session(nav_map, script=STANDARD, preset=preset, title=title, record=True)
    assert recording is not None  # run_session returns the recording when asked to record
    return recording


def write(
    make_delegate: Optional[Callable[[], Optional[LayoutDelegate]]],
    preset: str = "iphone-portrait",
    path: str = "viewer.html",
    *,
    rtl: bool = False,
    title: Optional[str] = None,
) -> ViewerResult:
    """Runs ``make_delegate()``'s delegate through the standard session on ``preset`` and writes
    the viewer page to ``path`` — the Python counterpart of ``navlayout view``.

    The standard session: navigation ready, active guidance, each prompt kind shown and dismissed
    (their animations sampled every 1/60 s), a map pan (the logo becomes the re-center button) and
    the re-center, the speed widget's modes (limit only, none, both), the rotation or split view
    where the preset has a twin (iphone-portrait <-> iphone-landscape, ipad-portrait <->
    ipad-split), guidance stopped, navigation disabled. A delegate method that raises does not stop
    it: the page shows the failure in its step, and ``result.failures`` lists it.

    Args:
        make_delegate: a zero-argument callable (e.g. the delegate's class) making a fresh
            :class:`LayoutDelegate`; ``None``, or a callable returning ``None``, keeps the built-in
            layout. A CarPlay preset refuses delegates (docs/behaviour.md#setting-the-layout-delegate) and runs the built-in layout.
        preset: a preset name of docs/behaviour.md#device-presets.
        path: the page's file (written as UTF-8; its directory must exist).
        rtl: run right-to-left (leading and trailing mirrored, docs/behaviour.md#right-to-left-layout).
        title: the run's name on the page (default: ``make_delegate``'s name, or ``builtin``).

    Returns:
        A :class:`ViewerResult`.

    Raises:
        InvalidArgumentError: an unknown ``preset`` (nothing is written).
        CallbackFailedError: ``make_delegate()`` raised (nothing is written; the message names
            ``make_delegate``, the exception is chained).
        OSError: ``path`` cannot be written (the message names ``path``): checked before the
            session runs, ``IsADirectoryError`` when ``path`` is a directory,
            ``FileNotFoundError`` when its directory does not exist, ``NotADirectoryError`` when
            a file stands there (nothing is written); after it, the error of opening the file
            (e.g. ``PermissionError``).
    """
    if preset not in PRESETS:
        raise InvalidArgumentError(f"preset: unknown preset {preset!r}; presets: {', '.join(PRESETS)}")
    check_output_file(path, "path")
    if title is None:
        title = "builtin" if make_delegate is None else (
            getattr(make_delegate, "__name__", None) or type(make_delegate).__name__)
    if rtl:
        title += " (right-to-left)"
    delegate: Optional[LayoutDelegate] = None
    if make_delegate is not None:
        try:
            delegate = make_delegate()
        except Exception as exc:  # noqa: BLE001 - reported with the argument's name
            raise CallbackFailedError(f"make_delegate raised {type(exc).__name__}: {exc}") from exc
    counts = {Severity.ERROR: 0, Severity.WARNING: 0, Severity.INFO: 0}
    failures: List[str] = []
    steps = 0
    with MapView.preset(preset) as probe:
        size, safe, car_play = probe.size, probe.safe_area, probe.car_play
    with MapView(size.width, size.height, safe, car_play=car_play,
                 layout_direction=LayoutDirection.RIGHT_TO_LEFT if rtl else LayoutDirection.LEFT_TO_RIGHT) as nav_map:
        if delegate is not None:
            if car_play:
                title += f" — {_CARPLAY_NOTE}"
            else:
                nav_map.set_layout_delegate(delegate)

        def observe(step: SessionStep) -> None:
            nonlocal steps
            steps += 1
            failures.extend(f"{step.name}: {f}" for f in step.failures)
            for d in nav_map.diagnostics:
                if isinstance(d.severity, Severity):
                    counts[d.severity] += 1

        recording = run_session(nav_map, script=STANDARD, preset=preset, title=title, observe=observe, record=True)
    assert recording is not None
    html = page(recording, f"NavLayout viewer — {title} · {preset}")
    write_text(path, html, "path")
    return ViewerResult(path, steps, failures, counts[Severity.ERROR], counts[Severity.WARNING], counts[Severity.INFO])
