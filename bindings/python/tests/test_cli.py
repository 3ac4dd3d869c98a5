"""``python -m navlayout`` (issue 18): the Swift CLI's sub-commands and flags (``demo [--preset]
NAME --delegate sample|wide|builtin --json --svg DIR``, ``gallery --delegate --out --presets``,
``view``, ``sweep``, ``presets``), ``--help`` on each in both CLIs documenting the same flags, and
the same stdout, stderr, files and exit status as the Swift CLI (``Sources/navlayout/main.swift``)
wherever both run."""

from __future__ import annotations

import filecmp
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import navlayout as nl
from navlayout.cli._common import format_points

PACKAGE_PARENT = str(Path(nl.__file__).resolve().parent.parent)
PRESETS = ["iphone-portrait", "iphone-landscape", "iphone-se", "ipad-portrait", "ipad-split",
           "carplay"]


def _python_cli(*args, cwd=None):
    env = dict(os.environ)
    env["PYTHONPATH"] = PACKAGE_PARENT + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "navlayout", *args], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=300)


def _swift(cli, *args, cwd=None):
    return subprocess.run([str(cli), *args], cwd=cwd, capture_output=True, text=True, timeout=300)


def _same_run(swift_cli, *args, cwd_swift=None, cwd_python=None):
    """Runs both CLIs with ``args`` and asserts equal exit status, stdout and stderr."""
    theirs = _swift(swift_cli, *args, cwd=cwd_swift)
    ours = _python_cli(*args, cwd=cwd_python)
    assert (ours.returncode, ours.stdout, ours.stderr) == (
        theirs.returncode, theirs.stdout, theirs.stderr)
    return ours


def _affecting_sorted(page: str) -> str:
    """A viewer page with each view's "constraints affecting layout" lists sorted: the Swift and
    the Python sample delegates are two implementations that list the same constraints in another
    order; everything else in the page (frames, recordings, diagnostics) is the same bytes."""
    return re.sub(r'"(horizontal|vertical)":\[([0-9,]*)\]',
                  lambda m: '"%s":[%s]' % (m.group(1), ",".join(
                      sorted(m.group(2).split(","), key=lambda n: int(n) if n else -1))), page)


def _same_tree(a: Path, b: Path):
    """Both directories hold the same file names with the same bytes (viewer pages: up to the
    order of their affecting-constraint lists)."""
    names = sorted(p.name for p in a.iterdir())
    assert names == sorted(p.name for p in b.iterdir())
    _, mismatch, errors = filecmp.cmpfiles(a, b, names, shallow=False)
    assert errors == []
    for name in mismatch:
        assert name.endswith(".html") and name != "index.html", name
        assert _affecting_sorted((a / name).read_text()) == _affecting_sorted((b / name).read_text()), name
    return names


# -- --help and usage, without the Swift CLI ---------------------------------------------------

@pytest.mark.parametrize("command, flags", [
    ("demo", ["--preset", "--delegate", "{sample,wide,builtin}", "--json", "--svg DIR", "NAME"]),
    ("gallery", ["--delegate", "{sample,wide,builtin}", "--out DIR", "--presets A,B,..."]),
    ("view", ["--delegate", "{sample,wide,builtin,MODULE:CALLABLE}", "--preset NAME", "--out FILE", "--rtl"]),
    ("presets", []),
    ("sweep", ["--delegate", "--axis {width,height}", "--from A", "--to B", "--height H", "--width W",
               "--insets T,L,B,R", "--rtl", "--step S", "--processes N", "--out DIR", "--json"]),
])
def test_each_command_has_help(command, flags):
    run = _python_cli(command, "--help")
    assert run.returncode == 0 and run.stderr == ""
    assert run.stdout.startswith(f"usage: python -m navlayout {command} [-h]")
    for flag in flags:
        assert flag in run.stdout


def test_top_level_help_lists_the_commands():
    run = _python_cli("--help")
    assert run.returncode == 0
    lines = run.stdout.splitlines()
    for command in ("demo", "gallery", "view", "presets"):
        assert any(line.split()[:1] == [command] for line in lines), command
    assert "presets: " + ", ".join(PRESETS) in lines  # the epilog, on one line


