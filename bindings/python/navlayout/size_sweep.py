"""The size sweep (issue 15): where does a layout break?

:func:`sweep` runs the workbench's standard session (ready, guidance, each prompt kind shown and
dismissed, pan and re-center, the speed widget's modes, stop, disable) on map views of every size
of a range along one axis and returns the *bands*: maximal ranges over which wide mode (docs/behaviour.md#wide-mode),
the set of (step, diagnostic code, items) and the set of (step, failure) stay the same. The
library does the work (``nl_sweep``, ``nl_sweep_with_sampler``): sizes are sampled every
``sample_step`` points, then bisected where the result changes, so every boundary is exact to
0.01 pt::

    import navlayout as nl
    from navlayout.demo import SampleLayoutDelegate

    result = nl.sweep(SampleLayoutDelegate, axis="width", start=320, stop=1400, height=1180,
                      safe_area=nl.Insets(24, 0, 20, 0))
    for band in result.bands:
        print(band.start, band.stop, band.wide_mode, len(band.diagnostics))
    result.write_html("sweep", SampleLayoutDelegate)   # sweep/index.html: the band chart

**Processes, not threads.** A Python delegate runs under the GIL, so threads would run one size at
a time. With a Python delegate the sizes are run in ``processes`` worker processes (default: one
per processor), started with the ``spawn`` method: ``make_delegate`` is sent to them by pickling,
so it must be importable by name — a class or function defined at module level (not a lambda, a
nested class or a class defined in ``__main__`` of an interactive session). When it is not, or
with ``processes=1``, the sweep runs in this process, one size at a time (a ``RuntimeWarning``
says so in the first case). The library still chooses the sizes and makes the bands: the worker
processes only run sessions (``nl_map_view_sweep_sample``). With no delegate (``None``, the
built-in layout) the library runs the sizes on its own threads.
"""

from __future__ import annotations

import ctypes
import os
import pickle
import sys
import warnings
from typing import Any, Callable, List, NamedTuple, Optional, Tuple, Union

from . import _ffi
from ._args import _enum, _insets, _number, format_points
from ._ffi import check, encode, load, take_string
from ._files import make_directories, write_text
from .delegate import LayoutDelegate, _free_parked_records
from .errors import CallbackFailedError, InvalidArgumentError
from ._sweep_worker import WorkerPool
from .map_view import MapView
from .values import DiagnosticCode, Insets, LayoutDirection, Severity

__all__ = ["SweepBand", "SweepDiagnostic", "SweepFailure", "SweepResult", "sweep"]

_AXES = {"width": 0, "height": 1}

#: The default points between the first samples (``SweepConfiguration.defaultSampleStep``).
DEFAULT_SAMPLE_STEP = 8.0


class SweepDiagnostic(NamedTuple):
    """A diagnostic at the end of one step of the session: the step's position (0-based) and name,
    the code and severity (docs/behaviour.md#diagnostic-codes), the items by identifier (``"turnCard"``, ``"myCard"``), and
    the message at the band's first size."""

    step_index: int
    step: str
    code: Union[DiagnosticCode, str]
    severity: Union[Severity, str]
    items: Tuple[str, ...]
    message: str


class SweepFailure(NamedTuple):
    """A failure at the band's sizes: the step (``-1``, ``"set-up"`` before the session), what
    failed (the event, ``"advanceTime(by:)"``, ``"makeDelegate"``, ``"setLayoutDelegate"``) and
    the message at the band's first size (a delegate method that raised: ``"startGuidance():
    ... raised RuntimeError: boom"``)."""

    step_index: int
    step: str
    source: str
    message: str


class SweepBand(NamedTuple):
    """A maximal range of sizes with one result. ``start`` is in the band; ``stop`` is the next
    band's ``start`` (the change lies within 0.01 pt below it), or, for the last band, the range's
    stop (in the band). ``midpoint`` is where the sweep page's viewer link shows the band."""

    start: float
    stop: float
    midpoint: float
    wide_mode: bool
    diagnostics: Tuple[SweepDiagnostic, ...]
    failures: Tuple[SweepFailure, ...]


def _code(name: str) -> Union[DiagnosticCode, str]:
    for c in DiagnosticCode:
        if _camel(c.name) == name:
            return c
    return name


