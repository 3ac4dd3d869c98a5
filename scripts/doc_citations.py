#!/usr/bin/env python3
"""Citations of documents in NavLayout's sources, tests and docs (issue 18).

Two jobs, one table of the repository's documents:

``check``
    Fails (exit 1) when any file of the repository cites a document or a section that does not
    exist in the repository: a markdown link ``[..](path#anchor)``, a bare
    ``docs/behaviour.md#wide-mode``,
    a section name quoted after a document (``docs/solver.md "Limits"``), or one of the team's
    design documents that never were part of the repository (``SPEC §n``, ``SPEC.md``,
    ``API.md``, ``ARCHITECTURE.md``, ``../shared``) or a bare section mark ``§n``.

``rename``
    Rewrites every citation of those design documents to the repository's own sections
    (``SPEC §8`` → ``docs/behaviour.md#diagnostics``, ``API.md "Status codes"`` →
    ``docs/api.md#status-codes``), choosing the section from the words around the citation
    (``SPEC §4`` next to "wide" → ``#wide-mode``). The table it uses is docs/citation-map.md.

``map``
    Prints the section table (SPEC section → anchor) as markdown.

Anchors are GitHub's: a heading's text, lower-cased, without punctuation, spaces turned into
hyphens, ``-1``, ``-2``… for repeats; ``<a id="…">`` / ``<a name="…">`` count too.

usage:
    python3 scripts/doc_citations.py check [--root DIR]
    python3 scripts/doc_citations.py rename [--root DIR] [--dry-run]
    python3 scripts/doc_citations.py map

Standard library only (runs before any dependency is installed).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

# --------------------------------------------------------------------------------------------
# What is checked
# --------------------------------------------------------------------------------------------

#: Directories whose files are checked (and renamed), relative to the repository root.
SCOPE_DIRS = ("Sources", "include", "bindings", "examples", "Tests", "tests", "docs", "scripts",
              "bench", "fuzz", "cmake", ".ci")
#: Files at the root that are checked.
SCOPE_FILES = ("README.md", "CHANGELOG.md", "Package.swift", "CMakeLists.txt")
#: Inputs of the fuzzers: bytes, not documents.
SKIP_PREFIXES = ("fuzz/corpus/", "fuzz/regressions/")
#: Files that name the retired documents on purpose: the map from old citations to new sections,
#: and this checker and its tests. Their links and anchors are still checked.
RETIRED_NAMES_ALLOWED = ("docs/citation-map.md", "scripts/doc_citations.py",
                         "tests/test_doc_citations.py")
#: Files whose citations are test fixtures (documents that exist only in a temporary tree).
FIXTURES = ("tests/test_doc_citations.py",)

# The retired design documents, each with the message the checker gives.
RETIRED = (
    (re.compile(r"\bSPEC\b"), "SPEC.md"),
    (re.compile(r"(?<![\w/.-])API\.md\b"), "API.md"),
    (re.compile(r"(?<![\w/.-])ARCHITECTURE\.md\b"), "ARCHITECTURE.md"),
    (re.compile(r"(?:\.\./|/work/)shared\b"), "../shared"),
)
#: A section mark with a number; allowed only when the line names a published source before it
#: (the Cassowary paper: "Badros, Borning & Stuckey, TOCHI 2001, §3.2 and §3.4", "paper §3.4").
SECTION_MARK = re.compile(r"§\s?\d")
SOURCE_BEFORE_MARK = re.compile(r"\bpaper\b|\bet al\b|\bTOCHI\b|\bBadros\b|\bACM\b|\bRFC\b|\bIEEE\b|\bISO\b")
#: A repository path of a markdown document, optionally with an anchor. A path with a directory
#: is relative to the repository root; a bare file name is checked only with an anchor.
BARE_DOC = re.compile(r"(?<![\w./${}-])((?:[\w.-]+/)*[\w.-]+\.md)(#[\w-]*)?")
#: A section name quoted after a document: docs/solver.md "Limits", docs/solver.md, "Limits".
QUOTED_SECTION = re.compile(r"(?<![\w./${}-])((?:[\w.-]+/)*[\w.-]+\.md)`?,?\s+\"([^\"\n]{2,80})\"")
INLINE_LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_LINK = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+\"[^\"]*\")?\s*$")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
FENCE = re.compile(r"^\s{0,3}(```|~~~)")
ATX_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR = re.compile(r"<a\s+(?:[^>]*\s)?(?:id|name)=\"([^\"]+)\"", re.IGNORECASE)


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


# --------------------------------------------------------------------------------------------
# Files and anchors
# --------------------------------------------------------------------------------------------

def in_scope(rel: str) -> bool:
    if rel.startswith(SKIP_PREFIXES):
        return False
    if rel in SCOPE_FILES:
        return True
    return rel.split("/", 1)[0] in SCOPE_DIRS and "/" in rel


def repository_files(root: Path) -> List[str]:
    """Relative paths (POSIX) of the text files to check: git's tracked and untracked-but-not-
    ignored files when `root` is a git work tree, every file otherwise."""
    names: Iterable[str]
    try:
        out = subprocess.run(
            ["git", "-C", str(root), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            check=True, capture_output=True)
        names = [n for n in out.stdout.decode("utf-8", "replace").split("\0") if n]
        # Only a work tree whose top is `root` (not a scratch copy inside another repository).
        top = subprocess.run(["git", "-C", str(root), "rev-parse", "--show-toplevel"],
                             check=True, capture_output=True, text=True).stdout.strip()
        if Path(top).resolve() != root.resolve():
            raise subprocess.CalledProcessError(1, "git")
    except (OSError, subprocess.CalledProcessError):
        skip_dirs = {".git", ".build", "build", "build-fuzz", "__pycache__", ".pytest_cache",
                     ".mypy_cache", "node_modules"}
        collected = []
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in skip_dirs and not d.endswith(".egg-info")]
            for f in filenames:
                collected.append(Path(dirpath, f).relative_to(root).as_posix())
        names = collected
    return sorted(n for n in set(names) if in_scope(n) and (root / n).is_file())


def read_text(path: Path) -> Optional[str]:
    """The file's text, or None for a binary file."""
    data = path.read_bytes()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's text (before de-duplication)."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)   # links and images: their text
    text = re.sub(r"<[^>]+>", "", text)                           # inline HTML
    text = text.replace("`", "").replace("*", "")
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def markdown_lines(text: str) -> Iterator[Tuple[int, str, bool]]:
    """(line number, line, inside a fenced code block) for every line of a markdown text."""
    fence: Optional[str] = None
    for n, line in enumerate(text.splitlines(), 1):
        m = FENCE.match(line)
        if m:
            if fence is None:
                fence = m.group(1)
                yield n, line, True
                continue
            if m.group(1) == fence:
                fence = None
                yield n, line, True
                continue
        yield n, line, fence is not None


