"""Build hooks of the navlayout Python package (metadata: pyproject.toml).

The wheel bundles the self-contained C library as ``navlayout/_lib/libnavlayout.so.0`` (it needs
only libc, libm, libstdc++ and libgcc_s), so ``import navlayout`` works after
``pip install ./bindings/python`` with no environment variable. Where the library comes from, in
order:

1. ``$NAVLAYOUT_BUNDLE_LIBRARY``: a built ``libnavlayout.so*`` to bundle as is (e.g. from
   ``cmake --install``), nothing is compiled;
2. a copy already in ``navlayout/_lib/`` (copied there by hand);
3. the repository this package sits in (``../..``): CMake builds the ``navlayout`` target
   (Release, Ninja) in ``$NAVLAYOUT_CMAKE_BUILD_DIR`` (default: the repository's ``build/``, the
   directory ``scripts/build-lib.sh`` uses, so an up-to-date build is reused). Needs the Swift
   toolchain, CMake >= 3.29 and Ninja, at build time only.

At run time ``$NAVLAYOUT_LIBRARY`` still overrides the bundled copy.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py as _build_py

try:  # setuptools >= 70.1 ships bdist_wheel; older ones use the `wheel` package's
    from setuptools.command.bdist_wheel import bdist_wheel as _bdist_wheel
except ImportError:  # pragma: no cover
    from wheel.bdist_wheel import bdist_wheel as _bdist_wheel

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
BUNDLED_NAME = "libnavlayout.so.0"  # the SONAME: what the loader and the system copy are called


def _real_library(directory: str) -> "str | None":
    """The versioned libnavlayout.so.X.Y.Z (or any libnavlayout.so*) in ``directory``."""
    found = sorted(glob.glob(os.path.join(directory, "libnavlayout.so*")), key=len, reverse=True)
    return found[0] if found else None


def _build_with_cmake() -> str:
    """Builds the library with CMake in the repository and returns its path."""
    if not (os.path.isfile(os.path.join(REPO, "CMakeLists.txt"))
            and os.path.isfile(os.path.join(REPO, "include", "navlayout.h"))):
        raise SystemExit(
            "navlayout: no library to bundle. Set NAVLAYOUT_BUNDLE_LIBRARY to a built "
            "libnavlayout.so, copy one into navlayout/_lib/, or install from the NavLayout "
            "repository (pip install ./bindings/python), which builds it with CMake.")
    build_dir = os.environ.get("NAVLAYOUT_CMAKE_BUILD_DIR") or os.path.join(REPO, "build")
    cmake = shutil.which("cmake")
    if cmake is None:
        raise SystemExit("navlayout: building the library needs CMake >= 3.29 and Ninja "
                         "(pip install cmake ninja) and the Swift toolchain")
    if not os.path.isfile(os.path.join(build_dir, "CMakeCache.txt")):
        subprocess.check_call([cmake, "-S", REPO, "-B", build_dir, "-G", "Ninja",
                               "-DCMAKE_BUILD_TYPE=Release"])
    subprocess.check_call([cmake, "--build", build_dir, "--target", "navlayout"])
    lib = _real_library(build_dir)
    if lib is None:
        raise SystemExit(f"navlayout: CMake built no libnavlayout.so in {build_dir}")
    return lib


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


class BinaryDistribution(Distribution):
    """The wheel carries a native library: platform-specific, not pure Python."""

    def has_ext_modules(self) -> bool:
        return True


class bdist_wheel(_bdist_wheel):
    """Tags the wheel py3-none-<platform>: any Python 3 (ctypes, no extension module), one OS/CPU."""

    def get_tag(self):
        _, _, plat = super().get_tag()
        return "py3", "none", plat


setup(distclass=BinaryDistribution, cmdclass={"build_py": build_py, "bdist_wheel": bdist_wheel})