def _camel(snake: str) -> str:
    head, *rest = snake.lower().split("_")
    return head + "".join(p.capitalize() for p in rest)


def _severity(name: str) -> Union[Severity, str]:
    try:
        return Severity[name.upper()]
    except KeyError:
        return name


class SweepResult:
    """What :func:`sweep` found: ``bands`` in order along ``axis``, the number of sizes ``runs``,
    the configuration, and ``json`` (schema ``navlayout.sweep/1``, docs/sweep-schema.md)."""

    def __init__(self, json_text: str) -> None:
        import json as _json

        self.json = json_text
        data = _json.loads(json_text)
        self.title: str = data["title"]
        self.axis: str = data["axis"]
        self.start: float = float(data["start"])
        self.stop: float = float(data["stop"])
        #: The size on the other axis (the height of a width sweep).
        self.fixed: float = float(data["fixed"])
        self.safe_area = Insets(*map(float, data["safeArea"]))
        self.layout_direction = (LayoutDirection.RIGHT_TO_LEFT if data["layoutDirection"] == "rightToLeft"
                                 else LayoutDirection.LEFT_TO_RIGHT)
        self.sample_step: float = float(data["sampleStep"])
        self.runs: int = int(data["runs"])
        self.bands: List[SweepBand] = [
            SweepBand(
                float(b["start"]), float(b["stop"]), float(b["midpoint"]), bool(b["wideMode"]),
                tuple(SweepDiagnostic(d["stepIndex"], d["step"], _code(d["code"]), _severity(d["severity"]),
                                      tuple(d["items"]), d["message"]) for d in b["diagnostics"]),
                tuple(SweepFailure(f["stepIndex"], f["step"], f["source"], f["message"]) for f in b["failures"]),
            )
            for b in data["bands"]
        ]

    def __repr__(self) -> str:
        return f"<SweepResult {self.axis} {self.start}..{self.stop}: {len(self.bands)} bands, {self.runs} runs>"

    @property
    def text(self) -> str:
        """The bands as text, as ``navlayout sweep`` prints them (``nl_sweep_text``)."""
        out = take_string(load().nl_sweep_text(encode(self.json)))
        if out is None:
            _ffi.fail("nl_sweep_text")
        return out

    def size_at(self, value: float) -> Tuple[float, float]:
        """The map view's ``(width, height)`` at ``value`` points on the axis."""
        return (value, self.fixed) if self.axis == "width" else (self.fixed, value)

    def page(self, title: Optional[str] = None) -> str:
        """The sweep page (HTML, self-contained): the band chart and the table of bands, each band
        linking to ``band-N.html`` next to it (``nl_sweep_page``). ``title`` defaults to
        "NavLayout size sweep — <the result's title>"."""
        out = take_string(load().nl_sweep_page(encode(self.json), encode(title)))
        if out is None:
            _ffi.fail("nl_sweep_page")
        return out

    def write_html(self, directory: str, make_delegate: Optional[Callable[[], Optional[LayoutDelegate]]],
                   title: Optional[str] = None) -> str:
        """Writes the sweep page to ``directory/index.html`` and, for each band, the viewer page of
        the standard session at its midpoint to ``directory/band-N.html`` (N from 1), with a
        delegate from ``make_delegate`` (the one swept; ``None``: the built-in layout). The
        directory is created if needed. Returns the page's path.

        Raises:
            OSError: ``directory`` cannot be created or written (the message names ``directory``).
            CallbackFailedError: ``make_delegate()`` raised (the message names it).
        """
        make_directories(directory, "directory")
        lib = load()
        pages = []
        for i, band in enumerate(self.bands):
            delegate = _make(make_delegate)
            width, height = self.size_at(band.midpoint)
            with MapView(width, height, self.safe_area, layout_direction=self.layout_direction) as nav_map:
                if delegate is not None:
                    nav_map.set_layout_delegate(delegate)
                out = ctypes.c_void_p()
                status = lib.nl_map_view_sweep_viewer_page(nav_map._maph_checked(), encode(self.json), i, ctypes.byref(out))
                # Delegate exceptions are shown on the page, not raised.
                nav_map._pending.clear()
                _free_parked_records()
                check(status)
            html = take_string(out.value)
            assert html is not None  # NL_OK always sets the page
            pages.append((f"band-{i + 1}.html", html))
        pages.append(("index.html", self.page(title)))
        for file, html in pages:
            write_text(os.path.join(directory, file), html, "directory")
        return os.path.join(directory, "index.html")


