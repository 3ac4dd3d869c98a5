"""Packaging (issues 7, 18): docstrings on every public name, ``py.typed``, ``python -m navlayout``,
the ``NAVLAYOUT_LIBRARY`` override, the project URLs setup.py derives, and — when this suite runs
against the installed wheel (``scripts/test-wheel.sh``: NAVLAYOUT_TEST_INSTALLED=1, Swift toolchain
hidden) — that the wheel's own bundled library is loaded and its metadata is complete; the licence
file and where it is referenced."""

from __future__ import annotations

import hashlib
import inspect
import os
import subprocess
import sys
from pathlib import Path

import pytest

import navlayout as nl
import navlayout.demo

PACKAGE_DIR = Path(nl.__file__).resolve().parent

#: SHA-256 of the Apache License 2.0 as published (http://www.apache.org/licenses/LICENSE-2.0.txt,
#: 202 lines with the appendix): the hash of Debian's verbatim copy
#: /usr/share/common-licenses/Apache-2.0 (package base-files), which is also the LICENSE of the
#: Apache-2.0 packages installed here (e.g. sniffio, trio, s3transfer: the same bytes).
APACHE_2_SHA256 = "cfc7749b96f63bd31c3c42b5c471bf756814053e847c10f3eb003417bc523d30"


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


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


@pytest.mark.nolib
def test_licence_is_the_apache_2_text_and_is_referenced(repo_root):
    # Issue 18: the metadata said Apache-2.0 and the repository had no licence file.
    licence = repo_root / "LICENSE"
    assert _sha256(licence.read_bytes()) == APACHE_2_SHA256  # complete and unmodified
    # The Python package's license-files entry is a link to that same file.
    package_root = repo_root / "bindings" / "python"
    assert (package_root / "LICENSE").resolve() == licence.resolve()
    pyproject = (package_root / "pyproject.toml").read_text(encoding="utf-8")
    assert 'license = "Apache-2.0"' in pyproject and 'license-files = ["LICENSE"]' in pyproject
    # README, Package.swift and the CMake install name it.
    assert "[LICENSE](LICENSE)" in (repo_root / "README.md").read_text(encoding="utf-8")
    assert "Apache License, Version 2.0: the text is in LICENSE" in (
        repo_root / "Package.swift").read_text(encoding="utf-8")
    assert "install(FILES LICENSE DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/navlayout)" in (
        repo_root / "CMakeLists.txt").read_text(encoding="utf-8")


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


_INSTALLED = os.environ.get("NAVLAYOUT_TEST_INSTALLED") == "1"
_NOT_INSTALLED = "runs against an installed wheel (scripts/test-wheel.sh)"


@pytest.mark.skipif(not _INSTALLED, reason=_NOT_INSTALLED)
def test_installed_wheel_loads_its_bundled_library(repo_root):
    assert repo_root not in PACKAGE_DIR.parents  # not the checkout's package
    assert "NAVLAYOUT_LIBRARY" not in os.environ
    assert Path(nl.load_library()).resolve() == PACKAGE_DIR / "_lib" / "libnavlayout.so.0"


@pytest.mark.skipif(not _INSTALLED, reason=_NOT_INSTALLED)
def test_installed_wheel_metadata():
    from importlib.metadata import distribution

    dist = distribution("navlayout")
    meta = dist.metadata
    assert meta["Version"] == nl.__version__
    assert meta["License-Expression"] == "Apache-2.0"
    # license-files: the repository's LICENSE, in .dist-info/licenses/.
    assert meta.get_all("License-File") == ["LICENSE"]
    assert _sha256(dist.read_text("licenses/LICENSE").encode("utf-8")) == APACHE_2_SHA256
    assert "Typing :: Typed" in meta.get_all("Classifier")
    assert meta["Description-Content-Type"] == "text/markdown"
    assert meta.get_payload().startswith("# navlayout — Python bindings for NavLayout")
    tags = [line.split(": ", 1)[1] for line in dist.read_text("WHEEL").splitlines()
            if line.startswith("Tag: ")]
    assert len(tags) == 1 and tags[0].startswith("py3-none-manylinux_")


def _setup_functions(*names):
    """Functions of setup.py, compiled on their own (importing setup.py would run setup())."""
    import ast

    source = (PACKAGE_DIR.parent / "setup.py") if (PACKAGE_DIR.parent / "setup.py").is_file() \
        else Path(__file__).resolve().parents[1] / "setup.py"
    tree = ast.parse(source.read_text())
    module = ast.Module(body=[n for n in tree.body
                              if isinstance(n, ast.FunctionDef) and n.name in names],
                        type_ignores=[])
    namespace: dict = {"os": os}
    exec(compile(module, str(source), "exec"), namespace)
    return [namespace[n] for n in names]


