"""Build hooks of the navlayout Python package (static metadata: pyproject.toml).

The wheel bundles the self-contained C library as ``navlayout/_lib/libnavlayout.so.0`` (it needs
only libc, libm, libstdc++ and libgcc_s), so ``import navlayout`` works after ``pip install`` with
no environment variable. Where the library comes from, in order:

1. ``$NAVLAYOUT_BUNDLE_LIBRARY``: a built ``libnavlayout.so*`` to bundle as is (e.g. from
   ``cmake --install``), nothing is compiled;
2. a copy already in ``navlayout/_lib/`` (copied there by hand);
3. the library's sources, built with CMake (target ``navlayout``, Release, Ninja): the
   repository this package sits in (``../..``), or, in an sdist, the copy of those sources in
   ``native/``. Built in ``$NAVLAYOUT_CMAKE_BUILD_DIR``; else in the repository's ``build/`` when
   ``scripts/build-lib.sh`` configured it (an up-to-date build is reused, with the CMake and Ninja
   it was configured with); else in ``build/native`` here (without the C tests and examples).
   Needs the Swift toolchain at build time only; CMake >= 3.29 and Ninja are build requirements
   (pyproject.toml), which pip installs into its isolated build environment.

The sdist (``python -m build --sdist``) carries ``native/``: CMakeLists.txt, cmake/, include/,
Sources/ and LICENSE of the repository, so it builds from source wherever Swift is installed.

Project URLs come from the repository's home: ``$NAVLAYOUT_PROJECT_URL``, else the ``origin``
remote of the git checkout (an sdist keeps it in ``PROJECT_URL``); none when neither is known.

At run time ``$NAVLAYOUT_LIBRARY`` still overrides the bundled copy.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py as _build_py
from setuptools.command.sdist import sdist as _sdist

try:  # setuptools >= 70.1 ships bdist_wheel; older ones use the `wheel` package's
    from setuptools.command.bdist_wheel import bdist_wheel as _bdist_wheel
except ImportError:  # pragma: no cover
    from wheel.bdist_wheel import bdist_wheel as _bdist_wheel

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
NATIVE = os.path.join(HERE, "native")  # the library's sources inside an sdist
#: What CMake needs to build and install the ``navlayout`` target, relative to the repository root.
NATIVE_PATHS = ("CMakeLists.txt", "cmake", "include", "Sources", "LICENSE")
URL_FILE = "PROJECT_URL"  # the project's home, kept in an sdist
BUNDLED_NAME = "libnavlayout.so.0"  # the SONAME: what the loader and the system copy are called


def _is_source_tree(directory: str) -> bool:
    return (os.path.isfile(os.path.join(directory, "CMakeLists.txt"))
            and os.path.isfile(os.path.join(directory, "include", "navlayout.h")))


def _real_library(directory: str) -> "str | None":
    """The versioned libnavlayout.so.X.Y.Z (or any libnavlayout.so*) in ``directory``."""
    found = sorted(glob.glob(os.path.join(directory, "libnavlayout.so*")), key=len, reverse=True)
    return found[0] if found else None


def _cache_value(build_dir: str, name: str) -> "str | None":
    """The value of ``name`` in ``build_dir/CMakeCache.txt`` (``NAME:TYPE=value``), None when
    there is no cache or no such entry."""
    try:
        with open(os.path.join(build_dir, "CMakeCache.txt"), encoding="utf-8", errors="replace") as f:
            for line in f:
                key, sep, value = line.rstrip("\n").partition("=")
                if sep and key.split(":", 1)[0] == name:
                    return value
    except OSError:
        return None
    return None


def _configured_tools(build_dir: str) -> "tuple[str, str] | None":
    """The CMake and Ninja executables ``build_dir`` was configured with (``CMAKE_COMMAND``,
    ``CMAKE_MAKE_PROGRAM``), or None when it is not configured or either is gone — e.g. the
    temporary copies of an earlier isolated ``pip install`` (its build environment is deleted
    afterwards, and its CMake and Ninja with it)."""
    cmake = _cache_value(build_dir, "CMAKE_COMMAND")
    ninja = _cache_value(build_dir, "CMAKE_MAKE_PROGRAM")
    for tool in (cmake, ninja):
        if not tool or not os.path.isfile(tool) or not os.access(tool, os.X_OK):
            return None
    return cmake, ninja


def _build_dir(repo_build: "str | None", package_build: str) -> str:
    """Where to build: ``$NAVLAYOUT_CMAKE_BUILD_DIR``; else ``repo_build`` (the repository's
    ``build/``, which ``scripts/build-lib.sh`` keeps up to date) when it is configured with tools
    that still exist, so it is reused as it is; else the package's own ``package_build``. A
    configuration made here never goes into the repository's ``build/``: it names the isolated
    build environment's CMake and Ninja, which pip deletes after the install."""
    env = os.environ.get("NAVLAYOUT_CMAKE_BUILD_DIR")
    if env:
        return env
    if repo_build is not None and _configured_tools(repo_build) is not None:
        return repo_build
    return package_build