@pytest.mark.parametrize("args, message", [
    ([], "navlayout: a command is needed: demo, gallery, view, presets, sweep\n"),
    (["view", "--delegate", "nope"], 'navlayout view: unknown --delegate "nope"; delegates: sample, wide, builtin, or MODULE:CALLABLE\n'),
    (["view", "--delegate", "no_such_module_here:Delegate"], "navlayout view: --delegate no_such_module_here:Delegate: cannot import"),
    (["demo", "--delegate", "nope"], "invalid choice: 'nope'"),
    (["demo", "--svg"], "argument --svg: expected one argument"),
    (["fly"], "invalid choice: 'fly'"),
    (["gallery", "--presets", "iphone-portrait,moon"], 'unknown preset "moon"\n'),
])
def test_usage_errors_exit_2(args, message, tmp_path):
    run = _python_cli(*args, cwd=tmp_path)
    assert run.returncode == 2 and run.stdout == ""
    assert message in run.stderr
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_presets_lists_spec_9():
    # The presets of docs/behaviour.md#device-presets: sizes and safe areas in points (the table there, typed by hand).
    run = _python_cli("presets")
    assert run.returncode == 0, run.stderr
    assert run.stdout == (
        "iphone-portrait: 393 × 852, safe area (top 59, left 0, bottom 34, right 0)\n"
        "iphone-landscape: 852 × 393, safe area (top 0, left 59, bottom 21, right 59)\n"
        "iphone-se: 375 × 667, safe area (top 20, left 0, bottom 0, right 0)\n"
        "ipad-portrait: 820 × 1180, safe area (top 24, left 0, bottom 20, right 0)\n"
        "ipad-split: 320 × 1180, safe area (top 24, left 0, bottom 20, right 0)\n"
        "carplay: 800 × 480, safe area (top 0, left 0, bottom 0, right 0), CarPlay\n"
    )


@pytest.mark.nolib
@pytest.mark.parametrize("value, text", [
    (393.0, "393"),           # whole: no fractional part
    (-0.0, "0"),              # Int64(-0.0) is 0
    (20.5, "20.5"),
    (0.1 + 0.2, "0.3"),       # 300.00000000000006 rounds to 300
    (2.0625, "2.063"),        # exact in binary: 2062.5 rounds half away from zero, up
    (-2.0625, "-2.063"),      # ... and down (Python's round() would give 2.062 both times)
    (float("inf"), "inf"),
])
def test_format_points_rounds_like_swift(value, text):
    # Swift's formatPoints (Sources/LayoutEngine/Geometry.swift): (v * 1000).rounded() / 1000,
    # .rounded() being half away from zero; whole values print without ".0".
    assert format_points(value) == text


def test_bare_preset_still_runs_the_demo(repo_root):
    # The form before sub-commands existed (scripts/test-consumers.sh and older docs use it).
    run = _python_cli("iphone-se")
    assert run.returncode == 0, run.stderr
    assert run.stdout == (repo_root / "Tests" / "c" / "expected" / "iphone-se.txt").read_text()


# -- --help of the Swift CLI: what python -m navlayout documents (issue 18) -------------------------

#: The sub-commands of both CLIs (navlayout.cli.COMMANDS lists Python's).
COMMANDS = ["demo", "gallery", "view", "sweep", "presets"]
#: The one flag the two CLIs spell differently: the sweep's parallelism is threads in Swift,
#: worker processes in Python (a Python delegate cannot run on several threads at once).
PARALLELISM = {"--threads", "--processes"}


def _flags(help_text):
    """The ``--flags`` a help text names."""
    return set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", help_text)) - {"--help"}


def test_both_clis_have_the_same_commands():
    from navlayout.cli import COMMANDS as python_commands

    assert sorted(c.NAME for c in python_commands) == sorted(COMMANDS)


