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

from .delegate import LayoutDelegate
from .map_view import MapView
from .results import Diagnostic
from .errors import CarPlayError
from .values import DiagnosticCode, PromptKind, Severity

__all__ = ["PRESETS", "gallery", "GalleryCell", "GalleryRow", "GalleryResult"]

#: The device presets of SPEC §9, in the order ``navlayout presets`` lists them.
PRESETS = ("iphone-portrait", "iphone-landscape", "iphone-se", "ipad-portrait", "ipad-split", "carplay")

#: Presets with a landscape/portrait twin: the session rotates to it and back.
_TWINS = {"iphone-portrait": "iphone-landscape", "iphone-landscape": "iphone-portrait"}

_PROMPT_STEPS = (
    (PromptKind.INCIDENT, "incident"),
    (PromptKind.SPEED_CAMERA, "speedCamera"),
    (PromptKind.TRAFFIC, "traffic"),
    (PromptKind.BETTER_ROUTE, "betterRoute"),
)

_CARPLAY_NOTE = "CarPlay refuses layout delegates (SPEC §3): built-in layout"


class GalleryCell(NamedTuple):
    """One picture: a step of a preset's session, its SVG file (relative to the output
    directory) and the diagnostics of that moment."""

    step: str
    file: str
    diagnostics: List[Diagnostic]


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
        for d in c.diagnostics:
            if d.severity == Severity.ERROR:
                e += 1
            elif d.severity == Severity.WARNING:
                w += 1
            else:
                i += 1
    return e, w, i


def _run_preset(preset: str, make_delegate: Callable[[], Optional[LayoutDelegate]], out: str,
                progress: Callable[[str], None]) -> "tuple[List[GalleryCell], Optional[str]]":
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

        def shoot(step: str) -> None:
            progress(step)
            name = f"{preset}-{len(cells) + 1:02d}-{step}.svg"
            svg = nav_map.snapshot_svg(title=f"{preset} · {step}")
            with open(os.path.join(out, name), "w", encoding="utf-8") as f:
                f.write(svg)
            cells.append(GalleryCell(step, name, nav_map.diagnostics))

        nav_map.navigation_enabled = True
        shoot("ready")
        nav_map.start_guidance()
        shoot("guidance")
        for kind, step in _PROMPT_STEPS:
            if not nav_map.should_display_prompts and kind != PromptKind.SPEED_CAMERA:
                continue  # suppressed: no callback, nothing to show (SPEC §3)
            nav_map.trigger_prompt(kind)
            nav_map.advance_time(0.4)
            shoot(step)
            nav_map.dismiss_prompt()
            nav_map.advance_time(0.4)
        twin = _TWINS.get(preset)
        if twin is not None:
            with MapView.preset(twin) as other:
                twin_size, twin_safe = other.size, other.safe_area
            size, safe = nav_map.size, nav_map.safe_area
            nav_map.set_size(twin_size.width, twin_size.height, twin_safe)
            shoot("rotated")
            nav_map.set_size(size.width, size.height, safe)
            shoot("rotated-back")
        nav_map.stop_guidance()
        shoot("stopped")
        nav_map.navigation_enabled = False
    return cells, note


def _escape(text: str) -> str:
    """``&``, ``<``, ``>`` and ``"`` as HTML entities — what the Swift CLI's page escapes, so
    both pages are the same bytes (an apostrophe needs no escape in text or "-quoted
    attributes)."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def _page(title: str, rows: Sequence[GalleryRow]) -> str:
    h = _escape
    out = [
        "<!DOCTYPE html>",
        f'<html lang="en"><head><meta charset="utf-8"><title>NavLayout gallery — {h(title)}</title>',
        "<style>",
        "body { font-family: Helvetica, Arial, sans-serif; margin: 16px; color: #202124; }",
        "table { border-collapse: collapse; } td, th { border: 1px solid #dadce0; padding: 6px; vertical-align: top; }",
        "td img { display: block; max-height: 360px; max-width: 260px; }",
        ".ok { color: #188038; } .bad { color: #d93025; } .warn { color: #b06000; }",
        "ul { margin: 4px 0 0 0; padding-left: 16px; font-size: 11px; max-width: 260px; }",
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
        text += (f'<p class="{cls}"><b>{h(r.preset)}</b>: {len(r.cells)} steps, {r.errors} errors, '
                 f"{r.warnings} warnings, {r.infos} infos{extra}</p>\n")
    for r in rows:
        text += f"<h2>{h(r.preset)}</h2>\n<table><tr>"
        text += "".join(f"<th>{h(c.step)}</th>" for c in r.cells)
        text += "</tr>\n<tr>"
        for c in r.cells:
            text += f'<td><img src="{h(c.file)}" alt="{h(r.preset)} {h(c.step)}">'
            if not c.diagnostics:
                text += '<ul class="ok"><li>no diagnostics</li></ul>'
            else:
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
    """SPEC §8's spelling of the code (``wideModeCardsNotLeading``), as the Swift CLI prints."""
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
    through: navigation ready, active guidance, each prompt kind (incident, speedCamera, traffic,
    betterRoute) shown after its 0.4 s slide and then dismissed (+0.4 s), a rotation to the
    landscape/portrait twin and back for ``iphone-portrait`` / ``iphone-landscape``, guidance
    stopped. A CarPlay map view refuses layout delegates (SPEC §3): it runs with the built-in
    layout and its summary line says so.

    After every step it writes ``OUT/<preset>-<nn>-<step>.svg`` (:meth:`MapView.snapshot_svg`,
    captioned "preset · step") and records the diagnostics; at the end it writes
    ``OUT/index.html``: one summary line per preset (steps, errors, warnings, infos), then per
    preset a row of the pictures with each step's diagnostics. Progress goes to ``stream``
    (default ``sys.stderr``) as ``[i/n] preset: step step … — e errors, w warnings, i infos``.

    Args:
        make_delegate: a zero-argument callable making a fresh :class:`LayoutDelegate`.
        presets: preset names (SPEC §9) in the order wanted; default :data:`PRESETS`, all six.
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
        OSError: the directory or a file cannot be written.
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
    os.makedirs(out, exist_ok=True)
    rows: List[GalleryRow] = []
    for i, preset in enumerate(names):
        stream.write(f"[{i + 1}/{len(names)}] {preset}:")
        stream.flush()

        def progress(step: str) -> None:
            stream.write(f" {step}")
            stream.flush()

        try:
            cells, note = _run_preset(preset, factory, out, progress)
            e, w, k = _counts(cells)
            stream.write(f" — {e} errors, {w} warnings, {k} infos\n")
            rows.append(GalleryRow(preset, cells, note, e, w, k))
        except Exception as exc:  # noqa: BLE001 - reported on the page and counted as an error
            stream.write(f" — failed: {exc}\n")
            rows.append(GalleryRow(preset, [], None, 1, 0, 0, f"{type(exc).__name__}: {exc}"))
        stream.flush()
    index = os.path.join(out, "index.html")
    with open(index, "w", encoding="utf-8") as f:
        f.write(_page(title, rows))
    errors = sum(r.errors for r in rows)
    warnings = sum(r.warnings for r in rows)
    infos = sum(r.infos for r in rows)
    summary = stream if summary is None else summary
    summary.write(f"gallery: {index} — {len(rows)} presets, {errors} error diagnostics\n")
    summary.flush()
    return GalleryResult(index, rows, errors, warnings, infos)