@dataclass
class Document:
    anchors: Dict[str, str]     # anchor -> heading text
    headings: List[str]         # heading texts, in order
    emphasised: List[str]       # **bold** runs


def parse_document(text: str) -> Document:
    anchors: Dict[str, str] = {}
    headings: List[str] = []
    counts: Dict[str, int] = {}
    for _, line, in_code in markdown_lines(text):
        if in_code:
            continue
        for a in HTML_ANCHOR.findall(line):
            anchors.setdefault(a, a)
        m = ATX_HEADING.match(line)
        if not m:
            continue
        heading = m.group(2)
        base = slug(heading)
        n = counts.get(base, 0)
        counts[base] = n + 1
        anchors[base if n == 0 else f"{base}-{n}"] = heading
        headings.append(heading)
    emphasised = re.findall(r"\*\*([^*\n]+)\*\*", text)
    return Document(anchors, headings, emphasised)


class Repository:
    """The files of a repository and the anchors of its markdown documents."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._docs: Dict[str, Optional[Document]] = {}

    def exists(self, rel: str) -> bool:
        return (self.root / rel).exists()

    def document(self, rel: str) -> Optional[Document]:
        if rel not in self._docs:
            path = self.root / rel
            text = read_text(path) if path.is_file() else None
            self._docs[rel] = parse_document(text) if text is not None else None
        return self._docs[rel]


def normalise(rel: PurePosixPath) -> Optional[str]:
    """`a/b/../c` → `a/c`; None when the path leaves the repository."""
    parts: List[str] = []
    for p in rel.parts:
        if p in ("", "."):
            continue
        if p == "..":
            if not parts:
                return None
            parts.pop()
        else:
            parts.append(p)
    return "/".join(parts)


def section_named(doc: Document, name: str) -> bool:
    """Whether `name` is the start of a heading or of a bold run of `doc` (case and spacing
    ignored): how prose cites a section ("Ill-conditioned systems", "Limits")."""
    def norm(s: str) -> str:
        return re.sub(r"\s+", " ", s.replace("`", "")).strip().lower()
    wanted = norm(name)
    return any(norm(h).startswith(wanted) for h in doc.headings + doc.emphasised)


# --------------------------------------------------------------------------------------------
# check
# --------------------------------------------------------------------------------------------

def check_file(repo: Repository, rel: str, text: str) -> List[Finding]:
    findings: List[Finding] = []
    is_markdown = rel.endswith(".md")
    retired_ok = rel in RETIRED_NAMES_ALLOWED
    base_dir = PurePosixPath(rel).parent

    def target(path: str, anchor: Optional[str], n: int, relative_to: PurePosixPath, what: str) -> None:
        resolved = normalise(relative_to / path) if not path.startswith("/") else normalise(PurePosixPath(path[1:]))
        if resolved is None or not repo.exists(resolved):
            findings.append(Finding(rel, n, f"{what} {path!r}: no such file in the repository"))
            return
        if anchor and resolved.endswith(".md"):
            doc = repo.document(resolved)
            if doc is not None and anchor not in doc.anchors:
                findings.append(Finding(rel, n, f"{what} {path}#{anchor}: {resolved} has no section "
                                                f"with the anchor #{anchor}"))

    lines = markdown_lines(text) if is_markdown else ((n, l, False) for n, l in enumerate(text.splitlines(), 1))
    for n, line, in_code in lines:
        if not retired_ok:
            for pattern, name in RETIRED:
                for _ in pattern.finditer(line):
                    findings.append(Finding(rel, n, f"cites {name}, a document outside the repository "
                                                    "(cite docs/behaviour.md, docs/api.md or docs/architecture.md)"))
            spec_spans = [m.span() for m in SPEC_GROUP.finditer(line)]
            for m in SECTION_MARK.finditer(line):
                if any(a <= m.start() < b for a, b in spec_spans):
                    continue   # part of a SPEC citation, reported above
                if not SOURCE_BEFORE_MARK.search(line[:m.start()]):
                    findings.append(Finding(rel, n, "section mark '§' without a document of this repository"))
        link_spans: List[Tuple[int, int]] = []
        if is_markdown and not in_code:
            for m in INLINE_LINK.finditer(line):
                link_spans.append(m.span())
                dest = m.group(1)
                if not dest or SCHEME.match(dest) or dest.startswith("<doc:"):
                    continue
                path, _, anchor = dest.partition("#")
                if not path:
                    doc = repo.document(rel)
                    if doc is not None and anchor and anchor not in doc.anchors:
                        findings.append(Finding(rel, n, f"link #{anchor}: this document has no such section"))
                    continue
                target(path, anchor or None, n, base_dir, "link to")
            m2 = REFERENCE_LINK.match(line)
            if m2 and not SCHEME.match(m2.group(1)):
                link_spans.append(m2.span())
                path, _, anchor = m2.group(1).partition("#")
                if path:
                    target(path, anchor or None, n, base_dir, "link to")
        for m in BARE_DOC.finditer(line):
            if any(a <= m.start() < b for a, b in link_spans):
                continue
            path, anchor = m.group(1), (m.group(2) or "")[1:]
            if "/" not in path and not anchor:
                continue
            where = PurePosixPath(".") if "/" in path else base_dir
            target(path, anchor or None, n, where, "cites")
        for m in QUOTED_SECTION.finditer(line):
            path, name = m.group(1), m.group(2)
            if any(a <= m.start() < b for a, b in link_spans) or "/" not in path:
                continue
            resolved = normalise(PurePosixPath(path))
            doc = repo.document(resolved) if resolved else None
            if doc is not None and not section_named(doc, name):
                findings.append(Finding(rel, n, f"cites {path} \"{name}\": {path} has no heading or "
                                                f"bold paragraph starting with \"{name}\""))
    return findings


def check(root: Path) -> List[Finding]:
    repo = Repository(root)
    findings: List[Finding] = []
    for rel in repository_files(root):
        text = read_text(root / rel) if rel not in FIXTURES else None
        if text is not None:
            findings.extend(check_file(repo, rel, text))
    return findings


# --------------------------------------------------------------------------------------------
# rename: the table (docs/citation-map.md shows it) and the context rules
# --------------------------------------------------------------------------------------------

BEHAVIOUR, API, ARCHITECTURE = "docs/behaviour.md", "docs/api.md", "docs/architecture.md"

#: SPEC section → (default anchor in docs/behaviour.md, SPEC's title).
SECTIONS: Dict[int, Tuple[str, str]] = {
    1: ("scope", "What the library is"),
    2: ("layout-engine", "Layout engine (Auto Layout model)"),
    3: ("navigation-state-machine", "Navigation state machine"),
    4: ("sdk-components", "SDK-provided components"),
    5: ("animation", "Animation"),
    6: ("camera-framing", "Camera framing"),
    7: ("built-in-layout-and-legacy-apis", "Built-in layout and the legacy slot APIs"),
    8: ("diagnostics", "Diagnostics"),
    9: ("device-presets", "Reference geometry"),
    10: ("acceptance-values", "Acceptance: the seed's sample delegate on iphone-portrait"),
}

_DIAGNOSTIC_CODES = ("unsatisfiable", "ambiguousLayout", "missingRequiredComponent",
                     "sizeConstraintOnFixedComponent", "staleComponent", "viewportObstructed",
                     "overlap", "offscreen", "wideModeCardsNotLeading", "leftRightAnchor",
                     "hiddenInHidingStack", "legacyAPIIgnored", "emptyViewport")


def _snake_upper(name: str) -> str:
    return re.sub(r"(?<=[a-z])(?=[A-Z])", "_", name).upper()


#: SPEC section → ordered rules (pattern, anchor[, "before"]) on the words around a citation,
#: case-insensitive. The rules are tried first on the text before the citation on its line (what
#: the citation is about usually precedes it), then on the whole line; a rule marked "before" is
#: tried only on the 60 characters before the citation. The section's default anchor otherwise.
#: Written against the wording of the citations in the tree (issue 18).
CONTEXT_RULES: Dict[int, List[Tuple[str, ...]]] = {
    1: [(r"coordinat|origin|\bunits?\b|geometry|size and safe area|\bin points\b", "units-and-coordinates")],
    2: [
        (r"hiding.?stack|arranged|\bstack\b|stacked|spacing|bottom one|ishidden|hidden", "hiding-stack"),
        (r"intrinsic|hugging|compression", "intrinsic-content-size"),
        (r"unsatisf|conflict|broken|\bbreak|most recently|left out|leave this required", "unsatisfiable-constraints"),
        (r"sets the constant|set_constant|mutable .?constant", "constraints"),
        (r"layout pass|lazy|layoutifneeded|layout_if_needed|incremental|defines the result", "layout-pass"),
        (r"right-to-left|left-to-right|\brtl\b|mirror|leading/trailing|leading and trailing|direction",
         "right-to-left-layout"),
        (r"views, guides, anchors, constraints", "layout-engine"),
        (r"priorit|hierarchical|\b75[01]\b|outweigh", "priorities"),
        (r"anchor|\baxis\b|\baxes\b|attribute", "anchors"),
        (r"common ancestor|common_ancestor|half-added|for a dimension", "constraints"),
        (r"margin|safe.?area|guide|uiview|superview|subview|subtree|remov|descendant|takes part in layout|"
         r"hierarchy", "views-and-layout-guides"),
        (r"constraint|activat", "constraints"),
    ],
    3: [
        (r"compass rule|compassbutton|compass_button|compass setting|own compass", "compass-rule"),
        (r"carplay|car.?play|refuses? (?:layout )?delegates|running with the built-in|setlayoutdelegate|"
         r"set_layout_delegate|err_navigation_enabled|navigationenabled|restores the built-in",
         "setting-the-layout-delegate"),
        (r"buttons? \[|reporting button|incident reporting|incidentreporting|incident_reporting", "state-objects"),
        (r"by type|by index|shuffle|button type|navigationbutton|navigationuibutton|\bbuttons?\b", "buttons"),
        (r"arrives?\b.{0,12}sized|suppress|shoulddisplayprompts|should_display|speed-camera|prompts? other|"
         r"prompt of|triggerprompt|trigger_prompt|\bprompts?\b", "prompt-events"),
        (r"not undone|undo|fails?\b|failing", "callbacks-that-fail"),
        (r"reentran|re-entran|inside a callback|from a callback|from inside|invalid_state|not valid|"
         r"invalidstate|invalid state|refused then", "invalid-events-and-re-entrancy"),
        (r"state object|uistate|ui_state|read-only|snapshot handed|navigationready|activeguidance|"
         r"navigation-ready|active-guidance|components of a state", "state-objects"),
        (r"table|callback|transition|\bevents?\b|resize|order", "events-and-callbacks"),
    ],
    4: [
        (r"corner|rounded", "prompts-and-corner-masks"),
        (r"margin", "component-sizes"),
        (r"navigationstylevalues|style value|headernominalheight|header_nominal|s\.top \+ 104|"
         r"height below the safe-area top", "style-values"),
        (r"\bpans?\b|re-center|recenter|panmap", "speed-widget-and-re-center-button"),
        (r"wide.?mode|side-by-side|>= ?600|0\.45|widecardwidth", "wide-mode"),
        (r"\bsizes?\b|\d+ ?[x×] ?\d+|height|width|fixed|\bkinds?\b|incident 120", "component-sizes"),
        (r"\bwide\b|leading edge", "wide-mode"),
        (r"speed.?widget|speedwidget|speed_widget", "speed-widget-and-re-center-button"),
    ],
    5: [
        (r"b[ée]zier|ease|curve|progress", "timing-curves"),
        (r"clock|advance|\btime\b|completion", "clock-and-completions"),
    ],
    7: [
        (r"settings and guides", "built-in-layout-and-legacy-apis"),
        (r"legacy (?:layout )?guides?\b|layoutguide\b|_layout_guide|legacy_guide|guide following|"
         r"guide around|guide for", "legacy-layout-guides"),
        (r"legacy slot|slot settings?|padding|accessory|isnavigation\w*enabled", "legacy-slot-settings"),
        (r"legacy", "built-in-layout-and-legacy-apis"),
        (r"built-in|builtin|own layout|no custom delegate|puts the sdk", "built-in-layout"),
    ],
    8: [(rf"\b{code}\b|\b{_snake_upper(code)}\b", code.lower(), "before") for code in _DIAGNOSTIC_CODES] + [
        (r"legacy", "legacyapiignored"),
        (r"opaque", "viewportobstructed"),
        (r"prompts float above cards|z-order", "overlap"),
        (r"table|\bcodes?\b|spell|\bnames?\b|camelcase|severity", "diagnostic-codes", "before"),
    ],
    10: [
        (r"frame\(|check_rect|\(\d+, \d+, \d+, \d+\)|camera|frames?\b|prompt shown|\d+ ?- ?\d+|"
         r"stack bottom|padding|active guidance|number by number|frame by frame", "expected-frames"),
        (r"sample|slide|delegate|layout \(", "the-sample-delegate"),
    ],
}

#: Quoted names after a SPEC section that name a section of docs/behaviour.md.
QUOTED_NAMES: Dict[Tuple[int, str], str] = {
    (2, "Layout pass"): "layout-pass",
    (3, "resize"): "events-and-callbacks",
    (3, "compass rule"): "compass-rule",
    (4, "NavigationStyleValues"): "style-values",
}

#: API.md / ARCHITECTURE.md quoted names → anchors.
API_NAMES: Dict[str, str] = {
    "status codes": "status-codes",
    "raw solver": "raw-solver",
    "options": "map-view",
    "conventions": "c-conventions",
}
ARCHITECTURE_NAMES: Dict[str, str] = {
    "incremental by construction": "principles",
}

#: Whole phrases rewritten as a unit (before the general rules), where the general rules would
#: read badly. {b:anchor} / {a:anchor} / {r:anchor} are citations of docs/behaviour.md,
#: docs/api.md, docs/architecture.md (rendered per file type); {b} is the document itself.
PHRASES: List[Tuple[str, str]] = [
    (r'docs SPEC\.md \("SPEC §n" below\), names in API\.md',
     'docs/behaviour.md (cited as docs/behaviour.md#<section> below), names in docs/api.md'),
    (r"\(SPEC: a failing callback does not undo it\)", "({b:callbacks-that-fail}: a failing callback does not undo it)"),
    (r"SPEC presets", "the presets of {b:device-presets}"),
    (r"the SPEC's camelCase name", "the camelCase name in {b:diagnostic-codes}"),
    (r"SPEC §3's table", "the table in {b:events-and-callbacks}"),
    (r"SPEC §8's table", "the table in {b:diagnostic-codes}"),
    (r"SPEC §8's spelling of the code", "The code as {b:diagnostic-codes} spells it"),
    (r"SPEC §4: logo, buttons, cards, prompts 8", "{b:component-sizes}: logo, buttons, cards, prompts 8"),
    (r"Applies the SPEC §4 sizes", "Applies the sizes of {b:component-sizes}"),
    (r'SPEC §3 "compass\n(\s*\*\s*)rule"\): ', r"{b:compass-rule}):\n\1"),
    (r'ARCHITECTURE\.md: "Incremental by', '{r:principles}: "Incremental by'),
    (r"SPEC §8's names", "the names in {b:diagnostic-codes}"),
    (r"SPEC §4's sizes and §9's presets", "the sizes in {b:component-sizes} and the presets in {b:device-presets}"),
    (r"SPEC §10's active-guidance frames", "the active-guidance frames of {b:expected-frames}"),
    (r"SPEC §10's (\(163, 0, 106, 0\))", r"the \1 of {b:expected-frames}"),
    (r"SPEC §4 \(component sizes\) and §9 \(presets", "{b:component-sizes} and {b:device-presets} (presets"),
    (r"for a dimension \(SPEC §2\)", "for a dimension ({b:constraints})"),
    (r"\(API\.md\)", "({a:threads})"),
    (r"API\.md conventions", "{a:c-conventions}"),
    (r"follow SPEC\.md more closely", "follow {b} more closely"),
    # A section of docs/solver.md cited by an old name.
    (r'docs/solver\.md "Implicit markers"', 'docs/solver.md "Implicit dummy markers"'),
]

SPEC_GROUP = re.compile(
    r"`?SPEC(?:\.md)?`?"
    r"(?P<refs>\s?§\s?\d+(?:\.\d+)?(?:\s*(?:,|and|–|-)\s*§?\s?\d+(?:\.\d+)?)*)?"
    r"(?P<poss>'s)?"
    r"(?P<quote>\s+\"[^\"\n]{1,60}\")?")
API_CITE = re.compile(r"`?(?:\.\./shared/docs/)?API\.md`?(?P<quote>,?\s+\"[^\"\n]{1,60}\")?")
ARCHITECTURE_CITE = re.compile(r"`?(?:\.\./shared/docs/)?ARCHITECTURE\.md`?(?P<quote>:?,?\s+\"[^\"\n]{1,60}\")?")
SHARED_SPEC = re.compile(r"`?\.\./shared/docs/SPEC\.md`?")
STRAY_MARK = re.compile(r"§\s?(\d+)(?P<poss>'s)?")


class Renderer:
    """Writes a citation in the style of the file it goes into: a relative markdown link in the
    repository's own markdown pages, the bare repository path everywhere else (code, comments,
    messages, DocC, the Python package's long description)."""

    def __init__(self, repo: Repository, rel: str) -> None:
        self.repo = repo
        self.rel = rel
        top = rel.split("/", 1)[0]
        self.links = rel.endswith(".md") and ("/" not in rel or (top == "docs" and rel.count("/") == 1)
                                               or top in ("bench", "fuzz", "Tests"))

    def title(self, doc: str, anchor: Optional[str]) -> str:
        if not anchor:
            return PurePosixPath(doc).name
        d = self.repo.document(doc)
        heading = d.anchors.get(anchor, anchor) if d else anchor
        heading = heading.replace("`", "")
        return heading[:1].lower() + heading[1:] if heading[:1].isupper() and not heading[1:2].isupper() else heading

    def cite(self, doc: str, anchor: Optional[str] = None, *, in_code_span: bool = False) -> str:
        ref = doc + (f"#{anchor}" if anchor else "")
        if not self.links or in_code_span:
            return ref
        rel_dir = PurePosixPath(self.rel).parent
        path = os.path.relpath(doc, rel_dir.as_posix() or ".")
        return f"[{self.title(doc, anchor)}]({PurePosixPath(path).as_posix()}{'#' + anchor if anchor else ''})"

    def template(self, text: str) -> str:
        def sub(m: "re.Match[str]") -> str:
            doc = {"b": BEHAVIOUR, "a": API, "r": ARCHITECTURE}[m.group(1)]
            return self.cite(doc, m.group(2))
        return re.sub(r"\{([bar])(?::([\w-]+))?\}", sub, text)