def _build_with_cmake() -> str:
    """Builds the library with CMake (from the repository, else from an sdist's ``native/``) and
    returns its path. A build directory whose configuration names a CMake and a Ninja that still
    exist is built with those (the repository's ``build/`` keeps its own tools); any other is
    configured with the ``cmake`` and ``ninja`` on PATH — in pip's isolated build environment
    those of pyproject.toml's ``[build-system] requires`` (PyPI's cmake and ninja)."""
    options = ["-DNAVLAYOUT_BUILD_TESTS=OFF", "-DNAVLAYOUT_BUILD_EXAMPLES=OFF"]  # target navlayout only
    if _is_source_tree(REPO):
        source = REPO
        build_dir = _build_dir(os.path.join(REPO, "build"), os.path.join(HERE, "build", "native"))
    elif _is_source_tree(NATIVE):
        source = NATIVE
        build_dir = _build_dir(None, os.path.join(HERE, "build", "native"))
    else:
        raise SystemExit(
            "navlayout: no library to bundle. Set NAVLAYOUT_BUNDLE_LIBRARY to a built "
            "libnavlayout.so, copy one into navlayout/_lib/, or install from the NavLayout "
            "repository (pip install ./bindings/python) or its sdist, which build it with CMake.")
    tools = _configured_tools(build_dir)
    if tools is None:
        cmake, ninja = shutil.which("cmake"), shutil.which("ninja")
        if cmake is None or ninja is None:
            raise SystemExit("navlayout: building the library needs CMake >= 3.29 and Ninja "
                             "(pip install cmake ninja) and the Swift toolchain")
        if shutil.which("swiftc") is None:
            raise SystemExit("navlayout: building the library from source needs the Swift toolchain "
                             "(swiftc on PATH); without it, install the wheel that "
                             "scripts/build-wheel.sh builds, which bundles the library")
        # Configures a new directory, or reconfigures one whose CMake or Ninja is gone.
        subprocess.check_call([cmake, "-S", source, "-B", build_dir, "-G", "Ninja",
                               "-DCMAKE_BUILD_TYPE=Release", f"-DCMAKE_MAKE_PROGRAM={ninja}",
                               *options])
    else:
        cmake = tools[0]
    subprocess.check_call([cmake, "--build", build_dir, "--target", "navlayout"])
    lib = _real_library(build_dir)
    if lib is None:
        raise SystemExit(f"navlayout: CMake built no libnavlayout.so in {build_dir}")
    return lib


def _https(remote: str) -> str:
    """A git remote as the https address of the repository's page (``git@host:o/r.git`` and
    ``https://host/o/r.git`` both give ``https://host/o/r``)."""
    url = remote.strip()
    if url.startswith("git@") and ":" in url:
        host, path = url[len("git@"):].split(":", 1)
        url = f"https://{host}/{path}"
    elif url.startswith("ssh://git@"):
        url = "https://" + url[len("ssh://git@"):]
    return url[:-len(".git")] if url.endswith(".git") else url.rstrip("/")