@pytest.mark.parametrize("flag", ["--help", "-h"])
@pytest.mark.parametrize("command", COMMANDS)
def test_swift_command_help_documents_the_python_flags(swift_cli, tmp_path, command, flag):
    # Before issue 18 `navlayout demo --help` said "unexpected arguments: --help" and exited 2.
    swift = _swift(swift_cli, command, flag, cwd=tmp_path)
    assert (swift.returncode, swift.stderr) == (0, "")
    assert swift.stdout.startswith(f"usage: navlayout {command}")
    assert "\noptions:\n  -h, --help " in swift.stdout
    assert swift.stdout.endswith("\npresets: " + ", ".join(PRESETS) + "\n")
    python = _python_cli(command, "--help")
    assert python.returncode == 0
    assert _flags(swift.stdout) - PARALLELISM == _flags(python.stdout) - PARALLELISM
    assert ("--threads" in swift.stdout) == ("--processes" in python.stdout) == (command == "sweep")
    assert list(tmp_path.iterdir()) == []  # help runs nothing


def test_swift_help_wins_over_other_arguments(swift_cli, tmp_path):
    # As argparse: -h anywhere among a command's arguments prints its help (nothing runs).
    run = _swift(swift_cli, "gallery", "--out", "g", "--presets", "moon", "-h", cwd=tmp_path)
    assert run.returncode == 0 and run.stdout.startswith("usage: navlayout gallery ")
    assert list(tmp_path.iterdir()) == []


def test_swift_top_level_help_lists_every_command(swift_cli):
    for args in (["--help"], ["-h"], ["help"]):
        run = _swift(swift_cli, *args)
        assert (run.returncode, run.stderr) == (0, "")
        lines = run.stdout.splitlines()
        assert lines[0] == "usage: navlayout demo [--preset] [NAME] [--delegate sample|wide|builtin] [--json] [--svg DIR]"
        listed = [line.split()[0] for line in lines if line.startswith("  ") and not line.startswith("   ")]
        assert listed == COMMANDS
        assert any(f"navlayout {c}" in line for c in COMMANDS for line in lines[:8])
        assert "       navlayout COMMAND --help      (each command's options)" in lines
        assert lines[-1] == "presets: " + ", ".join(PRESETS)


def test_swift_presets_refuses_arguments(swift_cli):
    # argparse refuses them in python -m navlayout presets; so does the Swift CLI now.
    ours, theirs = _python_cli("presets", "x"), _swift(swift_cli, "presets", "x")
    assert ours.returncode == theirs.returncode == 2 and ours.stdout == theirs.stdout == ""
    assert theirs.stderr.startswith("unexpected arguments: x\n")


# -- the same output as the Swift CLI ------------------------------------------------------------

def test_presets_match_swift(swift_cli):
    _same_run(swift_cli, "presets")


@pytest.mark.parametrize("args", [
    ["demo"],
    ["demo", "carplay"],
    ["demo", "--preset", "ipad-split", "--delegate", "wide"],
    ["demo", "--preset", "iphone-landscape", "--delegate", "builtin"],
    ["demo", "--delegate", "builtin", "--preset", "carplay"],
    ["demo", "--preset", "iphone-se", "ipad-portrait"],  # the plain NAME wins, as in Swift
    ["demo", "--json"],
    ["demo", "--delegate", "wide", "--json", "iphone-landscape"],
    ["demo", "--delegate", "wide", "--json", "carplay"],
    ["demo", "--preset", "no-such-device"],
])
def test_demo_matches_swift(swift_cli, args):
    _same_run(swift_cli, *args)


@pytest.mark.parametrize("delegate, preset", [("sample", "iphone-portrait"),
                                              ("wide", "iphone-landscape"),
                                              ("builtin", "carplay")])
def test_demo_svg_matches_swift(swift_cli, tmp_path, delegate, preset):
    (tmp_path / "swift").mkdir()
    (tmp_path / "python").mkdir()
    run = _same_run(swift_cli, "demo", "--delegate", delegate, "--preset", preset, "--svg", "pics",
                    cwd_swift=tmp_path / "swift", cwd_python=tmp_path / "python")
    assert run.stderr.endswith("navlayout: wrote 8 SVGs and index.html to pics\n")
    names = _same_tree(tmp_path / "swift" / "pics", tmp_path / "python" / "pics")
    # One SVG per step of the session (8, the script of docs/behaviour.md#acceptance-values), numbered, and the page.
    assert names == ["01-navigation-ready.svg", "02-active-guidance.svg",
                     "03-incident-prompt-0-0-s.svg", "04-incident-prompt-0-2-s.svg",
                     "05-incident-prompt-0-4-s.svg", "06-prompt-dismissed.svg",
                     "07-guidance-stopped.svg", "08-navigation-disabled.svg", "index.html"]


