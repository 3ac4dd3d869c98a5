"""The device gallery (issue 4): a host's own layout delegate through the standard session on
every device preset, one SVG per step and one HTML page — what ``navlayout gallery`` does for the
example delegates, for any :class:`~navlayout.LayoutDelegate` written in Python.

::

    import navlayout as nl
    result = nl.gallery(MyDelegate, out="gallery")      # MyDelegate() is made once per preset
    sys.exit(1 if result.errors else 0)                  # gate a CI job on error diagnostics
"""

from __future__ import annotations

import os
import sys
from typing import Callable, List, NamedTuple, Optional, Sequence, TextIO

from ._files import make_directories, write_text
from .delegate import LayoutDelegate
from .map_view import MapView
from .results import Diagnostic
from .errors import CarPlayError
from .session import SessionStep, run_session
from .values import DiagnosticCode, Severity
from .viewer import page as viewer_page

__all__ = ["PRESETS", "gallery", "GalleryCell", "GalleryRow", "GalleryResult"]

#: The device presets of docs/behaviour.md#device-presets, in the order ``navlayout presets`` lists them.
PRESETS = ("iphone-portrait", "iphone-landscape", "iphone-se", "ipad-portrait", "ipad-split", "carplay")

_CARPLAY_NOTE = "CarPlay refuses layout delegates (docs/behaviour.md#setting-the-layout-delegate): built-in layout"


class GalleryCell(NamedTuple):
    """One picture: a step of a preset's session, its SVG file (relative to the output
    directory), the diagnostics of that moment and the errors the step's delegate methods raised
    (``"event: … raised RuntimeError: boom"``; each counts as an error)."""

    step: str
    file: str
    diagnostics: List[Diagnostic]
    failures: Sequence[str] = ()


class GalleryRow(NamedTuple):
    """One preset's session: its cells, a note (e.g. CarPlay's built-in layout) and the
    diagnostic counts by severity."""

    preset: str
    cells: List[GalleryCell]
    note: Optional[str]
    errors: int
    warnings: int
    infos: int
    failure: Optional[str] = None  # the exception that stopped the session, if any


class GalleryResult(NamedTuple):
    """What :func:`gallery` wrote: the page's path, one row per preset and the total count of
    error-severity diagnostics (plus failed sessions) — non-zero should fail a CI job."""

    index: str  # type: ignore[assignment]  # the page's path; shadows tuple.index (kept: public)
    rows: List[GalleryRow]
    errors: int
    warnings: int
    infos: int


def _counts(cells: Sequence[GalleryCell]) -> "tuple[int, int, int]":
    e = w = i = 0
    for c in cells:
        e += len(c.failures)
        for d in c.diagnostics:
            if d.severity == Severity.ERROR:
                e += 1
            elif d.severity == Severity.WARNING:
                w += 1
            else:
                i += 1
    return e, w, i


def _file_name(step: str) -> str:
    """A step name as a file name: letters and digits kept, anything else ``-`` (as the CLI)."""
    return "".join(ch if ch.isalnum() else "-" for ch in step)


def _viewer_file(preset: str) -> str:
    """The preset's viewer page, next to its pictures."""
    return f"{preset}.html"


class _Unwritable(Exception):
    """A file of ``out`` that could not be written (``error``, naming ``out``): it stops the
    gallery, unlike the other exceptions of a preset's session, which its row shows."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


def _write(path: str, text: str) -> None:
    try:
        write_text(path, text, "out")
    except OSError as exc:
        raise _Unwritable(exc) from None


def _run_preset(preset: str, make_delegate: Callable[[], Optional[LayoutDelegate]], title: str, out: str,
                progress: Callable[[str], None]) -> "tuple[List[GalleryCell], Optional[str]]":
    """The workbench's standard session (:mod:`navlayout.session`) on ``preset``: one SVG per
    step and the preset's viewer page, which every cell links to."""
    cells: List[GalleryCell] = []
    note: Optional[str] = None
    with MapView.preset(preset) as nav_map:
        delegate = make_delegate()
        if delegate is not None:
            if nav_map.car_play:
                note = _CARPLAY_NOTE
            else:
                try:
                    nav_map.set_layout_delegate(delegate)
                except CarPlayError:  # pragma: no cover - car_play said no
                    note = _CARPLAY_NOTE

        def shoot(step: SessionStep) -> None:
            progress(step.name)
            name = f"{preset}-{len(cells) + 1:02d}-{_file_name(step.name)}.svg"
            svg = nav_map.snapshot_svg(title=f"{preset} · {step.name}")
            _write(os.path.join(out, name), svg)
            cells.append(GalleryCell(step.name, name, nav_map.diagnostics, step.failures))

        recording = run_session(nav_map, preset=preset, title=title, observe=shoot, record=True)
    assert recording is not None
    _write(os.path.join(out, _viewer_file(preset)), viewer_page(recording, f"NavLayout viewer — {title} · {preset}"))
    return cells, note