def anchor_for(section: int, line: str, position: int) -> str:
    """The anchor of docs/behaviour.md for a citation of SPEC `section` at `position` of `line`."""
    before = line[:position]
    rules = CONTEXT_RULES.get(section, [])
    # "SPEC §2: the most recently activated …": the words after the colon say what is cited.
    after = re.match(r"\s?\d+(?:\.\d+)?(?:\s*[,–-]\s*§?\s?\d+)*:\s*(.{0,70})", line[position:].split("§", 1)[-1])
    if after:
        for rule in rules:
            if rule[2:] != ("before",) and re.search(rule[0], after.group(1), re.IGNORECASE):
                return rule[1]
    for rule in rules:
        text = before[-60:] if rule[2:] == ("before",) else before
        if re.search(rule[0], text, re.IGNORECASE):
            return rule[1]
    for rule in rules:
        if rule[2:] != ("before",) and re.search(rule[0], line, re.IGNORECASE):
            return rule[1]
    return SECTIONS[section][0]


def _sections(refs: str) -> List[int]:
    """'§3, §7' → [3, 7]; '§3–4' / '§3 – §8' → [3, 4] / [3, …, 8]; sub-sections count as their
    section."""
    out: List[int] = []
    tokens = re.findall(r"(\d+)(?:\.\d+)?|(–|-)", refs)
    pending_range = False
    for number, dash in tokens:
        if dash:
            pending_range = True
            continue
        n = int(number)
        if pending_range and out:
            out.extend(range(out[-1] + 1, n + 1))
        else:
            out.append(n)
        pending_range = False
    return [n for n in out if n in SECTIONS]


