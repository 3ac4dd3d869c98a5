"""Issue 17, item 3: every SVG and HTML output is well-formed XML for any identifier, read with an
XML parser (the standard library's expat, through ``xml.etree.ElementTree``); JSON keeps every
identifier. Identifiers come from C as raw bytes — every byte 0x01-0x1F, quotes, ``<``, ``&``,
``]]>``, invalid UTF-8 — or from Python strings. Before the fix the control bytes landed raw in
the SVG's ``<text>`` and ``<title>`` and expat stopped at the first ("not well-formed (invalid
token)"); the gallery and demo pages also had unclosed ``<meta>`` / ``<img>`` tags.
"""

from __future__ import annotations

import io
import json
import os
import xml.etree.ElementTree as ET

import pytest

import navlayout as nl
from navlayout._ffi import load
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
    viewport (so each is labelled in the SVG, and the obstruction diagnostics name them)."""
    nav_map = nl.MapView.preset("iphone-portrait")
    nav_map.navigation_enabled = True
    lib = load()
    names = []
    for i, raw in enumerate(HOSTILE_BYTES):
        v = nav_map.make_view()
        assert lib.nl_view_set_identifier(v._handle(), raw) == 0
        nav_map.add_subview(v)
        nl.activate([v.leading_anchor.constraint(equal_to=nav_map.leading_anchor, constant=(i % 8) * 48),
                     v.top_anchor.constraint(equal_to=nav_map.top_anchor, constant=100 + (i // 8) * 48),
                     v.width_anchor.constraint(equal_to_constant=40),
                     v.height_anchor.constraint(equal_to_constant=40)])
        names.append(v.identifier)  # as the library holds it: invalid UTF-8 became U+FFFD
    return nav_map, names


def test_identifiers_from_c_are_repaired_utf8():
    nav_map, names = _hostile_map()
    with nav_map:
        assert names[0] == "a\x01b" and names[37] == "invalid \ufffd\ufffd utf-8"
        assert all("\ufffd" in n for n in names[38:41]) and names[41] == "noncharacter \uffff"


def test_svg_is_well_formed_for_any_identifier():
    nav_map, names = _hostile_map()
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
    nav_map, names = _hostile_map()
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
