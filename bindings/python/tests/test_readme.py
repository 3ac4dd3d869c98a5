"""The README's Python examples run as written (they are the first code a new user copies)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path


def _python_blocks(repo: Path) -> list:
    text = (repo / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def _run(block: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, "README.md", "exec"), {"__name__": "readme_example"})
    return out.getvalue()


def test_the_readme_has_the_three_python_examples(repo_root):
    blocks = _python_blocks(repo_root)
    assert len(blocks) == 3, [b.splitlines()[0] for b in blocks]


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
    # area top 59, bottom 34; SPEC presets) is 393 x (852 - 59 - 34) = 759 at y = 59; the camera
    # padding is the map view's area outside it; no diagnostic. The comments in the block say so.
    block = next(b for b in _python_blocks(repo_root) if "class MyDelegate(nl.LayoutDelegate)" in b)
    assert _run(block) == (
        "Rect(x=0.0, y=59.0, width=393.0, height=759.0)\n"
        "Insets(top=59.0, left=0.0, bottom=34.0, right=0.0)\n"
        "[]\n"
    )