def _in_code_span(line: str, pos: int) -> bool:
    return line.count("`", 0, pos) % 2 == 1


def _keep_width(original: str, new: str) -> str:
    """Keeps the width of banner comments: `/* Title (…)      */` and `# -- title ------`."""
    if len(new) == len(original):
        return new
    for pattern, minimum in ((r"^(.*?\S)( {2,})(\*/\s*)$", 1), (r"^(.*?\S )(-{3,})(\s*)$", 3)):
        if re.match(pattern, original):
            m = re.match(pattern, new)
            if m:
                fill = m.group(2)[0]
                width = max(minimum, len(original) - len(m.group(1)) - len(m.group(3)))
                return m.group(1) + fill * width + m.group(3)
    return new


def rename_line(line: str, renderer: Renderer) -> str:
    original = line
    for pattern, template in PHRASES:
        if "\\n" not in pattern:
            line = re.sub(pattern, lambda m: renderer.template(m.expand(template)), line)

    def spec(m: "re.Match[str]") -> str:
        refs, poss, quote = m.group("refs"), m.group("poss"), m.group("quote")
        code_span = _in_code_span(line, m.start()) and not m.group(0).startswith("`")
        if not refs:
            return renderer.cite(BEHAVIOUR, in_code_span=code_span) + (":" if poss else "")
        sections = _sections(refs)
        anchors: List[str] = []
        if len(set(sections)) > 2:
            cited = renderer.cite(BEHAVIOUR, in_code_span=code_span)
        else:
            name = quote.strip().strip('"') if quote else None
            for s in sections:
                a = QUOTED_NAMES.get((s, name)) if name else None
                if a is None and name and renderer.repo.document(BEHAVIOUR) and \
                        slug(name) in renderer.repo.document(BEHAVIOUR).anchors:  # type: ignore[union-attr]
                    a = slug(name)
                if a is not None:
                    quote = None
                a = a or anchor_for(s, line, m.start())
                if a not in anchors:
                    anchors.append(a)
            cited = ", ".join(renderer.cite(BEHAVIOUR, a, in_code_span=code_span) for a in anchors)
        return cited + (":" if poss else "") + (quote or "")

    line = SHARED_SPEC.sub(lambda m: renderer.cite(BEHAVIOUR), line)
    line = SPEC_GROUP.sub(spec, line)

    def named(doc: str, names: Dict[str, str]):
        def sub(m: "re.Match[str]") -> str:
            quote = m.group("quote")
            code_span = _in_code_span(line, m.start()) and not m.group(0).startswith("`")
            if quote:
                name = quote.strip(" :,").strip('"')
                anchor = names.get(name.lower())
                if anchor is None:
                    d = renderer.repo.document(doc)
                    anchor = slug(name) if d and slug(name) in d.anchors else None
                if anchor is not None:
                    if doc == ARCHITECTURE:   # the quoted principle stays: it names a paragraph
                        return renderer.cite(doc, anchor, in_code_span=code_span) + ": " + quote.strip(" :,")
                    return renderer.cite(doc, anchor, in_code_span=code_span)
                return renderer.cite(doc, in_code_span=code_span) + quote
            if doc == API and re.search(r"thread", line, re.IGNORECASE):
                return renderer.cite(doc, "threads", in_code_span=code_span)
            return renderer.cite(doc, in_code_span=code_span)
        return sub

    line = API_CITE.sub(named(API, API_NAMES), line)
    line = ARCHITECTURE_CITE.sub(named(ARCHITECTURE, ARCHITECTURE_NAMES), line)

    if line != original:
        # A § left over on a line that cited SPEC continues that citation ("SPEC §4 … and §9").
        def stray(m: "re.Match[str]") -> str:
            if SOURCE_BEFORE_MARK.search(line[:m.start()]):
                return m.group(0)
            n = int(m.group(1))
            if n not in SECTIONS:
                return m.group(0)
            return renderer.cite(BEHAVIOUR, anchor_for(n, line, m.start())) + (":" if m.group("poss") else "")
        line = STRAY_MARK.sub(stray, line)
    return _keep_width(original, line)


