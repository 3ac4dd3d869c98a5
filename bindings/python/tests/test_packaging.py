"""Packaging (issue 7): docstrings on every public name, ``py.typed``, ``python -m navlayout``
and the ``NAVLAYOUT_LIBRARY`` override. (The installed wheel itself, with the library bundled and
the Swift toolchain out of reach, is tested by ``scripts/test-consumers.sh``.)"""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from pathlib import Path

import pytest

import navlayout as nl
import navlayout.demo

PACKAGE_DIR = Path(nl.__file__).resolve().parent


def _public_objects():
    """(qualified name, object) for each public module, class, function, method and property."""
    for module in (nl, navlayout.demo):
        yield module.__name__, module
        for name in module.__all__:
            if name in ("STYLE",):  # a value (loaded lazily from the library), not an API object
                continue
            obj = getattr(module, name)
            if not (inspect.isclass(obj) or inspect.isfunction(obj)):
                continue
            yield f"{module.__name__}.{name}", obj
            if inspect.isclass(obj):
                for attr, member in vars(obj).items():
                    if attr.startswith("_"):
                        continue
                    if isinstance(member, (staticmethod, classmethod)):
                        member = member.__func__
                    if inspect.isfunction(member) or isinstance(member, property):
                        yield f"{module.__name__}.{name}.{attr}", member


@pytest.mark.nolib
def test_every_public_name_has_a_docstring():
    names = list(_public_objects())
    assert len(names) > 100
    missing = [q for q, obj in names if not (inspect.getdoc(obj) or "").strip()]
    assert missing == [], "public names without a docstring: " + ", ".join(missing)


@pytest.mark.nolib
def test_package_is_typed():
    assert (PACKAGE_DIR / "py.typed").is_file()
    for name in ("load_library", "library_version", "activate"):
        hints = getattr(nl, name).__annotations__
        assert "return" in hints, f"{name} has no return annotation"


def _run_module(*args, env_update=None):
    env = dict(os.environ)
    env.update(env_update or {})
    env["PYTHONPATH"] = str(PACKAGE_DIR.parent) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "navlayout", *args], env=env,
                          capture_output=True, text=True, timeout=120)


def test_python_m_navlayout_runs_the_demo(repo_root):
    run = _run_module("iphone-portrait")
    assert run.returncode == 0, run.stderr
    expected = (repo_root / "Tests" / "c" / "expected" / "iphone-portrait.txt").read_text()
    assert run.stdout == expected


def test_python_m_navlayout_version():
    run = _run_module("--version")
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == f"navlayout {nl.__version__} (libnavlayout {nl.__version__})"


@pytest.mark.nolib
def test_navlayout_library_overrides_and_is_final(tmp_path):
    bogus = tmp_path / "libnavlayout.so.0"
    bogus.write_text("not a library")
    code = ("import navlayout, sys\n"
            "try:\n    navlayout.load_library()\n"
            "except navlayout.LibraryNotFoundError as e:\n    print('refused', e)\n"
            "    sys.exit(0)\n"
            "sys.exit(1)\n")
    env = dict(os.environ, NAVLAYOUT_LIBRARY=str(bogus),
               PYTHONPATH=str(PACKAGE_DIR.parent) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    assert str(bogus) in run.stdout