def _make(make_delegate: Optional[Callable[[], Optional[LayoutDelegate]]]) -> Optional[LayoutDelegate]:
    if make_delegate is None:
        return None
    try:
        return make_delegate()
    except Exception as exc:  # noqa: BLE001 - reported with the argument's name
        raise CallbackFailedError(f"make_delegate raised {type(exc).__name__}: {exc}") from exc


def _sample_here(make_delegate: Callable[[], Optional[LayoutDelegate]], width: float, height: float,
                 safe_area: Tuple[float, float, float, float], direction: int) -> Tuple[int, str]:
    """Runs the standard session at one size in this process: ``(0, sample JSON)``, or ``(1,
    message)`` when the delegate could not be made or set. Runs in the worker processes."""
    try:
        delegate = make_delegate()
    except Exception as exc:  # noqa: BLE001 - a result at this size
        return 1, f"make_delegate raised {type(exc).__name__}: {exc}"
    with MapView(width, height, Insets(*safe_area), layout_direction=LayoutDirection(direction)) as nav_map:
        if delegate is not None:
            try:
                nav_map.set_layout_delegate(delegate)
            except Exception as exc:  # noqa: BLE001 - a result at this size
                return 1, f"set_layout_delegate raised {type(exc).__name__}: {exc}"
        out = ctypes.c_void_p()
        status = load().nl_map_view_sweep_sample(nav_map._maph_checked(), ctypes.byref(out))
        # Delegate exceptions are in the sample's failures, not raised.
        nav_map._pending.clear()
        _free_parked_records()
        check(status)
        text = take_string(out.value)
        assert text is not None  # NL_OK always sets the sample
        return 0, text


def _picklable(obj: Any) -> Optional[str]:
    """None when ``obj`` can be sent to a spawned process, else why not."""
    try:
        pickle.dumps(obj)
    except Exception as exc:  # noqa: BLE001 - any pickling failure means "not picklable"
        return f"{type(exc).__name__}: {exc}"
    if getattr(obj, "__module__", None) == "__main__":
        return "it is defined in the __main__ module, which worker processes do not import"
    return None