def _project_home() -> "str | None":
    """The project's home page: $NAVLAYOUT_PROJECT_URL, an sdist's PROJECT_URL file, else the
    git checkout's ``origin`` remote (https form); None when none is known."""
    env = os.environ.get("NAVLAYOUT_PROJECT_URL")
    if env:
        return env.rstrip("/")
    kept = os.path.join(HERE, URL_FILE)
    if os.path.isfile(kept):
        with open(kept, encoding="utf-8") as f:
            return f.read().strip() or None
    try:
        remote = subprocess.run(["git", "-C", REPO, "remote", "get-url", "origin"],
                                capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    if remote.returncode != 0 or not remote.stdout.strip():
        return None
    url = _https(remote.stdout)
    return url if url.startswith("https://") else None


def _project_urls(home: "str | None") -> "dict[str, str]":
    """Project-URL metadata for ``home``: its source; on GitHub also the changelog, the docs and
    the issue tracker (their paths there)."""
    if home is None:
        return {}
    urls = {"Source": home}
    if home.startswith("https://github.com/"):
        urls["Documentation"] = f"{home}/tree/HEAD/docs"
        urls["Changelog"] = f"{home}/blob/HEAD/CHANGELOG.md"
        urls["Issues"] = f"{home}/issues"
    return urls


def _library_to_bundle() -> "str | None":
    """The library file to copy into the wheel, or None when navlayout/_lib/ already has one."""
    env = os.environ.get("NAVLAYOUT_BUNDLE_LIBRARY")
    if env:
        if not os.path.isfile(env):
            raise SystemExit(f"navlayout: NAVLAYOUT_BUNDLE_LIBRARY={env} is not a file")
        return env
    if _real_library(os.path.join(HERE, "navlayout", "_lib")):
        return None  # package data (pyproject.toml) already carries it
    return _build_with_cmake()


class build_py(_build_py):
    """Copies the package, then bundles the C library as navlayout/_lib/libnavlayout.so.0."""

    def run(self) -> None:
        super().run()
        lib = _library_to_bundle()
        if lib is None:
            return
        dest_dir = os.path.join(self.build_lib, "navlayout", "_lib")
        os.makedirs(dest_dir, exist_ok=True)
        for old in glob.glob(os.path.join(dest_dir, "libnavlayout.so*")):
            os.remove(old)
        shutil.copyfile(os.path.realpath(lib), os.path.join(dest_dir, BUNDLED_NAME))
        os.chmod(os.path.join(dest_dir, BUNDLED_NAME), 0o755)
        self.announce(f"bundled {os.path.realpath(lib)} as navlayout/_lib/{BUNDLED_NAME}", 2)


class sdist(_sdist):
    """Adds the library's sources (``native/``) and the project's home (``PROJECT_URL``) to the
    sdist, so that it builds from source with CMake and keeps its metadata away from git."""

    def make_release_tree(self, base_dir: str, files: "list[str]") -> None:
        super().make_release_tree(base_dir, files)
        source = REPO if _is_source_tree(REPO) else NATIVE if _is_source_tree(NATIVE) else None
        if source is None:
            raise SystemExit("navlayout: an sdist needs the library's sources (build it from "
                             "the repository)")
        skip = shutil.ignore_patterns("__pycache__", "*.pyc", ".DS_Store")
        for name in NATIVE_PATHS:
            src, dest = os.path.join(source, name), os.path.join(base_dir, "native", name)
            if os.path.isdir(src):
                shutil.copytree(src, dest, ignore=skip)
            else:
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                shutil.copyfile(src, dest)
        home = _project_home()
        if home is not None:
            with open(os.path.join(base_dir, URL_FILE), "w", encoding="utf-8") as f:
                f.write(home + "\n")


class BinaryDistribution(Distribution):
    """The wheel carries a native library: platform-specific, not pure Python."""

    def has_ext_modules(self) -> bool:
        return True


class bdist_wheel(_bdist_wheel):
    """Tags the wheel py3-none-<platform>: any Python 3 (ctypes, no extension module), one OS/CPU."""

    def get_tag(self):
        _, _, plat = super().get_tag()
        return "py3", "none", plat


setup(
    distclass=BinaryDistribution,
    cmdclass={"build_py": build_py, "bdist_wheel": bdist_wheel, "sdist": sdist},
    project_urls=_project_urls(_project_home()),
)