@pytest.mark.parametrize("delegate", ["sample", "wide", "builtin"])
def test_gallery_matches_swift(swift_cli, tmp_path, delegate):
    (tmp_path / "swift").mkdir()
    (tmp_path / "python").mkdir()
    run = _same_run(swift_cli, "gallery", "--delegate", delegate, "--out", "g",
                    cwd_swift=tmp_path / "swift", cwd_python=tmp_path / "python")
    assert run.stdout.startswith("gallery: g/index.html — 6 presets, ")
    names = _same_tree(tmp_path / "swift" / "g", tmp_path / "python" / "g")
    assert "index.html" in names and len(names) > 6 * 7


def test_gallery_presets_option_matches_swift(swift_cli, tmp_path):
    (tmp_path / "swift").mkdir()
    (tmp_path / "python").mkdir()
    # --presets keeps the preset list's order, whatever order it is given in.
    run = _same_run(swift_cli, "gallery", "--presets", "carplay,iphone-portrait", "--out", "g",
                    cwd_swift=tmp_path / "swift", cwd_python=tmp_path / "python")
    assert run.stderr.startswith("[1/2] iphone-portrait:...")  # a dot per step
    _same_tree(tmp_path / "swift" / "g", tmp_path / "python" / "g")


def test_unknown_gallery_preset_matches_swift(swift_cli, tmp_path):
    _same_run(swift_cli, "gallery", "--presets", "moon", "--out", str(tmp_path / "g"))


# -- view (issue 14) -------------------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["--delegate", "sample"],
    ["--delegate", "wide", "--preset", "ipad-portrait", "--rtl"],
    ["--delegate", "builtin", "--preset", "iphone-landscape"],
    ["--delegate", "sample", "--preset", "carplay"],   # refused delegate: the note on stderr
])
def test_view_matches_swift(swift_cli, tmp_path, args):
    # The same page byte for byte: both record through the library (nl_map_view_run_session),
    # the Swift examples and their Python twins activate the same constraints.
    (tmp_path / "swift").mkdir()
    (tmp_path / "python").mkdir()
    run = _same_run(swift_cli, "view", *args, "--out", "page.html",
                    cwd_swift=tmp_path / "swift", cwd_python=tmp_path / "python")
    assert run.returncode == 0 and run.stdout.startswith("view: page.html — ")
    assert _same_tree(tmp_path / "swift", tmp_path / "python") == ["page.html"]


@pytest.mark.parametrize("args, message", [
    (["--out", "missing/page.html"], "navlayout view: cannot write --out missing/page.html: the directory "),
    (["--preset", "moon"], 'navlayout view: unknown --preset "moon"; presets: '),
])
def test_view_bad_arguments_match_swift(swift_cli, tmp_path, args, message):
    (tmp_path / "swift").mkdir()
    (tmp_path / "python").mkdir()
    swift = _swift(swift_cli, "view", *args, cwd=tmp_path / "swift")
    ours = _python_cli("view", *args, cwd=tmp_path / "python")
    assert (ours.returncode, ours.stdout) == (swift.returncode, swift.stdout) == (2, "")
    assert ours.stderr.startswith(message) and swift.stderr.startswith(message)
    assert list((tmp_path / "python").iterdir()) == list((tmp_path / "swift").iterdir()) == []