def sweep(
    make_delegate: Optional[Callable[[], Optional[LayoutDelegate]]],
    axis: str = "width",
    start: float = 320.0,
    stop: float = 1400.0,
    *,
    height: Optional[float] = None,
    width: Optional[float] = None,
    safe_area: Insets = Insets(),
    layout_direction: LayoutDirection = LayoutDirection.LEFT_TO_RIGHT,
    sample_step: float = DEFAULT_SAMPLE_STEP,
    processes: Optional[int] = None,
    title: Optional[str] = None,
) -> SweepResult:
    """Sweeps the map view's size from ``start`` to ``stop`` points along ``axis`` and returns the
    bands (see the module's documentation).

    Args:
        make_delegate: a zero-argument callable (e.g. the delegate's class) making a fresh
            :class:`LayoutDelegate` for each size, or ``None`` for the built-in layout. For worker
            processes it must be importable by name (module level).
        axis: ``"width"`` or ``"height"``.
        start, stop: the range on the axis (points, ``0 <= start < stop <= 100000``); both ends
            are run.
        height: the fixed height of a width sweep (points; required then).
        width: the fixed width of a height sweep (points; required then).
        safe_area: the safe-area insets at every size (points, physical edges).
        layout_direction: :class:`LayoutDirection`.
        sample_step: points between the first samples (default 8): a band narrower than this
            between two samples with the same result can be missed.
        processes: worker processes for a Python delegate (default: one per processor; 1 runs in
            this process; at most 256), or threads of the library for ``None``.
        title: the run's name in the result and on the page (default: ``make_delegate``'s name).

    Returns:
        A :class:`SweepResult`; ``result.bands`` is never empty.

    A delegate that raises — in ``make_delegate``, in ``set_layout_delegate`` or in a delegate
    method — is a result at that size (a :class:`SweepFailure` in its band), never an error.

    Raises:
        TypeError: a wrong type (the message names the argument); ``make_delegate`` not callable.
        InvalidArgumentError: an unknown ``axis``; NaN or infinite bounds; an empty or reversed
            range; a missing or extra fixed size; insets that do not fit; a bad ``sample_step`` or
            ``processes`` (the message names the argument).
        RuntimeError: a worker process died (its error is on stderr); the sweep stops.
    """
    if axis not in _AXES:
        raise InvalidArgumentError(f"axis must be 'width' or 'height', not {axis!r}")
    fixed_name, other_name = ("height", "width") if axis == "width" else ("width", "height")
    fixed_value = height if axis == "width" else width
    if (width if axis == "width" else height) is not None:
        raise InvalidArgumentError(f"{other_name} is the swept axis here: give start and stop, and the fixed {fixed_name}")
    if fixed_value is None:
        raise InvalidArgumentError(f"{fixed_name} is required for a {axis} sweep (the map view's fixed {fixed_name}, points)")
    if make_delegate is not None and not callable(make_delegate):
        raise TypeError(f"make_delegate must be a callable making a LayoutDelegate (e.g. its class) or None, "
                        f"not {type(make_delegate).__name__}")
    if processes is not None and (isinstance(processes, bool) or not isinstance(processes, int)
                                  or not 1 <= processes <= 256):
        raise InvalidArgumentError(f"processes must be a whole number from 1 to 256 (or None: one per processor), "
                                   f"not {processes!r}")
    opts = _ffi.nl_sweep_options()
    opts.struct_size = ctypes.sizeof(_ffi.nl_sweep_options)
    opts.axis = _AXES[axis]
    opts.start = _number(start, "start")
    opts.stop = _number(stop, "stop")
    opts.fixed = _number(fixed_value, fixed_name)
    opts.safe_area = _insets(safe_area, "safe_area")
    opts.layout_direction = _enum(layout_direction, "layout_direction", LayoutDirection)
    step = _number(sample_step, "sample_step")
    if step <= 0:
        raise InvalidArgumentError(f"sample_step must be a positive number of points, not {format_points(step)}")
    opts.sample_step = step
    if title is None:
        title = "builtin" if make_delegate is None else (
            getattr(make_delegate, "__name__", None) or type(make_delegate).__name__)
    opts.title = encode(title)
    count = processes if processes is not None else min(os.cpu_count() or 1, 256)
    out = ctypes.c_void_p()
    lib = load()
    if make_delegate is None:
        # The built-in layout: no Python runs, the library's threads do it all.
        opts.threads = count
        check(lib.nl_sweep(ctypes.byref(opts), _ffi.SWEEP_FACTORY_CB(), None, ctypes.byref(out)))
        text = take_string(out.value)
        assert text is not None
        return SweepResult(text)

    if count > 1:
        reason = _picklable(make_delegate)
        if reason is not None:
            warnings.warn(f"make_delegate cannot be sent to worker processes ({reason}); the sweep runs in this "
                          "process, one size at a time — define the delegate at module level to use every core",
                          RuntimeWarning, stacklevel=2)
            count = 1
    insets = (opts.safe_area.top, opts.safe_area.left, opts.safe_area.bottom, opts.safe_area.right)
    direction = int(opts.layout_direction)
    pool: Optional[WorkerPool] = WorkerPool(count, _ffi.library_path()) if count > 1 else None
    raised: List[BaseException] = []

    def sampler(_user: Optional[int], w: float, h: float, out_sample: Any) -> int:
        try:
            request = (make_delegate, w, h, insets, direction)
            verdict, text = pool.run(request) if pool is not None else _sample_here(make_delegate, w, h, insets, direction)
            if verdict not in (0, 1):
                raise RuntimeError(f"the sweep's worker process failed at {w} x {h} pt:\n{text}")
            out_sample[0] = lib.nl_string_duplicate(text.encode("utf-8"))
            return verdict
        except BaseException as exc:  # noqa: BLE001 - re-raised after the C call returns
            raised.append(exc)
            out_sample[0] = lib.nl_string_duplicate(f"{type(exc).__name__}: {exc}".encode("utf-8"))
            return 2

    callback = _ffi.SWEEP_SAMPLER_CB(sampler)
    opts.threads = count
    try:
        status = lib.nl_sweep_with_sampler(ctypes.byref(opts), callback, None, ctypes.byref(out))
    finally:
        if pool is not None:
            pool.close()
    if raised:
        raise raised[0]
    check(status)
    text = take_string(out.value)
    assert text is not None
    return SweepResult(text)