def markup_escape(text: str) -> str:
    """``text`` as XML / HTML text, safe in character data and quoted attribute values for any
    string (issue 17) — the Swift side's ``markupEscaped`` (Sources/NavigationUI/Snapshot.swift),
    byte for byte, so the Python and Swift pages are the same bytes: ``&``, ``<``, ``>``, ``"``
    and ``'`` as entities; tab, line feed and carriage return as ``&#9;``, ``&#10;``, ``&#13;``;
    every other control character (U+0000–U+001F, U+007F–U+009F), the noncharacters U+FFFE and
    U+FFFF and any lone surrogate (which Python strings may hold, Swift's never) as the visible
    text ``\\uXXXX``. The result is always well-formed XML 1.0 text."""
    out = []
    for ch in text:
        c = ord(ch)
        if ch in _ENTITIES:
            out.append(_ENTITIES[ch])
        elif c < 0x20 or 0x7F <= c <= 0x9F or c in (0xFFFE, 0xFFFF) or 0xD800 <= c <= 0xDFFF:
            out.append(f"\\u{c:04x}")
        else:
            out.append(ch)
    return "".join(out)


_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;",
             "\t": "&#9;", "\n": "&#10;", "\r": "&#13;"}


def _page(title: str, rows: Sequence[GalleryRow]) -> str:
    h = markup_escape
    out = [
        "<!DOCTYPE html>",
        f'<html lang="en"><head><meta charset="utf-8"/><title>NavLayout gallery — {h(title)}</title>',
        "<style>",
        "body { font-family: Helvetica, Arial, sans-serif; margin: 16px; color: #202124; }",
        "table { border-collapse: collapse; } td, th { border: 1px solid #dadce0; padding: 6px; vertical-align: top; }",
        "td img { display: block; max-height: 300px; max-width: 200px; }",
        "td a { text-decoration: none; color: inherit; } td a:hover img { outline: 2px solid #1a73e8; }",
        ".open { font-size: 11px; }",
        ".ok { color: #188038; } .bad { color: #d93025; } .warn { color: #b06000; }",
        "ul { margin: 4px 0 0 0; padding-left: 16px; font-size: 11px; max-width: 200px; }",
        "</style></head><body>",
        f"<h1>NavLayout gallery — delegate: {h(title)}</h1>",
        "",
    ]
    text = "\n".join(out)
    for r in rows:
        cls = "bad" if r.errors else "warn" if r.warnings else "ok"
        extra = f" — {h(r.note)}" if r.note else ""
        if r.failure:
            extra += f" — failed: {h(r.failure)}"
        link = f' — <a href="{h(_viewer_file(r.preset))}">open in the viewer</a>' if r.cells else ""
        text += (f'<p class="{cls}"><b>{h(r.preset)}</b>: {len(r.cells)} steps, {r.errors} errors, '
                 f"{r.warnings} warnings, {r.infos} infos{extra}{link}</p>\n")
    for r in rows:
        text += f'<h2>{h(r.preset)} <a class="open" href="{h(_viewer_file(r.preset))}">viewer</a></h2>\n<table><tr>'
        text += "".join(f"<th>{h(c.step)}</th>" for c in r.cells)
        text += "</tr>\n<tr>"
        for i, c in enumerate(r.cells):
            link = f"{_viewer_file(r.preset)}#step={i + 1}"
            text += (f'<td><a href="{h(link)}" title="open this step in the viewer">'
                     f'<img src="{h(c.file)}" alt="{h(r.preset)} {h(c.step)}"/></a>')
            for failure in c.failures:
                text += f'<ul><li class="bad"><b>delegate failed</b>: {h(failure)}</li></ul>'
            if not c.diagnostics and not c.failures:
                text += '<ul class="ok"><li>no diagnostics</li></ul>'
            elif c.diagnostics:
                text += "<ul>"
                for d in c.diagnostics:
                    k = "bad" if d.severity == Severity.ERROR else "warn" if d.severity == Severity.WARNING else ""
                    text += (f'<li class="{k}"><b>{_severity_name(d)} {_code_name(d)}</b>: '
                             f"{h(d.message)}</li>")
                text += "</ul>"
            text += "</td>"
        text += "</tr></table>\n"
    return text + "</body></html>\n"


def _severity_name(d: Diagnostic) -> str:
    return d.severity.name.lower() if isinstance(d.severity, Severity) else str(d.severity)


def _code_name(d: Diagnostic) -> str:
    """The code as docs/behaviour.md#diagnostic-codes spells it (``wideModeCardsNotLeading``), as the Swift CLI prints."""
    return d.code.spec_name if isinstance(d.code, DiagnosticCode) else str(d.code)