def test_view_of_a_delegate_written_in_python(tmp_path):
    # --delegate FILE.py:CALLABLE: the user's own delegate; one that raises exits 1 and says where.
    (tmp_path / "my_layout.py").write_text(
        "from navlayout.demo import SampleLayoutDelegate\n"
        "class Mine(SampleLayoutDelegate):\n"
        "    def show_prompt(self, nav_map, new_prompt):\n"
        "        raise RuntimeError('no room')\n", encoding="utf-8")
    run = _python_cli("view", "--delegate", "my_layout.py:Mine", "--preset", "iphone-se", cwd=tmp_path)
    assert run.returncode == 1
    assert run.stdout.startswith("view: viewer.html — 17 steps, ")
    assert run.stderr.count("navlayout view: the delegate failed: ") == 4  # one per prompt kind
    assert "RuntimeError: no room" in (tmp_path / "viewer.html").read_text(encoding="utf-8")
    # MODULE:CALLABLE: a module on the path.
    run = _python_cli("view", "--delegate", "navlayout.demo:SampleLayoutDelegate", "--out", "s.html", cwd=tmp_path)
    assert run.returncode == 0 and run.stderr == "" and (tmp_path / "s.html").exists()


# -- bad input: one line naming the flag, the same words in both CLIs, exit status 2 ----------------
# (The messages are this change's own: the flag as the user gave it, then what is wrong. An
# output that cannot be written says the C library's strerror words for the errno — the same
# text from Python's OSError and from the Swift CLI's fopen/mkdir.)

#: (arguments, stderr). {file}: a plain file in the test's directory; {cwd}: that directory. On
#: Linux /proc refuses new entries with ENOENT ("No such file or directory"), even as root.
BAD_OUTPUTS = [
    (["gallery", "--out", "/proc/gal"], "navlayout: cannot write --out /proc/gal: No such file or directory\n"),
    (["gallery", "--presets", "carplay", "--out", "{file}"], "navlayout: cannot write --out {file}: Not a directory\n"),
    (["demo", "--svg", "/proc/x.svg"], "navlayout: cannot write --svg /proc/x.svg: No such file or directory\n"),
    (["demo", "--svg", "{file}/pics"], "navlayout: cannot write --svg {file}/pics: Not a directory\n"),
    (["view", "--out", "{cwd}"], "navlayout view: cannot write --out {cwd}: Is a directory\n"),
    (["view", "--out", "{file}/v.html"], "navlayout view: cannot write --out {file}/v.html: {file} is not a directory\n"),
    (["view", "--out", "missing/v.html"],
     "navlayout view: cannot write --out missing/v.html: the directory {cwd}/missing does not exist\n"),
    (["sweep", "--from", "320", "--to", "330", "--out", "/proc/s"],
     "navlayout sweep: cannot write --out /proc/s: No such file or directory\n"),
    (["sweep", "--from", "320", "--to", "330", "--out", "{file}"], "navlayout sweep: cannot write --out {file}: Not a directory\n"),
]

#: (arguments, stderr) of `sweep`: the messages name --from, --to, --insets, --step, not the
#: library's start, stop, safe_area.top, sample_step; NaN reads the same in both CLIs.
BAD_SWEEPS = [
    (["--from", "500", "--to", "500"], "--to (500) must be greater than --from (500): the range is empty"),
    (["--from", "900", "--to", "500"], "--to (500) must be greater than --from (900): the range is empty"),
    (["--from", "nan"], "--from must be a finite number of points, not nan"),
    (["--to", "inf"], "--to must be a finite number of points, not inf"),
    (["--height", "nan"], "--height must be a finite number of points, not nan"),
    (["--axis", "height", "--width", "-1"], "--width must not be negative (-1)"),
    (["--from", "-3"], "--from must not be negative (-3)"),
    (["--to", "1e6"], "--to 1000000 is beyond the sweep's largest size, 100000 pt"),
    (["--insets", "-1,0,0,0"], "--insets top must be a finite, non-negative number of points, not -1"),
    (["--insets", "24,0,-2.5,0"], "--insets bottom must be a finite, non-negative number of points, not -2.5"),
    (["--insets", "1,nan,2,3"], "--insets must be a finite number of points, not nan"),
    (["--insets", "1,2"], '--insets "1,2" must be four numbers T,L,B,R'),
    (["--insets", "24,300,20,300"], "--insets does not fit the map view at --from (320 pt): safe-area insets "
                                    "(top 24, left 300, bottom 20, right 300) do not fit in 320 × 1180"),
    (["--step", "0"], "--step must be a positive number of points, not 0"),
    (["--step", "-0.5"], "--step must be a positive number of points, not -0.5"),
    (["--step", "0.001"], "--step 0.001 gives more than 100000 samples over 1080 pt; use a larger one"),
    (["--from", "abc"], '--from "abc" is not a number'),
]


