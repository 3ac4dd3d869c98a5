"""docs/api.md names every public name of the three languages (issue 18: the naming table is
checked against the code, and stays so).

* every function declared in include/navlayout.h;
* every name the Python package exports (``navlayout.__all__``, read from the source, so the
  library need not be loaded);
* every public Swift type, protocol and type alias declared at the top level of Sources/
  (nested helper types such as ``LayoutAttribute.Kind`` are documented with their parent).

Run: ``python3 -m pytest -q tests``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
API_MD = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
NAMES_IN_DOC = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", API_MD))


def c_functions():
    header = (ROOT / "include" / "navlayout.h").read_text(encoding="utf-8")
    header = re.sub(r"/\*.*?\*/", "", header, flags=re.S)   # comments mention names too
    return sorted(set(re.findall(r"\b(nl_[a-z0-9_]+)\s*\(", header)))


def python_exports():
    tree = ast.parse((ROOT / "bindings" / "python" / "navlayout" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "__all__" for t in node.targets):
            return sorted(ast.literal_eval(node.value))
    raise AssertionError("navlayout/__init__.py has no __all__")


def swift_public_types():
    names = set()
    for path in (ROOT / "Sources").rglob("*.swift"):
        for line in path.read_text(encoding="utf-8").splitlines():
            m = re.match(r"(?:public|open) (?:final )?(?:class|struct|enum|protocol|typealias) ([A-Za-z]+)", line)
            if m:
                names.add(m.group(1))
    return sorted(names)


def test_the_sources_are_found():
    # Guards the parsers above: a header, a package and Swift sources of this size (counted by hand
    # on main when this test was written: 154 functions, 74 Python exports) cannot parse to nothing.
    assert len(c_functions()) >= 150
    assert len(python_exports()) >= 70
    assert {"NavigationMapView", "LayoutConstraint", "Solver"} <= set(swift_public_types())


def test_api_md_names_every_c_function():
    missing = [f for f in c_functions() if f not in NAMES_IN_DOC]
    assert missing == [], f"docs/api.md does not name these C functions: {missing}"


def test_api_md_names_every_python_export():
    missing = [n for n in python_exports() if n not in NAMES_IN_DOC]
    assert missing == [], f"docs/api.md does not name these Python exports: {missing}"


def test_api_md_names_every_public_swift_type():
    missing = [n for n in swift_public_types() if n not in NAMES_IN_DOC]
    assert missing == [], f"docs/api.md does not name these public Swift types: {missing}"
