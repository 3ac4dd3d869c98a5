"""Issue 17, item 3: every SVG and HTML output is well-formed XML for any identifier, read with an
XML parser (the standard library's expat, through ``xml.etree.ElementTree``); JSON keeps every
identifier. Identifiers come from C as raw bytes — every byte 0x01-0x1F, quotes, ``<``, ``&``,
``]]>``, invalid UTF-8 — or from Python strings. Before the fix the control bytes landed raw in
the SVG's ``<text>`` and ``<title>`` and expat stopped at the first ("not well-formed (invalid
token)"); the gallery and demo pages also had unclosed ``<meta>`` / ``<img>`` tags, and so had the
sweep page and the snapshot diff page (fixed later); the viewer page embedded raw control
characters of text that is not a recording. The pages are read with the same parser (the viewer
page, whose script is not XML, by its embedded recording).
"""

from __future__ import annotations

import ctypes
import io
import json
import os
import re
import urllib.parse
import xml.etree.ElementTree as ET

import pytest

import navlayout as nl
from navlayout._ffi import load
from navlayout.demo import SampleLayoutDelegate
from navlayout.gallery import markup_escape

#: Raw identifier bytes set through the C API (a C string cannot hold 0x00).
HOSTILE_BYTES = [b"a" + bytes([c]) + b"b" for c in range(1, 0x20)] + [
    b'"double" \'single\'', b"<tag attr=\"x\">", b"a & b &amp; &#1;", b"x]]>y", b"<![CDATA[z]]>",
    b"del\x7f", b"invalid \xff\xfe utf-8", b"truncated \xc3", b"overlong \xc0\xaf", b"surrogate \xed\xa0\x80",
    b"noncharacter \xef\xbf\xbf", b"cr\r\nlf",
]


def _shown(text: str) -> str:
    """What the escaping shows once an XML parser has read it back: the controls (other than
    tab, LF, CR) and the noncharacters as the text ``\\uXXXX``."""
    out = []
    for ch in text:
        c = ord(ch)
        if (c < 0x20 and ch not in "\t\n\r") or 0x7F <= c <= 0x9F or c in (0xFFFE, 0xFFFF):
            out.append(f"\\u{c:04x}")
        else:
            out.append(ch)
    return "".join(out)


def _texts(root: ET.Element) -> list:
    """Every text and attribute value of a parsed document."""
    found = []
    for el in root.iter():
        found += [el.text or "", el.tail or ""]
        found += list(el.attrib.values())
    return found