def _filled(items, cwd):
    file = cwd / "file"
    file.write_text("x")
    return [s.format(file=file, cwd=cwd) for s in items]


def _check_bad_output(run, cwd, expected):
    assert (run.returncode, run.stdout, run.stderr) == (2, "", expected)
    assert sorted(p.name for p in cwd.iterdir()) == ["file"]  # nothing written


@pytest.mark.parametrize("args, message", BAD_OUTPUTS)
def test_python_cli_names_the_unwritable_output(tmp_path, args, message):
    # Before: "navlayout: [Errno 2] No such file or directory: '/proc/gal'".
    args, (message,) = _filled(args, tmp_path), _filled([message], tmp_path)
    _check_bad_output(_python_cli(*args, cwd=tmp_path), tmp_path, message)


@pytest.mark.parametrize("args, message", BAD_OUTPUTS)
def test_swift_cli_names_the_unwritable_output(swift_cli, tmp_path, args, message):
    # Before: "Error Domain=NSCocoaErrorDomain Code=4 … UserInfo={…}", "(NSCocoaErrorDomain error
    # 512.)", and "the directory /etc/passwd does not exist" for a file.
    args, (message,) = _filled(args, tmp_path), _filled([message], tmp_path)
    _check_bad_output(_swift(swift_cli, *args, cwd=tmp_path), tmp_path, message)


#: A file the command writes inside its output directory is a directory here: the message names
#: it after the flag (stdout: what came before, for the sweep its result is not printed).
BLOCKED_FILES = [
    (["gallery", "--presets", "carplay", "--out", "g/"], "g/carplay-01-navigation-ready.svg",
     "[1/1] carplay:.\nnavlayout: cannot write --out g/: g/carplay-01-navigation-ready.svg: Is a directory\n"),
    (["sweep", "--from", "320", "--to", "330", "--out", "s"], "s/index.html",
     "navlayout sweep: cannot write --out s: s/index.html: Is a directory\n"),
    (["demo", "--svg", "pics", "--json"], "pics/01-navigation-ready.svg",
     "navlayout: cannot write --svg pics: pics/01-navigation-ready.svg: Is a directory\n"),
]


def _blocked_file_run(run_cli, cwd, args, blocked, message):
    (cwd / blocked).mkdir(parents=True)
    run = run_cli(*args, cwd=cwd)
    assert (run.returncode, run.stdout, run.stderr) == (2, "", message)


@pytest.mark.parametrize("args, blocked, message", BLOCKED_FILES)
def test_python_cli_names_the_file_it_cannot_write(tmp_path, args, blocked, message):
    # The gallery stops there (before, both counted it as a failed preset, a raw error on the page).
    _blocked_file_run(_python_cli, tmp_path, args, blocked, message)


@pytest.mark.parametrize("args, blocked, message", BLOCKED_FILES)
def test_swift_cli_names_the_file_it_cannot_write(swift_cli, tmp_path, args, blocked, message):
    _blocked_file_run(lambda *a, cwd: _swift(swift_cli, *a, cwd=cwd), tmp_path, args, blocked, message)


@pytest.mark.parametrize("args, message", BAD_SWEEPS)
def test_python_sweep_names_the_flags(tmp_path, args, message):
    run = _python_cli("sweep", *args, cwd=tmp_path)
    assert (run.returncode, run.stdout, run.stderr) == (2, "", f"navlayout sweep: {message}\n")


@pytest.mark.parametrize("args, message", BAD_SWEEPS)
def test_swift_sweep_names_the_flags(swift_cli, tmp_path, args, message):
    # Before: "start must be …", "stop (500) must be greater than start (500)", "safe_area.top …",
    # "sample_step must be a positive number of points, not 0.0".
    run = _swift(swift_cli, "sweep", *args, cwd=tmp_path)
    assert (run.returncode, run.stdout, run.stderr) == (2, "", f"navlayout sweep: {message}\n")