def rename_text(text: str, renderer: Renderer) -> str:
    for pattern, template in PHRASES:   # the phrases that span two lines
        if "\\n" in pattern:
            text = re.sub(pattern, lambda m: renderer.template(m.expand(template)), text)
    return "".join(rename_line(l[:-1] if l.endswith("\n") else l, renderer) + ("\n" if l.endswith("\n") else "")
                   for l in text.splitlines(keepends=True))


def rename(root: Path, dry_run: bool = False) -> List[str]:
    """Rewrites the retired citations under `root`; returns the changed files."""
    repo = Repository(root)
    changed = []
    for rel in repository_files(root):
        if rel in RETIRED_NAMES_ALLOWED:
            continue
        path = root / rel
        text = read_text(path)
        if text is None:
            continue
        new = rename_text(text, Renderer(repo, rel))
        if new != text:
            changed.append(rel)
            if not dry_run:
                path.write_text(new, encoding="utf-8")
    return changed


def section_table() -> str:
    """The SPEC section → anchor table as markdown, with links relative to docs/ (it is part of
    docs/citation-map.md, where the checker verifies every anchor it names)."""
    def link(a: str) -> str:
        return f"[`#{a}`](behaviour.md#{a})"
    rows = ["| SPEC section | default section of docs/behaviour.md | chosen by the words around the citation |",
            "|---|---|---|"]
    for n, (anchor, title) in SECTIONS.items():
        extra = sorted({rule[1] for rule in CONTEXT_RULES.get(n, []) if rule[1] != anchor})
        rows.append(f"| §{n} {title} | {link(anchor)} | {', '.join(link(a) for a in extra) or '—'} |")
    return "\n".join(rows)


# --------------------------------------------------------------------------------------------
# command line
# --------------------------------------------------------------------------------------------

def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    default_root = Path(__file__).resolve().parent.parent
    for name, helptext in (("check", "fail on citations of documents or sections that do not exist"),
                           ("rename", "rewrite the retired design documents' citations to docs/ sections")):
        p = sub.add_parser(name, help=helptext)
        p.add_argument("--root", type=Path, default=default_root, help="repository root (default: this checkout)")
        if name == "rename":
            p.add_argument("--dry-run", action="store_true", help="list the files that would change")
    sub.add_parser("map", help="print the SPEC section → anchor table")
    args = parser.parse_args(argv)
    if args.command == "map":
        print(section_table())
        return 0
    root = args.root.resolve()
    if args.command == "check":
        findings = check(root)
        for f in findings:
            print(f)
        print(f"{len(findings)} citation(s) of documents or sections that do not exist" if findings
              else "every cited document and section exists", file=sys.stderr)
        return 1 if findings else 0
    changed = rename(root, dry_run=args.dry_run)
    for rel in changed:
        print(rel)
    print(f"{len(changed)} file(s) {'would change' if args.dry_run else 'rewritten'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