def gallery(
    make_delegate: Optional[Callable[[], Optional[LayoutDelegate]]],
    presets: Optional[Sequence[str]] = None,
    out: str = "gallery",
    *,
    title: Optional[str] = None,
    stream: Optional[TextIO] = None,
    summary: Optional[TextIO] = None,
) -> GalleryResult:
    """Drives ``make_delegate()``'s delegate through the standard session on every preset and
    writes one page of pictures — the Python counterpart of ``navlayout gallery``.

    On each preset a new map view gets a new delegate from ``make_delegate`` (a class or any
    callable; ``None``, or a callable returning ``None``, keeps the built-in layout) and goes
    through the workbench's standard session (:mod:`navlayout.session`): navigation ready, active
    guidance, each prompt kind (incident, speedCamera, traffic, betterRoute) shown and then
    dismissed (each step runs until its animations end), a map pan and the re-center, the speed
    widget's modes, a rotation to the landscape/portrait twin and back for ``iphone-portrait`` /
    ``iphone-landscape`` (split view and back for ``ipad-portrait`` / ``ipad-split``), guidance
    stopped, navigation disabled. A CarPlay map view refuses layout delegates (docs/behaviour.md#setting-the-layout-delegate): it runs
    with the built-in layout and its summary line says so. A delegate method that raises is
    shown in its cell and counted as an error; the session goes on.

    After every step it writes ``OUT/<preset>-<nn>-<step>.svg`` (:meth:`MapView.snapshot_svg`,
    captioned "preset · step") and records the diagnostics; per preset it writes the viewer page
    ``OUT/<preset>.html`` (:mod:`navlayout.viewer`); at the end ``OUT/index.html``: one summary
    line per preset (steps, errors, warnings, infos), then per preset a row of the pictures with
    each step's diagnostics, each picture linking to its step in the viewer page. Progress goes to
    ``stream`` (default ``sys.stderr``) as ``[i/n] preset: ... — e errors, w warnings, i infos``
    (a dot per step).

    Args:
        make_delegate: a zero-argument callable making a fresh :class:`LayoutDelegate`.
        presets: preset names (docs/behaviour.md#device-presets) in the order wanted; default :data:`PRESETS`, all six.
        out: the output directory (created if needed).
        title: the delegate's name on the page (default: ``make_delegate``'s name, or
            ``builtin``).
        stream: where progress is printed (default ``sys.stderr``).
        summary: where the last line, ``gallery: OUT/index.html — n presets, e error
            diagnostics``, is printed (default: ``stream``; ``navlayout gallery`` prints it on
            stdout).

    Returns:
        A :class:`GalleryResult`; ``result.errors`` counts error-severity diagnostics (and
        sessions that raised, whose message is on the page): exit non-zero when it is not 0.

    Raises:
        InvalidArgumentError: an unknown preset name (before anything is written).
        OSError: ``out`` cannot be created or a file in it cannot be written (the message names
            ``out``; the class and ``errno`` are the operating system's: ``FileNotFoundError``,
            ``NotADirectoryError`` when a file stands at ``out``, ``PermissionError``, …). The
            gallery stops there.
    """
    stream = sys.stderr if stream is None else stream
    names = list(PRESETS if presets is None else presets)
    if isinstance(presets, str):
        raise TypeError("presets must be a sequence of preset names, not a str")
    for n in names:
        if n not in PRESETS:
            from .errors import InvalidArgumentError
            raise InvalidArgumentError(f"unknown preset {n!r}; presets: {', '.join(PRESETS)}")
    factory: Callable[[], Optional[LayoutDelegate]] = make_delegate if make_delegate is not None else (lambda: None)
    if title is None:
        if make_delegate is None:
            title = "builtin"
        else:
            title = getattr(make_delegate, "__name__", None) or type(make_delegate).__name__
    make_directories(out, "out")
    rows: List[GalleryRow] = []
    for i, preset in enumerate(names):
        stream.write(f"[{i + 1}/{len(names)}] {preset}:")
        stream.flush()

        def progress(step: str) -> None:
            stream.write(".")
            stream.flush()

        try:
            cells, note = _run_preset(preset, factory, title, out, progress)
            e, w, k = _counts(cells)
            stream.write(f" — {e} errors, {w} warnings, {k} infos\n")
            rows.append(GalleryRow(preset, cells, note, e, w, k))
        except _Unwritable as unwritable:  # no page either: the gallery stops
            stream.write("\n")
            stream.flush()
            raise unwritable.error from unwritable.error.__cause__
        except Exception as exc:  # noqa: BLE001 - reported on the page and counted as an error
            stream.write(f" — failed: {exc}\n")
            rows.append(GalleryRow(preset, [], None, 1, 0, 0, f"{type(exc).__name__}: {exc}"))
        stream.flush()
    index = os.path.join(out, "index.html")
    write_text(index, _page(title, rows), "out")
    errors = sum(r.errors for r in rows)
    warnings = sum(r.warnings for r in rows)
    infos = sum(r.infos for r in rows)
    summary = stream if summary is None else summary
    summary.write(f"gallery: {index} — {len(rows)} presets, {errors} error diagnostics\n")
    summary.flush()
    return GalleryResult(index, rows, errors, warnings, infos)