def test_python_sweep_processes_and_negative_values():
    # --processes is Python's (Swift: --threads); "--insets -1,…" is the value, not an option.
    run = _python_cli("sweep", "--processes", "0")
    assert (run.returncode, run.stderr) == (2, "navlayout sweep: --processes must be a whole number from 1 to 256, not 0\n")
    run = _python_cli("sweep", "--from", "-1e3")
    assert (run.returncode, run.stderr) == (2, "navlayout sweep: --from must not be negative (-1000)\n")


def test_swift_unknown_delegate_has_the_commands_prefix(swift_cli, tmp_path):
    # Before: 'unknown delegate "…"; delegates: …' without "navlayout view:".
    run = _swift(swift_cli, "view", "--delegate", "my_layout.py:MyDelegate", cwd=tmp_path)
    assert (run.returncode, run.stdout, run.stderr) == (2, "", (
        'navlayout view: unknown --delegate "my_layout.py:MyDelegate"; delegates: sample, wide, builtin '
        "(a Python delegate, MODULE:CALLABLE, runs with python -m navlayout view)\n"))
    run = _swift(swift_cli, "view", "--delegate", "nope", cwd=tmp_path)
    assert run.stderr == 'navlayout view: unknown --delegate "nope"; delegates: sample, wide, builtin\n'
    # Python's view says the same, and names the form it adds.
    ours = _python_cli("view", "--delegate", "nope", cwd=tmp_path)
    assert (ours.returncode, ours.stderr) == (2, run.stderr[:-1] + ", or MODULE:CALLABLE\n")
    run = _swift(swift_cli, "sweep", "--delegate", "nope", cwd=tmp_path)
    assert (run.returncode, run.stderr) == (2, 'navlayout sweep: unknown --delegate "nope"; delegates: sample, wide, builtin\n')
    assert list(tmp_path.iterdir()) == []


# -- the Python API: an output that cannot be written raises OSError naming the argument ------------

def test_gallery_api_names_out(tmp_path):
    # Before: a bare "[Errno 2] No such file or directory: '/proc/gal'".
    with pytest.raises(FileNotFoundError) as info:
        nl.gallery(None, ["carplay"], out="/proc/gal")
    assert (info.value.errno, info.value.strerror) == (2, "out: cannot create '/proc/gal': No such file or directory")
    (tmp_path / "file").write_text("x")
    with pytest.raises(NotADirectoryError) as info:  # os.makedirs says "File exists" here
        nl.gallery(None, ["carplay"], out=str(tmp_path / "file"))
    assert info.value.strerror == f"out: cannot create '{tmp_path}/file': Not a directory"
    # A file of the gallery that cannot be written stops it (its docs: OSError), naming out.
    (tmp_path / "g" / "carplay.html").mkdir(parents=True)
    with pytest.raises(IsADirectoryError) as info:
        nl.gallery(None, ["carplay"], out=str(tmp_path / "g"), stream=io.StringIO())
    assert info.value.strerror == f"out: cannot write '{tmp_path}/g/carplay.html': Is a directory"
    assert not (tmp_path / "g" / "index.html").exists()


def test_viewer_and_sweep_pages_name_their_argument(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(IsADirectoryError) as info:  # checked before the session runs
        nl.viewer.write(None, "carplay", str(tmp_path))
    assert info.value.strerror == f"path: cannot write '{tmp_path}': Is a directory"
    with pytest.raises(NotADirectoryError) as info:
        nl.viewer.write(None, "carplay", str(tmp_path / "file" / "v.html"))
    assert info.value.strerror == f"path: cannot write '{tmp_path}/file/v.html': '{tmp_path}/file' is not a directory"
    result = nl.sweep(None, "width", 320, 330, height=1180)
    with pytest.raises(NotADirectoryError) as info:
        result.write_html(str(tmp_path / "file"), None)
    assert info.value.strerror == f"directory: cannot create '{tmp_path}/file': Not a directory"
