"""Test set-up: find libnavlayout and make the package and the example importable.

The library is taken from $NAVLAYOUT_LIBRARY when set. Otherwise the most recently built of these
is used (paths relative to the repository root):

  build/libnavlayout.so*                      (CMake: cmake -S . -B build -G Ninja && ninja -C build)
  .build/{debug,release}/libnavlayout-c.so    (swift build --product navlayout-c)

If none exists, the run stops with an error explaining how to build it, unless
NAVLAYOUT_SKIP_IF_MISSING=1 is set, in which case tests that need the library are skipped
(the pure-Python tests still run).

The package under test is this checkout's (bindings/python/navlayout); set
NAVLAYOUT_TEST_INSTALLED=1 to test the installed one instead. The C example used for the
output comparison is found under build/ or given by NAVLAYOUT_C_EXAMPLE.
"""

from __future__ import annotations

import glob
import os
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
PACKAGE_ROOT = TESTS.parent                 # bindings/python
REPO = PACKAGE_ROOT.parent.parent           # repository root
EXAMPLES = REPO / "examples" / "python"

# Test this checkout's package, not a copy installed earlier (which may be stale), unless
# NAVLAYOUT_TEST_INSTALLED=1 asks for the installed one (e.g. a wheel with a bundled library).
if os.environ.get("NAVLAYOUT_TEST_INSTALLED") != "1":
    sys.path.insert(0, str(PACKAGE_ROOT))
sys.path.insert(0, str(EXAMPLES))


def _find_library() -> "tuple[str | None, list[str]]":
    env = os.environ.get("NAVLAYOUT_LIBRARY")
    if env:
        return env, [env]
    if os.environ.get("NAVLAYOUT_TEST_INSTALLED") == "1":
        # The installed package finds its own library (the copy bundled in a wheel): that is
        # what a user gets, so nothing from the checkout is put in front of it.
        import navlayout

        try:
            return navlayout.load_library(), ["the installed package's search"]
        except ImportError:
            return None, ["the installed package's search (navlayout.load_library())"]
    patterns = [
        REPO / "build" / "libnavlayout.so*",
        REPO / ".build" / "debug" / "libnavlayout-c.so",
        REPO / ".build" / "release" / "libnavlayout-c.so",
        REPO / ".build" / "*" / "debug" / "libnavlayout-c.so",
        REPO / ".build" / "*" / "release" / "libnavlayout-c.so",
    ]
    tried = [str(p) for p in patterns]
    found = [p for pat in patterns for p in glob.glob(str(pat)) if os.path.isfile(p)]
    if not found:
        return None, tried
    found.sort(key=lambda p: os.path.getmtime(p), reverse=True)
    return found[0], tried


LIBRARY, _TRIED = _find_library()
if LIBRARY is not None and os.environ.get("NAVLAYOUT_TEST_INSTALLED") != "1":
    os.environ["NAVLAYOUT_LIBRARY"] = LIBRARY

_MISSING_MESSAGE = (
    "libnavlayout not found. Build it first (from the repository root):\n"
    "    swift build --product navlayout-c        # -> .build/debug/libnavlayout-c.so\n"
    "or the CMake build (-> build/libnavlayout.so), or point NAVLAYOUT_LIBRARY at a copy.\n"
    "Looked for:\n    " + "\n    ".join(_TRIED) + "\n"
    "Set NAVLAYOUT_SKIP_IF_MISSING=1 to skip the tests that need it instead."
)


def pytest_report_header(config):  # noqa: D103
    return f"libnavlayout: {LIBRARY or 'NOT FOUND'}"


def pytest_configure(config):  # noqa: D103
    config.addinivalue_line("markers", "nolib: the test does not need libnavlayout")
    if LIBRARY is None and os.environ.get("NAVLAYOUT_SKIP_IF_MISSING") != "1":
        raise pytest.UsageError(_MISSING_MESSAGE)


def pytest_collection_modifyitems(config, items):  # noqa: D103
    if LIBRARY is not None:
        return
    skip = pytest.mark.skip(reason="libnavlayout not found (NAVLAYOUT_SKIP_IF_MISSING=1)")
    for item in items:
        if "nolib" not in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def nav_map():
    """An iphone-portrait map view (393 x 852, safe area 59/0/34/0), closed afterwards."""
    import navlayout as nl

    m = nl.MapView.preset("iphone-portrait")
    yield m
    m.close()


@pytest.fixture
def repo_root() -> Path:
    """The repository root."""
    return REPO


def swift_cli_path():
    """The Swift CLI ``navlayout`` to compare with: ``$NAVLAYOUT_CLI``, else the SwiftPM build
    (``swift build --product navlayout``: .build/debug or .build/release), else None.
    ``NAVLAYOUT_CLI=`` (set, empty) means none, e.g. with the Swift toolchain hidden."""
    override = os.environ.get("NAVLAYOUT_CLI")
    if override == "":
        return None
    candidates = [Path(override)] if override else [
        REPO / ".build" / "debug" / "navlayout", REPO / ".build" / "release" / "navlayout",
    ]
    for candidate in candidates:
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None


@pytest.fixture
def swift_cli() -> Path:
    """The Swift CLI's path (see :func:`swift_cli_path`); skips the test when it is not built."""
    cli = swift_cli_path()
    if cli is None:
        pytest.skip("the Swift CLI is not built (swift build --product navlayout, or set "
                    "NAVLAYOUT_CLI): nothing to compare with")
    return cli
