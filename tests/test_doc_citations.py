"""Citations of documents and sections (issue 18): the checker and the rename of
scripts/doc_citations.py, on small fixture trees and on this repository.

Run: ``python3 -m pytest -q tests`` (no library, no toolchain needed).

`test_tree_cites_only_existing_documents` is the strict check of the whole repository: it fails
on any citation of a document outside the repository ("SPEC §n", API.md, ARCHITECTURE.md, the
retired design documents) or of a docs/ section that does not exist.
`test_rename_then_check_passes_on_a_copy_of_this_tree` proves, on a small copy, that the rename
leaves nothing for it to report.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from typing import List, Tuple

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("doc_citations", ROOT / "scripts" / "doc_citations.py")
assert _spec is not None and _spec.loader is not None
dc = importlib.util.module_from_spec(_spec)
sys.modules["doc_citations"] = dc
_spec.loader.exec_module(dc)


def write(root: Path, files: dict) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def findings(root: Path) -> List[Tuple[str, int, str]]:
    return [(f.path, f.line, f.message) for f in dc.check(root)]


# --------------------------------------------------------------------------------------------
# anchors
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("heading, anchor", [
    # GitHub's rule: lower case, punctuation dropped, spaces to hyphens (worked by hand).
    ("Wide mode", "wide-mode"),
    ("Built-in layout and legacy APIs", "built-in-layout-and-legacy-apis"),
    ("`overlap`", "overlap"),
    ("`sizeConstraintOnFixedComponent`", "sizeconstraintonfixedcomponent"),
    ("Views, guides, anchors, constraints", "views-guides-anchors-constraints"),
    ("Where do I change …", "where-do-i-change-"),
    ("Implicit dummy markers (linear chains)", "implicit-dummy-markers-linear-chains"),
    ("Hiding stack, prompts, style values", "hiding-stack-prompts-style-values"),
    ("A [link](x.md) and **bold**", "a-link-and-bold"),
])
def test_slug_is_githubs(heading, anchor):
    assert dc.slug(heading) == anchor


def test_anchors_of_a_document():
    doc = dc.parse_document(
        "# Title\n## Wide mode\ntext\n## Wide mode\n```sh\n## not a heading\n```\n"
        '<a id="explicit"></a>\n**Limits** of the solver.\n')
    assert sorted(doc.anchors) == ["explicit", "title", "wide-mode", "wide-mode-1"]
    assert dc.section_named(doc, "Limits")
    assert dc.section_named(doc, "wide MODE")
    assert not dc.section_named(doc, "not a heading")


# --------------------------------------------------------------------------------------------
# check
# --------------------------------------------------------------------------------------------

def test_check_reports_every_kind_of_missing_document_or_section(tmp_path):
    write(tmp_path, {
        "docs/good.md": "# Good\n## Wide mode\n## Wide mode\n```\n## not a heading\n```\n**Limits** apply.\n",
        "docs/page.md": (
            "[ok](good.md#wide-mode) [ok](good.md#wide-mode-1) [ok](../Sources/a.swift)\n"
            "[bad anchor](good.md#not-a-heading)\n"
            "[bad file](missing.md)\n"
            "[bad local](#nowhere) [ok local](#page)\n"
            "[external](https://example.com/x.md#y) and docs/good.md#wide-mode\n"
            "# Page\n"
            "[ref]: good.md#nothing-here\n"
        ),
        "Sources/a.swift": (
            "// docs/good.md#wide-mode and docs/good.md\n"          # 1 ok
            "// docs/good.md#limits\n"                              # 2 bold text has no anchor
            "// SPEC §4\n"                                          # 3
            "// see API.md\n"                                       # 4
            "// ARCHITECTURE.md\n"                                  # 5
            "// ../shared/docs\n"                                   # 6
            "// and §9\n"                                           # 7
            "// the paper §3.4 and Badros et al. §2\n"              # 8 ok
            '// docs/good.md "Limits" and docs/good.md, "Wide mode"\n'  # 9 ok
            '// docs/good.md "Nothing"\n'                           # 10
            '// tee "$R/table.md"; docs/none.md\n'                  # 11: only docs/none.md
        ),
        "README.md": "See [the page](docs/page.md#page) and [none](docs/page.md#none).\n",
    })
    got = findings(tmp_path)
    assert [(p, n) for p, n, _ in got] == [
        ("README.md", 1),
        ("Sources/a.swift", 2), ("Sources/a.swift", 3), ("Sources/a.swift", 4), ("Sources/a.swift", 5),
        ("Sources/a.swift", 6), ("Sources/a.swift", 7), ("Sources/a.swift", 10), ("Sources/a.swift", 11),
        ("docs/page.md", 2), ("docs/page.md", 3), ("docs/page.md", 4), ("docs/page.md", 7),
    ]
    messages = {(p, n): m for p, n, m in got}
    assert "#none" in messages[("README.md", 1)]
    assert "SPEC.md" in messages[("Sources/a.swift", 3)]
    assert "API.md" in messages[("Sources/a.swift", 4)]
    assert "ARCHITECTURE.md" in messages[("Sources/a.swift", 5)]
    assert "../shared" in messages[("Sources/a.swift", 6)]
    assert "§" in messages[("Sources/a.swift", 7)]
    assert '"Nothing"' in messages[("Sources/a.swift", 10)]
    assert "docs/none.md" in messages[("Sources/a.swift", 11)]
    assert "missing.md" in messages[("docs/page.md", 3)]
    assert "#nowhere" in messages[("docs/page.md", 4)]


def test_check_ignores_files_outside_the_scope_and_fuzz_inputs(tmp_path):
    write(tmp_path, {
        "notes/x.md": "SPEC §1\n",                  # not a checked directory
        "fuzz/corpus/api/seed1": "SPEC §1\n",       # fuzzer input
        "Sources/ok.swift": "// fine\n",
    })
    assert findings(tmp_path) == []


def test_the_citation_map_may_name_the_retired_documents_but_its_links_are_checked(tmp_path):
    write(tmp_path, {
        "docs/behaviour.md": "# B\n## Scope\n",
        "docs/citation-map.md": "SPEC §1 → [scope](behaviour.md#scope); API.md, ARCHITECTURE.md\n"
                                "[gone](behaviour.md#gone)\n",
    })
    assert [(p, n) for p, n, _ in findings(tmp_path)] == [("docs/citation-map.md", 2)]


# --------------------------------------------------------------------------------------------
# rename
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("rel, before, after", [
    ("Sources/NavigationUI/X.swift",
     "    /// Wide mode: `W − S.leading − S.trailing >= 600` (SPEC §4).",
     "    /// Wide mode: `W − S.leading − S.trailing >= 600` (docs/behaviour.md#wide-mode)."),
    ("Sources/NavigationUI/X.swift",
     "    // SPEC §8 diagnostics",
     "    // docs/behaviour.md#diagnostics diagnostics"),
    ("Sources/LayoutEngine/X.swift",
     "    /// (SPEC §2: the most recently activated member of a conflict)",
     "    /// (docs/behaviour.md#unsatisfiable-constraints: the most recently activated member of a conflict)"),
    ("include/navlayout.h",
     "/* Built-in layout: compass rule (SPEC §3, §7)             */",
     "/* Built-in layout: compass rule (docs/behaviour.md#compass-rule, docs/behaviour.md#built-in-layout) */"),
    ("include/navlayout.h",   # more than two sections: the document; the banner keeps its width
     "/* Navigation (SPEC §3 – §8)                                           */",
     "/* Navigation (docs/behaviour.md)                                      */"),
    ("Sources/X.swift",
     "/// A prompt (SPEC §3–4): arrives sized (`min(W, 480)` × the kind's",
     "/// A prompt (docs/behaviour.md#prompt-events, docs/behaviour.md#component-sizes): arrives sized "
     "(`min(W, 480)` × the kind's"),
    ("bindings/python/tests/test_x.py",
     "SPEC §4 (component sizes) and §9 (presets: W x H",
     "docs/behaviour.md#component-sizes and docs/behaviour.md#device-presets (presets: W x H"),
    ("Tests/X.swift",
     "/// computed by hand from SPEC §4's sizes and §9's presets.",
     "/// computed by hand from the sizes in docs/behaviour.md#component-sizes and the presets in "
     "docs/behaviour.md#device-presets."),
    ("Tests/c/test_x.c",
     '"padding = SPEC §10\'s (163, 0, 106, 0)"',
     '"padding = the (163, 0, 106, 0) of docs/behaviour.md#expected-frames"'),
    ("Tests/c/test_x.c",
     '    FRAME(map, "etaCard", 0, 746, 393, 106, "SPEC §10");',
     '    FRAME(map, "etaCard", 0, 746, 393, 106, "docs/behaviour.md#expected-frames");'),
    ("Sources/X.swift",
     '/// in points (SPEC §4 "NavigationStyleValues"), so',
     "/// in points (docs/behaviour.md#style-values), so"),
    ("Tests/x.py",
     '# SPEC §10 "prompt shown, >= 0.4 s"',
     '# docs/behaviour.md#expected-frames "prompt shown, >= 0.4 s"'),
    ("Sources/X.swift",
     '/// (`NL_ERR_*` in include/navlayout.h, API.md "Status codes") and',
     "/// (`NL_ERR_*` in include/navlayout.h, docs/api.md#status-codes) and"),
    ("Sources/X.swift",
     "/// used from one thread at a time (API.md), and",
     "/// used from one thread at a time (docs/api.md#threads), and"),
    ("Sources/X.swift",
     '/// running animations (ARCHITECTURE.md: "Incremental by',
     '/// running animations (docs/architecture.md#principles: "Incremental by'),
    ("Package.swift",
     "// See README.md and ../shared/docs/ARCHITECTURE.md.",
     "// See README.md and docs/architecture.md."),
    ("Sources/X.swift",
     '        message: "\\(p) refuses layout delegates (SPEC §3); running with the built-in layout"',
     '        message: "\\(p) refuses layout delegates (docs/behaviour.md#setting-the-layout-delegate); '
     'running with the built-in layout"'),
    ("Sources/X.swift", "/// (SPEC §5's curve)", "/// (docs/behaviour.md#timing-curves: curve)"),
    ("Sources/LayoutSolver/Solver.swift", "/// (paper §3.4 / kiwi)", "/// (paper §3.4 / kiwi)"),
    # markdown pages of the repository get relative links titled by the section
    ("README.md", "Presets (SPEC §9): `iphone-portrait`",
     "Presets ([device presets](docs/behaviour.md#device-presets)): `iphone-portrait`"),
    ("docs/snapshot-schema.md", "| `wideMode` | bool | SPEC §4: `W − S.left − S.right >= 600` |",
     "| `wideMode` | bool | [wide mode](behaviour.md#wide-mode): `W − S.left − S.right >= 600` |"),
    ("docs/porting-from-ios.md", "See `API.md` for the contract",
     "See [api.md](api.md) for the contract"),
    ("bench/RESULTS.md", "a diagnostic, SPEC §8).",
     "a diagnostic, [diagnostics](../docs/behaviour.md#diagnostics))."),
    # … except the Python package's long description (shown on PyPI), which keeps plain paths
    ("bindings/python/README.md", "the compass rule of SPEC §3)",
     "the compass rule of docs/behaviour.md#compass-rule)"),
])
def test_rename_line(rel, before, after):
    assert dc.rename_line(before, dc.Renderer(dc.Repository(ROOT), rel)) == after


def test_rename_joins_a_citation_that_spans_two_lines():
    text = ('/** The compass setting (default false; SPEC §3 "compass\n'
            ' *  rule"): while navigation is disabled, the compass shows. */\n')
    assert dc.rename_text(text, dc.Renderer(dc.Repository(ROOT), "include/navlayout.h")) == (
        "/** The compass setting (default false; docs/behaviour.md#compass-rule):\n"
        " *  while navigation is disabled, the compass shows. */\n")


def copy_of_this_tree(dest: Path) -> Path:
    """The repository's files (tracked, and untracked but not ignored) copied to `dest`, without
    .git, so that the checker walks it like any tree."""
    import subprocess
    out = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                         check=True, capture_output=True)
    for rel in out.stdout.decode().split("\0"):
        if rel and (ROOT / rel).is_file():
            target = dest / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, target)
    return dest


def test_rename_then_check_passes_on_a_copy_of_this_tree(tmp_path):
    tree = copy_of_this_tree(tmp_path / "tree")
    dc.rename(tree)
    left = [str(f) for f in dc.check(tree)]
    assert left == [], "after the rename these citations still point nowhere:\n" + "\n".join(left)
    assert dc.rename(tree) == [], "the rename is not idempotent"


def test_citation_map_shows_the_rename_table():
    assert dc.section_table() in (ROOT / "docs" / "citation-map.md").read_text(encoding="utf-8")


def test_tree_cites_only_existing_documents():
    """The strict check of this repository (see the module docstring)."""
    left = [str(f) for f in dc.check(ROOT)]
    assert left == [], f"{len(left)} citations of documents or sections that do not exist " \
                       "(python3 scripts/doc_citations.py check):\n" + "\n".join(left)