def _hostile_map():
    """A map view in navigation with one 40 x 40 host view per hostile identifier, over the
    viewport (so each is labelled in the SVG, and the obstruction diagnostics name them); the
    map view, the identifiers as the library holds them, the views."""
    nav_map = nl.MapView.preset("iphone-portrait")
    nav_map.navigation_enabled = True
    lib = load()
    names, views = [], []
    for i, raw in enumerate(HOSTILE_BYTES):
        v = nav_map.make_view()
        assert lib.nl_view_set_identifier(v._handle(), raw) == 0
        nav_map.add_subview(v)
        nl.activate([v.leading_anchor.constraint(equal_to=nav_map.leading_anchor, constant=(i % 8) * 48),
                     v.top_anchor.constraint(equal_to=nav_map.top_anchor, constant=100 + (i // 8) * 48),
                     v.width_anchor.constraint(equal_to_constant=40),
                     v.height_anchor.constraint(equal_to_constant=40)])
        names.append(v.identifier)  # as the library holds it: invalid UTF-8 became U+FFFD
        views.append(v)
    return nav_map, names, views


def test_identifiers_from_c_are_repaired_utf8():
    nav_map, names, _ = _hostile_map()
    with nav_map:
        assert names[0] == "a\x01b" and names[37] == "invalid \ufffd\ufffd utf-8"
        assert all("\ufffd" in n for n in names[38:41]) and names[41] == "noncharacter \uffff"


def test_svg_is_well_formed_for_any_identifier():
    nav_map, names, _ = _hostile_map()
    with nav_map:
        assert nav_map.diagnostics, "the host views obstruct the viewport"
        found = _texts(ET.fromstring(nav_map.snapshot_svg()))
        for n in names:
            assert _shown(n) in found, f"label {n!r} missing"
        # the tooltips of the diagnostics name hostile views
        assert any(t.startswith("a\\u0001b covers (0, 100, 40, 40) of the viewport") for t in found)
        # a hostile caption from Python, and the escaping is the Swift side's byte for byte
        for title in ["a\x01b", "t\x1f<&>'\"]]>", "\x7f\x85\ufffe\uffff", "tab\there", "🚗"]:
            svg = nav_map.snapshot_svg(title=title)
            assert _shown(title) in _texts(ET.fromstring(svg))
            assert f">{markup_escape(title)}</text>" in svg


def test_json_keeps_every_identifier():
    nav_map, names, _ = _hostile_map()
    with nav_map:
        ids = [v["identifier"] for v in json.loads(nav_map.snapshot_json())["views"]]
        for n in names:
            assert n in ids


def test_nul_in_a_python_identifier_is_refused():
    with nl.MapView.preset("iphone-portrait") as nav_map:
        v = nav_map.make_view()
        with pytest.raises(nl.InvalidArgumentError, match="NUL"):
            v.identifier = "a\x00b"


def test_markup_escape_is_well_formed_for_every_code_point_class():
    # every C0 control, DEL, C1, noncharacters, a lone surrogate (Python strings may hold one)
    text = "".join(chr(c) for c in range(0x20)) + "\x7f\x85\x9f\ufffe\uffff\ud800 <&>\"' ]]> ok"
    e = markup_escape(text)
    root = ET.fromstring(f'<r a="{e}" b=\'{e}\'>{e}</r>')
    shown = _shown(text).replace("\ud800", "\\ud800")
    assert root.text == shown and root.attrib == {"a": shown, "b": shown}


class _Hostile(nl.LayoutDelegate):
    """The sample layout plus a host view over the viewport named with control characters and
    markup, so the gallery's diagnostics (in the page and the SVG tooltips) carry them."""

    def enable_navigation_ui(self, nav_map, new_state):
        viewport, logo = new_state.viewport, new_state.google_logo
        nav_map.add_subview(viewport)
        nav_map.add_subview(logo)
        safe = nav_map.safe_area_layout_guide
        badge = nav_map.make_view()
        badge.identifier = "badge\x01\x1f<&>\"']]>\x7f"
        nav_map.add_subview(badge)
        nl.activate([
            viewport.top_anchor.constraint(equal_to=safe.top_anchor),
            viewport.bottom_anchor.constraint(equal_to=safe.bottom_anchor),
            viewport.leading_anchor.constraint(equal_to=safe.leading_anchor),
            viewport.trailing_anchor.constraint(equal_to=safe.trailing_anchor),
            logo.leading_anchor.constraint(equal_to=safe.leading_anchor, constant=8),
            logo.bottom_anchor.constraint(equal_to=safe.bottom_anchor, constant=-8),
            badge.leading_anchor.constraint(equal_to=safe.leading_anchor),
            badge.top_anchor.constraint(equal_to=safe.top_anchor),
            badge.width_anchor.constraint(equal_to_constant=300),
            badge.height_anchor.constraint(equal_to_constant=300),
        ])


def test_gallery_page_and_pictures_are_well_formed(tmp_path):
    # a delegate factory whose name (the page's title) is hostile too
    factory = type("Del\x02<&>\"']]>", (_Hostile,), {})
    result = nl.gallery(factory, presets=["iphone-portrait"], out=str(tmp_path), stream=io.StringIO())
    assert result.errors == 0 and result.warnings > 0   # viewportObstructed is a warning
    page = ET.parse(tmp_path / "index.html").getroot()
    texts = _texts(page)
    assert any("Del\\u0002<&>\"']]>" in t for t in texts), "the title, read back"
    assert any("badge\\u0001\\u001f<&>\"']]>\\u007f" in t for t in texts), "a diagnostic naming the badge"
    svgs = [f for f in os.listdir(tmp_path) if f.endswith(".svg")]
    assert len(svgs) == 19
    for f in svgs:
        ET.parse(tmp_path / f)


def test_demo_page_is_well_formed(tmp_path):
    from navlayout.cli import demo

    page = demo._index_page("preset\x03<&>", "sample\"'", [("step ]]>", "01-step.svg"), ("two\x1f", "02.svg")])
    root = ET.fromstring(page)
    texts = _texts(root)
    assert "navlayout demo — preset\\u0003<&>" in texts and "01-step.svg" in texts
    assert any(t.endswith("step ]]>") for t in texts) and "2. two\\u001f" in texts


# ---- the pages: sweep page, band viewer page, viewer page, snapshot diff page -----------------

#: A name from C with control bytes, markup, the CDATA end, DEL and invalid UTF-8 (0xFF).
BADGE_BYTES = b"badge\x01\x1f<&>\"']]>\x7f \xff"
#: How the library holds it: the invalid byte became U+FFFD.
BADGE = "badge\x01\x1f<&>\"']]>\x7f \ufffd"
#: A title from Python for the pages.
HOSTILE_TITLE = "T\x02\x1b<&>\"']]>\x85\uffff"


class HostileBadge(SampleLayoutDelegate):
    """The sample layout plus a 300 x 300 host view named BADGE_BYTES (set through the C API) over
    the viewport: the viewportObstructed diagnostic names it at every step, so every page shows the
    name. At module level so that the sweep's worker processes can import it."""

    def enable_navigation_ui(self, nav_map, new_state):
        super().enable_navigation_ui(nav_map, new_state)
        badge = nav_map.make_view()
        assert load().nl_view_set_identifier(badge._handle(), BADGE_BYTES) == 0
        nav_map.add_subview(badge)
        nl.activate([badge.leading_anchor.constraint(equal_to=nav_map.leading_anchor),
                     badge.top_anchor.constraint(equal_to=nav_map.top_anchor, constant=200),
                     badge.width_anchor.constraint(equal_to_constant=300),
                     badge.height_anchor.constraint(equal_to_constant=300)])


def _strict(ptr) -> str:
    """A library-owned string as strict UTF-8 (take_string would hide invalid bytes as U+FFFD)."""
    assert ptr, load().nl_last_error_message()
    raw = ctypes.string_at(ptr)
    load().nl_string_free(ptr)
    return raw.decode("utf-8")


def _html_shown(text: str) -> str:
    """What the pages' escaping (ViewerPage.htmlText) shows once parsed: like _shown, and tab, LF
    and CR as ``\\uXXXX`` too (a name stays on one line of a table)."""
    return "".join(f"\\u{ord(c):04x}" if c in "\t\n\r" else c for c in _shown(text))


def _no_raw_controls(text: str) -> None:
    """No character HTML's parser reports as an error in any input: C0 controls but tab, LF, CR
    (FF is allowed by HTML but not by XML), DEL, C1, U+FFFE/U+FFFF."""
    bad = [f"U+{ord(c):04X}" for c in text
           if (ord(c) < 0x20 and c not in "\t\n\r") or 0x7F <= ord(c) <= 0x9F or ord(c) in (0xFFFE, 0xFFFF)]
    assert bad == [], bad[:5]


@pytest.fixture(scope="module")
def hostile_sweep():
    # One band (380-400 pt, the sample's standard variant); the badge obstructs the viewport.
    return nl.sweep(HostileBadge, "width", 380, 400, height=852)


def test_sweep_page_is_well_formed(hostile_sweep):
    lib = load()
    page = _strict(lib.nl_sweep_page(hostile_sweep.json.encode(), HOSTILE_TITLE.encode()))
    _no_raw_controls(page)
    root = ET.fromstring(page)  # before the fix: "mismatched tag" at the unclosed <meta>
    texts = _texts(root)
    assert _shown(HOSTILE_TITLE) in texts  # <title> and <h1>
    assert any(t == f" [viewport, {_shown(BADGE)}]" for t in texts), "a diagnostic's items, read back"
    assert any(t.startswith(f"{_shown(BADGE)} covers (0, 200, 300, 300) of the viewport") for t in texts)
    # the default title names the sweep's delegate
    assert "NavLayout size sweep — HostileBadge" in _texts(ET.fromstring(hostile_sweep.page()))


def test_band_viewer_page_embeds_every_name_escaped(hostile_sweep, tmp_path):
    hostile_sweep.write_html(str(tmp_path), HostileBadge)
    raw = (tmp_path / "band-1.html").read_bytes()
    page = raw.decode("utf-8")  # strict: valid UTF-8
    _no_raw_controls(page)
    # the page's own two script elements and one title: nothing in the recording ends them
    assert page.count("</script>") == 2 and page.count("</title>") == 1 and "<!--" not in page
    embedded = re.search(r'<script id="navlayout-recording" type="application/json">(.*?)</script>', page, re.S)
    assert embedded and "<" not in embedded.group(1) and "&" not in embedded.group(1)
    def strings(value):
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for v in value.values():
                yield from strings(v)
        elif isinstance(value, list):
            for v in value:
                yield from strings(v)

    assert BADGE in set(strings(json.loads(embedded.group(1))))  # the name, exactly, once parsed


def test_viewer_page_of_text_that_is_not_a_recording_is_well_formed():
    # A host's text with raw control characters (not JSON): the page says so, and stays clean.
    page = _strict(load().nl_viewer_page(b"not a recording \x01\x1b\x7f \xc2\x85 </script><!--", HOSTILE_TITLE.encode()))
    _no_raw_controls(page)  # before the fix the raw bytes were embedded in the script element
    assert "not a recording \\u0001\\u001b\\u007f \\u0085 \\u003c/script\\u003e\\u003c!--</script>" in page
    assert f"<title>{_shown(HOSTILE_TITLE).replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;').replace(chr(34), '&quot;')}</title>" in page


def test_snapshot_diff_page_is_well_formed():
    nav_map, names, views = _hostile_map()
    with nav_map:
        lib = load()
        golden_json, golden_svg = nav_map.snapshot_json(), nav_map.snapshot_svg()
        for v in views:  # every hostile view leaves: a row each, "not in the hierarchy" after
            v.remove_from_superview()
        current_json, current_svg = nav_map.snapshot_json(), nav_map.snapshot_svg()
        page = _strict(lib.nl_snapshot_diff_page(golden_json.encode(), golden_svg.encode(), current_json.encode(),
                                                 current_svg.encode(), 0.001, HOSTILE_TITLE.encode()))
        _no_raw_controls(page)
        root = ET.fromstring(page)  # before the fix: "mismatched tag" at the unclosed <meta>, <img>
        texts = _texts(root)
        assert f"Layout snapshot diff — {_shown(HOSTILE_TITLE)}" in texts
        # the table of views that moved and the overlay's labels name the hostile views
        for n in names:
            assert _html_shown(n) in texts, f"{n!r} not in the table"
        # both pictures are data: URLs of the snapshots, exactly, and parse as XML themselves
        sources = [el.attrib["src"] for el in root.iter("img")]
        assert len(sources) == 2
        for src, svg in zip(sources, [golden_svg, current_svg]):
            prefix = "data:image/svg+xml;charset=utf-8,"
            assert src.startswith(prefix)
            assert urllib.parse.unquote(src[len(prefix):]) == svg
            ET.fromstring(svg)
