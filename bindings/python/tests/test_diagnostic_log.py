"""Python's diagnostic log (issue 14; navlayout.diagnostic_log): the default equals the C and Swift
defaults — one ``navlayout: <line>`` per *error* on stderr, nothing for warnings and infos —
while an application that configures :mod:`logging` receives every record at its levels through
the ``"navlayout"`` logger, with no line from the default; and the library evaluates only the
rules of the severities a handler would write (``minimum_severity``).

The scene (``Noisy``, iphone-portrait 393 x 852, safe area (59, 0, 34, 0), docs/behaviour.md#device-presets): the good
ready layout of test_diagnostics (viewport = safe area minus 40 pt at the bottom: (0, 59, 393,
719)) plus
* test_diagnostic_reports' ``orderCard`` whose height is pinned to 60 and then to 80 — the
  unsatisfiable *error* (UNSATISFIABLE_LINE);
* its left/right ``badge`` — the leftRightAnchor *info* (BADGE_LINE);
* an opaque host view ``banner`` at (0, 100, 100, 20), inside the viewport — the
  viewportObstructed *warning* (BANNER_LINE: the intersection is the banner's own frame).

Each default-configuration case runs in a fresh interpreter: pytest itself configures logging
(its capture handler sits on the root logger), which is the "configured" case.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import navlayout as nl
from navlayout import diagnostic_log
from test_diagnostic_reports import BADGE_LINE, UNSATISFIABLE_LINE, Broken

HERE = Path(__file__).resolve().parent
PACKAGE_PARENT = str(Path(nl.__file__).resolve().parent.parent)
EXAMPLES = HERE.parent.parent.parent / "examples" / "python"   # test_diagnostics imports one

BANNER_LINE = (
    "warning viewportObstructed: banner covers (0, 100, 100, 20) of the viewport (0, 59, 393, 719); "
    "the camera frames the route under it \u2014 constrain the viewport to the open area (e.g. its "
    "top to the turn card's bottom) [items: viewport, banner (host view)]"
)


class Noisy(Broken):
    """An error, a warning and an info on enable (see the module's text)."""

    def __init__(self) -> None:
        super().__init__(badge=True)

    def enable_navigation_ui(self, nav_map, new_state):
        super().enable_navigation_ui(nav_map, new_state)
        banner = nav_map.make_view(identifier="banner")
        nav_map.add_subview(banner)   # opaque: host views start opaque
        nl.activate([
            banner.leading_anchor.constraint(equal_to=nav_map.leading_anchor),
            banner.top_anchor.constraint(equal_to=nav_map.top_anchor, constant=100),
            banner.width_anchor.constraint(equal_to_constant=100),
            banner.height_anchor.constraint(equal_to_constant=20),
        ])


def run_python(setup: str, body: str = "") -> subprocess.CompletedProcess:
    """Runs ``setup`` then ``body`` (default: Noisy's navigation ready event) in a fresh
    interpreter that imports navlayout and this directory's modules; returns the process."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([PACKAGE_PARENT, str(HERE), str(EXAMPLES), env.get("PYTHONPATH", "")])
    body = body or textwrap.dedent("""
        with nl.MapView.preset("iphone-portrait") as m:
            m.set_layout_delegate(Noisy())
            m.navigation_enabled = True
            print(len(m.diagnostics))
    """)
    script = "import logging\nimport navlayout as nl\nfrom test_diagnostic_log import Noisy\n" + \
        textwrap.dedent(setup) + "\n" + body
    return subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                          timeout=120)


# -- the default ------------------------------------------------------------------------------


def test_default_writes_errors_only_as_the_c_default_does():
    run = run_python("")
    assert run.returncode == 0, run.stderr
    assert run.stdout == "3\n"          # the list has all three
    # Exactly the C default's line (Tests/c/test_diagnostic_handler.c expected_line).
    assert run.stderr == f"navlayout: {UNSATISFIABLE_LINE}\n"


def test_default_for_a_session_run_by_the_viewer(tmp_path):
    """The fresh user's case: nl.viewer.write printed every warning through logging's last
    resort. The session's steps report the error once (it stays the same finding)."""
    page = tmp_path / "noisy.html"
    run = run_python("", f"""
result = nl.viewer.write(Noisy, "iphone-portrait", {str(page)!r})
print(result.failures, result.errors > 0, result.warnings > 0)
""")
    assert run.returncode == 0, run.stderr
    assert run.stdout == "[] True True\n"
    assert run.stderr == f"navlayout: {UNSATISFIABLE_LINE}\n"


def test_default_respects_the_loggers_level_and_disabled():
    run = run_python('logging.getLogger("navlayout").setLevel(logging.CRITICAL)')
    assert (run.returncode, run.stdout, run.stderr) == (0, "3\n", "")
    run = run_python('logging.getLogger("navlayout").disabled = True')
    assert (run.returncode, run.stdout, run.stderr) == (0, "3\n", "")
    # A lower level does not make the default write warnings (it writes errors, as C's).
    run = run_python('logging.getLogger("navlayout").setLevel(logging.INFO)')
    assert run.stderr == f"navlayout: {UNSATISFIABLE_LINE}\n"


# -- a configured application -----------------------------------------------------------------


def test_basic_config_receives_every_record_at_its_level_without_the_default():
    run = run_python('logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")')
    assert run.returncode == 0, run.stderr
    # In list order: the engine's rules (unsatisfiable, leftRightAnchor), then the navigation
    # rules (viewportObstructed).
    assert run.stderr.splitlines() == [
        f"ERROR navlayout: {UNSATISFIABLE_LINE}",
        f"INFO navlayout: {BADGE_LINE}",
        f"WARNING navlayout: {BANNER_LINE}",
    ]


def test_basic_config_at_its_default_level_gets_errors_and_warnings():
    run = run_python('logging.basicConfig(format="%(levelname)s %(message)s")')   # root: WARNING
    assert run.stderr.splitlines() == [f"ERROR {UNSATISFIABLE_LINE}", f"WARNING {BANNER_LINE}"]


def test_logger_level_filters_a_configured_handler():
    run = run_python('logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")\n'
                     'logging.getLogger("navlayout").setLevel(logging.ERROR)')
    assert run.stderr == f"ERROR {UNSATISFIABLE_LINE}\n"


def test_propagate_false_without_a_handler_of_its_own_is_the_default():
    # logging's own rule: no handler reached -> the fallback (here: the C default's line).
    run = run_python('logging.basicConfig(level=logging.INFO, format="ROOT %(message)s")\n'
                     'logging.getLogger("navlayout").propagate = False')
    assert run.stderr == f"navlayout: {UNSATISFIABLE_LINE}\n"


def test_propagate_false_with_a_handler_of_its_own():
    run = run_python(textwrap.dedent('''
        logging.basicConfig(level=logging.INFO, format="ROOT %(message)s")
        h = logging.StreamHandler()
        h.setFormatter(logging.Formatter("OWN %(levelname)s %(message)s"))
        lg = logging.getLogger("navlayout")
        lg.addHandler(h)
        lg.setLevel(logging.WARNING)
        lg.propagate = False
    '''))
    assert run.stderr.splitlines() == [f"OWN ERROR {UNSATISFIABLE_LINE}", f"OWN WARNING {BANNER_LINE}"]


def test_a_null_handler_silences_it():
    run = run_python('logging.getLogger("navlayout").addHandler(logging.NullHandler())')
    assert (run.returncode, run.stdout, run.stderr) == (0, "3\n", "")


# -- which severities the library evaluates ----------------------------------------------------


@pytest.fixture
def isolated_logger():
    """The "navlayout" logger cut off from pytest's root handlers, restored afterwards."""
    lg = logging.getLogger("navlayout")
    saved = (lg.level, lg.propagate, lg.disabled, list(lg.handlers))
    lg.propagate = False
    lg.setLevel(logging.NOTSET)
    for h in list(lg.handlers):
        lg.removeHandler(h)
    yield lg
    lg.setLevel(saved[0])
    lg.propagate, lg.disabled = saved[1], saved[2]
    for h in list(lg.handlers):
        lg.removeHandler(h)
    for h in saved[3]:
        lg.addHandler(h)


class Collect(logging.Handler):
    def __init__(self, level=logging.NOTSET):
        super().__init__(level)
        self.records = []

    def emit(self, record):
        self.records.append(record)


def test_minimum_severity_follows_the_configuration():
    """In a fresh interpreter: pytest's own logging capture attaches handlers to loggers during a
    test's call phase (pytest 9.2 also to a logger whose ``propagate`` is False), so the
    no-handler case cannot be set up inside this process."""
    run = run_python("", textwrap.dedent("""
        from navlayout import diagnostic_log
        S = nl.Severity
        lg = logging.getLogger("navlayout")
        seen = []
        def note(case):
            value = diagnostic_log.minimum_severity()
            seen.append(f"{case}={value.name if value is not None else None}")
        class Collect(logging.Handler):
            def emit(self, record):
                pass
        note("default")                    # no handler: the default's (errors); root's WARNING moot
        h = Collect()
        lg.addHandler(h)                   # a handler of every level; effective level WARNING (root)
        note("handler")
        lg.setLevel(logging.INFO)
        note("logger-info")
        h.setLevel(logging.ERROR)          # the handler writes errors only
        note("handler-error")
        h.setLevel(logging.WARNING)
        lg.setLevel(logging.CRITICAL)      # the logger lets nothing through
        note("logger-critical")
        lg.setLevel(logging.INFO)
        lg.disabled = True
        note("disabled")
        lg.disabled = False
        logging.disable(logging.WARNING)   # process-wide: WARNING and below off
        note("disable-warning")
        logging.disable(logging.NOTSET)
        lg.removeHandler(h)
        lg.addHandler(logging.NullHandler())   # configured, writes nothing
        note("null-handler")
        print(" ".join(seen))
    """))
    assert run.returncode == 0, run.stderr
    # The levels of diagnostic_log.minimum_severity's docstring, case by case.
    assert run.stdout.split() == [
        "default=ERROR", "handler=WARNING", "logger-info=INFO", "handler-error=ERROR",
        "logger-critical=None", "disabled=None", "disable-warning=ERROR", "null-handler=None",
    ]


def test_the_library_evaluates_what_the_configuration_writes(isolated_logger, monkeypatch):
    """The library asks at each report and honours the answer: with NONE nothing is reported (and
    what appeared meanwhile is new once it listens); with ERROR only the error."""
    lg = isolated_logger
    collect = Collect()
    lg.addHandler(collect)
    lg.setLevel(logging.INFO)
    asked = []
    answer = [3]

    def minimum():
        asked.append(answer[0])
        return answer[0]

    monkeypatch.setattr(diagnostic_log, "_minimum_severity", minimum)
    with nl.MapView.preset("iphone-portrait") as m:
        m.set_layout_delegate(Noisy())
        m.navigation_enabled = True
        assert asked and collect.records == []
        assert len(m.diagnostics) == 3       # the list is complete whatever the reports hear
        answer[0] = 2
        m.start_guidance()                    # a transition: the layout changes, a report runs
        assert [r.getMessage() for r in collect.records] == [UNSATISFIABLE_LINE]
        answer[0] = 0
        m.stop_guidance()
        assert [r.getMessage() for r in collect.records] == [UNSATISFIABLE_LINE, BADGE_LINE, BANNER_LINE]