@pytest.mark.nolib
def test_project_urls_come_from_the_git_remote():
    https, project_urls = _setup_functions("_https", "_project_urls")
    assert https("git@github.com:someone/navlayout.git\n") == "https://github.com/someone/navlayout"
    assert https("ssh://git@gitlab.com/a/b.git") == "https://gitlab.com/a/b"
    assert https("https://github.com/someone/navlayout/") == "https://github.com/someone/navlayout"
    assert project_urls(None) == {}
    assert project_urls("https://gitlab.com/a/b") == {"Source": "https://gitlab.com/a/b"}
    assert project_urls("https://github.com/o/r") == {
        "Source": "https://github.com/o/r",
        "Documentation": "https://github.com/o/r/tree/HEAD/docs",
        "Changelog": "https://github.com/o/r/blob/HEAD/CHANGELOG.md",
        "Issues": "https://github.com/o/r/issues",
    }


def _cmake_cache(directory, cmake, ninja):
    """A CMakeCache.txt in ``directory`` naming ``cmake`` and ``ninja`` as CMake writes them."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "CMakeCache.txt").write_text(
        "# This is the CMakeCache file.\n"
        f"CMAKE_MAKE_PROGRAM:FILEPATH={ninja}\n"
        "CMAKE_BUILD_TYPE:STRING=Release\n"
        f"CMAKE_COMMAND:INTERNAL={cmake}\n", encoding="utf-8")
    return directory


def _executable(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return str(path)


@pytest.mark.nolib
def test_build_directory_keeps_its_tools_or_is_not_reused(tmp_path, monkeypatch):
    # Issue 18: pip's isolated build environment (with PyPI's cmake and ninja, pyproject.toml's
    # build requirements) is deleted after the install. A build directory configured there names
    # its CMake and Ninja; reusing it later fails ("'.../bin/ninja' '--version' failed: no such
    # file or directory"), so setup.py reuses only a directory whose tools exist, and never
    # configures the repository's build/ itself.
    cache_value, configured_tools, build_dir = _setup_functions(
        "_cache_value", "_configured_tools", "_build_dir")
    monkeypatch.delenv("NAVLAYOUT_CMAKE_BUILD_DIR", raising=False)
    cmake, ninja = _executable(tmp_path / "tools" / "cmake"), _executable(tmp_path / "tools" / "ninja")
    good = _cmake_cache(tmp_path / "build", cmake, ninja)
    gone = _cmake_cache(tmp_path / "stale", cmake, str(tmp_path / "pip-build-env" / "overlay" / "bin" / "ninja"))
    own = str(tmp_path / "bindings" / "python" / "build" / "native")
    assert cache_value(str(good), "CMAKE_BUILD_TYPE") == "Release"
    assert cache_value(str(good), "CMAKE_C_COMPILER") is None
    assert cache_value(str(tmp_path / "none"), "CMAKE_COMMAND") is None
    assert configured_tools(str(good)) == (cmake, ninja)
    assert configured_tools(str(gone)) is None          # Ninja is gone
    assert configured_tools(str(tmp_path / "none")) is None  # not configured
    assert build_dir(str(good), own) == str(good)       # scripts/build-lib.sh's build/: reused
    assert build_dir(str(gone), own) == own             # left by a deleted environment: not used
    assert build_dir(str(tmp_path / "none"), own) == own  # a fresh clone: the package's own directory
    assert build_dir(None, own) == own                  # an sdist
    monkeypatch.setenv("NAVLAYOUT_CMAKE_BUILD_DIR", str(tmp_path / "chosen"))
    assert build_dir(str(good), own) == str(tmp_path / "chosen")


@pytest.mark.nolib
def test_build_requirements_bring_cmake_and_ninja(repo_root):
    # Issue 18: without them pip's isolated build ran the `cmake` console script on PATH, which
    # could not import its module there ("ModuleNotFoundError: No module named 'cmake'").
    text = (repo_root / "bindings" / "python" / "pyproject.toml").read_text(encoding="utf-8")
    requires = text.split("[build-system]", 1)[1].split("\nrequires = ", 1)[1].split("\n", 1)[0]
    assert requires == '["setuptools>=77", "cmake>=3.29", "ninja"]'
