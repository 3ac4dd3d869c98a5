#!/usr/bin/env python3
"""bench/e2e.py — end to end through Python: the sample delegate (navlayout.demo's
SampleLayoutDelegate, the one examples/python/sample_delegate.py runs) through its session on
iphone-portrait, each transition timed as its event (plus the time advance the step needs) and
the layout pass. Prints "T name 1 t1,t2,..." (nanoseconds per transition sample), like e2e.c.

Diagnostic reports (issue 14) follow the logging configuration (navlayout.diagnostic_log): the
optional third argument picks it —
  default  no logging configured: errors only, as the C default (what a plain script gets);
  every    a handler of every level on the "navlayout" logger (writing nowhere): every rule is
           evaluated after every event (what every Python run cost before the default asked the
           library only for what it writes);
  off      the logger disabled: no rule is evaluated for reports (the cost before issue 14).

Usage: NAVLAYOUT_LIBRARY=path/libnavlayout.so python3 bench/e2e.py [sessions] [preset] [default|every|off]
"""
import logging
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bindings", "python"))
import navlayout as nl  # noqa: E402
from navlayout.demo import SampleLayoutDelegate  # noqa: E402


def main() -> int:
    sessions = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    preset = sys.argv[2] if len(sys.argv) > 2 else "iphone-portrait"
    logs = sys.argv[3] if len(sys.argv) > 3 else "default"
    log = logging.getLogger("navlayout")
    if logs == "every":
        class Nowhere(logging.Handler):
            def emit(self, record):
                pass
        log.addHandler(Nowhere())
        log.setLevel(logging.INFO)
        log.propagate = False
    elif logs == "off":
        log.disabled = True
    elif logs != "default":
        print(f"e2e.py: the third argument is default, every or off, not {logs!r}", file=sys.stderr)
        return 2
    label = "" if logs == "default" else f" (logging: {logs})"
    warm = max(1, sessions // 10)
    names = ["navigation ready", "active guidance", "incident prompt 0.0 s", "prompt 0.2 s",
             "prompt 0.4 s", "prompt dismissed +0.4 s", "guidance stopped", "navigation disabled"]
    times = [[] for _ in names]
    clock = time.perf_counter_ns
    for k in range(-warm, sessions):
        with nl.MapView.preset(preset) as m:
            m.set_layout_delegate(SampleLayoutDelegate())
            m.layout_if_needed()
            events = (
                lambda: setattr(m, "navigation_enabled", True),
                m.start_guidance,
                lambda: m.trigger_prompt(nl.PromptKind.INCIDENT),
                lambda: m.advance_time(0.2),
                lambda: m.advance_time(0.2),
                lambda: (m.dismiss_prompt(), m.advance_time(0.4)),
                m.stop_guidance,
                lambda: setattr(m, "navigation_enabled", False),
            )
            for i, event in enumerate(events):
                t0 = clock()
                event()
                m.layout_if_needed()
                t1 = clock()
                if k >= 0:
                    times[i].append(t1 - t0)
    for name, t in zip(names, times):
        print(f"T\te2e Python{label} {preset}: {name}\t1\t" + ",".join(str(x) for x in t))
    every = [x for t in times for x in t]
    print(f"T\te2e Python{label} {preset}: transition (every step)\t1\t" + ",".join(str(x) for x in every))
    return 0


if __name__ == "__main__":
    sys.exit(main())
