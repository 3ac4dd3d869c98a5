"""The README's Python examples run as written (they are the first code a new user copies)."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import navlayout as nl


def _python_blocks(repo: Path) -> list:
    text = (repo / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def _run(block: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, "README.md", "exec"), {"__name__": "readme_example"})
    return out.getvalue()


def test_the_readme_has_the_python_examples(repo_root):
    blocks = _python_blocks(repo_root)
    assert len(blocks) == 5, [b.splitlines()[0] for b in blocks]


def test_the_viewer_example_writes_the_page(repo_root, tmp_path, monkeypatch):
    # README "See your own layout": the standard session has 19 steps on iphone-portrait (it
    # rotates to iphone-landscape and back), and the sample delegate raises nowhere.
    block = next(b for b in _python_blocks(repo_root) if "nl.viewer.write" in b)
    monkeypatch.chdir(tmp_path)
    assert _run(block) == "19 []\n"
    assert (tmp_path / "viewer.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_the_solver_example_prints_what_its_comment_says(repo_root):
    # README "Use the solver on its own": x + 2y == 10 and y == 3 (weak) give x = 4, y = 3.
    block = next(b for b in _python_blocks(repo_root) if "Solver()" in b)
    assert _run(block) == "4.0 3.0\n"


def test_the_delegate_example_lays_out_the_viewport(repo_root):
    # README "Using it": the viewport pinned to the safe area of iphone-portrait (393 x 852, safe
    # area top 59, bottom 34; the presets of docs/behaviour.md#device-presets) is 393 x (852 - 59 - 34) = 759 at y = 59; the camera
    # padding is the map view's area outside it; no diagnostic. The comments in the block say so.
    block = next(b for b in _python_blocks(repo_root) if "class MyDelegate(nl.LayoutDelegate)" in b)
    assert _run(block) == (
        "Rect(x=0.0, y=59.0, width=393.0, height=759.0)\n"
        "Insets(top=59.0, left=0.0, bottom=34.0, right=0.0)\n"
        "[]\n"
    )


def test_the_c_example_prints_what_its_comment_says(repo_root, tmp_path):
    # README "Quick start": the C delegate is the Python one (the viewport on the safe area of
    # iphone-portrait, 393 x 852 with safe area top 59, bottom 34: 393 x 759 at y = 59; camera
    # padding 59 and 34; no diagnostic). Compiled with the header against the library under test.
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler")
    text = (repo_root / "README.md").read_text(encoding="utf-8")
    (block,) = [b for b in re.findall(r"```c\n(.*?)```", text, flags=re.S) if "int main" in b]
    expected = re.search(r"/\* (0 59 393 759, .*?) \*/", block).group(1)
    (tmp_path / "app.c").write_text(block, encoding="utf-8")
    library = Path(nl.load_library())
    shutil.copy(library, tmp_path / "libnavlayout.so")
    build = subprocess.run([compiler, "-std=c11", "-Wall", "-Wextra", "-Werror", "app.c",
                            f"-I{repo_root / 'include'}", f"-L{tmp_path}", "-lnavlayout",
                            f"-Wl,-rpath,{tmp_path}", "-o", "app"],
                           cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert build.returncode == 0, build.stderr
    run = subprocess.run([str(tmp_path / "app")], capture_output=True, text=True, timeout=60)
    missing = re.search(r"loading shared libraries: (\S+):", run.stderr)
    if missing:  # the library's SONAME (libnavlayout.so.0): the loader looks for that name
        shutil.copy(library, tmp_path / missing.group(1))
        run = subprocess.run([str(tmp_path / "app")], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout == expected + "\n"


def _output_after(repo: Path, needle: str) -> str:
    """The ```text block that follows the first code block containing ``needle`` (prose may stand
    between them, no other block): the output the README shows for it."""
    text = (repo / "README.md").read_text(encoding="utf-8")
    not_a_fence = r"(?:(?!```).)*?"
    found = re.search(r"```(?:python|sh)\n" + not_a_fence + re.escape(needle) + not_a_fence + r"```"
                      + not_a_fence + r"```text\n(.*?)```", text, flags=re.S)
    assert found, f"no output block after the example with {needle!r}"
    return found.group(1)


def test_the_sweep_command_prints_what_the_readme_shows(repo_root):
    # README "Where does a layout break?": the sample delegate's wide-mode boundary at 600 pt (the
    # library prints the same text for the Swift and the Python CLI: nl_sweep_text).
    text = (repo_root / "README.md").read_text(encoding="utf-8")
    command = re.search(r"\.build/debug/navlayout (sweep [^\n]*)", text).group(1).split()
    env = dict(os.environ, PYTHONPATH=str(Path(nl.__file__).resolve().parent.parent))
    run = subprocess.run([sys.executable, "-m", "navlayout", *command], capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout == _output_after(repo_root, "navlayout sweep --delegate sample")


def test_the_sweep_example_prints_what_the_readme_shows(repo_root, tmp_path, monkeypatch):
    # The wide example delegate from 100 pt: boundaries 112, 136, 176 (the overlap and offscreen
    # rules of docs/behaviour.md#diagnostics on the logo, the re-center button and the compass) and 600 (wide mode).
    block = next(b for b in _python_blocks(repo_root) if "nl.sweep(" in b)
    monkeypatch.chdir(tmp_path)
    assert _run(block) == _output_after(repo_root, "nl.sweep(")
    assert (tmp_path / "sweep" / "band-5.html").exists()


def test_the_snapshot_example_fails_as_the_readme_shows(repo_root, tmp_path, monkeypatch):
    # README "Snapshot tests": the first run records; with the logo's leading constant moved by
    # 1 pt (test_snapshot_testing.NudgedSample) the test fails with the README's message.
    from test_snapshot_testing import NudgedSample

    block = next(b for b in _python_blocks(repo_root) if "assert_layout_snapshot(" in b)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NAVLAYOUT_RECORD_SNAPSHOTS", raising=False)
    namespace: dict = {"__name__": "readme_example"}
    exec(compile(block, "README.md", "exec"), namespace)
    namespace["test_guidance_layout"]()  # records __snapshots__/sample-guidance.json and .svg
    assert (tmp_path / "__snapshots__" / "sample-guidance.svg").exists()
    namespace["test_guidance_layout"]()  # matches
    namespace["SampleLayoutDelegate"] = NudgedSample
    with pytest.raises(AssertionError) as info:
        namespace["test_guidance_layout"]()
    shown = _output_after(repo_root, "assert_layout_snapshot(nav_map")
    message = f"AssertionError: {info.value}\n".replace(str(tmp_path / "__snapshots__"), "tests/__snapshots__")
    assert message == shown
