#!/usr/bin/env python3
"""bench/report.py — turns the harnesses' tab-separated output into the results table (Markdown).

Usage: report.py OURS.tsv KIWI.tsv MORE.tsv...   (files as written by bench/run)
Per workload: median time per operation over the repetitions, the min–max of the repetitions
(the machine's noise), ours/kiwi of the medians, and whether the two solvers' solutions agree
(sum of the variables' values; they can differ only where kiwi's weighted strengths and our
strict priority levels choose different optima). Then the chain growth exponents, peak memory,
the end-to-end transitions (T lines of the MORE files), the layout-churn and many-map-views
figures (their S lines: "S name value unit") and issue 19's targets."""
import math
import statistics
import sys


# Chain growth exponent targets: build from issue 19 (median of 3 timed 10,000-view builds),
# resize from issue 6.
GROWTH_TARGET = {"build": 1.1, "resize": 1.15}


def load(path):
    times, checks, mem, stats = {}, {}, {}, {}
    order = []
    with open(path) as f:
        for line in f:
            p = line.rstrip("\n").split("\t")
            if p[0] == "T":
                # A workload may have several T lines (bench/run runs the solver workloads one
                # repetition per process, alternating the two solvers): their repetitions add up.
                ops = int(p[2])
                reps = [float(x) / ops for x in p[3].split(",") if x]
                if p[1] not in times:
                    times[p[1]] = []
                    order.append(p[1])
                times[p[1]].extend(reps)
            elif p[0] == "V":
                checks[p[1]] = float(p[2])
            elif p[0] == "M":
                mem[p[1]] = (int(p[2]), int(p[3]))
            elif p[0] == "S":
                stats[p[1]] = (float(p[2]), p[3] if len(p) > 3 else "")
    return times, checks, mem, order, stats


def fmt(ns):
    if ns < 1e3:
        return f"{ns:.0f} ns"
    if ns < 1e6:
        return f"{ns / 1e3:.1f} µs" if ns < 1e5 else f"{ns / 1e3:.0f} µs"
    if ns < 1e9:
        return f"{ns / 1e6:.2f} ms" if ns < 1e7 else f"{ns / 1e6:.0f} ms"
    return f"{ns / 1e9:.2f} s"


def cell(reps):
    return f"{fmt(statistics.median(reps))} ({fmt(min(reps))}–{fmt(max(reps))})"


def main(argv):
    ours, kiwi = load(argv[1]), load(argv[2])
    e2e = [load(p) for p in argv[3:]]
    out = []
    w = out.append
    w("| workload (time per operation) | reps | navlayout median (min–max) | kiwi median (min–max) | ours/kiwi | same solution |")
    w("|---|---|---|---|---|---|")
    ratios = {}
    for name in ours[3]:
        if name not in kiwi[0]:
            continue
        a, b = ours[0][name], kiwi[0][name]
        r = statistics.median(a) / statistics.median(b)
        ratios[name] = r
        ca, cb = ours[1].get(name), kiwi[1].get(name)
        same = "—" if ca is None or cb is None else ("yes" if abs(ca - cb) <= 1e-6 * max(1.0, abs(cb)) else
                                                    f"no ({ca:g} vs {cb:g})")
        w(f"| {name} | {len(a)} | {cell(a)} | {cell(b)} | **{r:.2f}** | {same} |")
    w("")

    def growth(t, kind):
        a, b = t.get(f"chain 1000 {kind}"), t.get(f"chain 10000 {kind}")
        if not a or not b:
            return None
        return math.log(statistics.median(b) / statistics.median(a)) / math.log(10)

    w("Chain growth exponent, 1,000 → 10,000 views (time ∝ N^k; per build, per resize):")
    w("")
    w("| | navlayout | kiwi | target |")
    w("|---|---|---|---|")
    g = {}
    for kind in ("build", "resize"):
        go, gk = growth(ours[0], kind), growth(kiwi[0], kind)
        g[kind] = go
        target = GROWTH_TARGET[kind]
        w(f"| {kind} | {go:.2f} | {gk:.2f} | ≤ {target} |" if go is not None and gk is not None else f"| {kind} | ? | ? | ≤ {target} |")
    w("")
    nb, kb = ours[0].get("chain 10000 build"), kiwi[0].get("chain 10000 build")
    w(f"(10,000-view builds timed: navlayout {len(nb) if nb else 0}, median taken; kiwi {len(kb) if kb else 0}.)")
    w("")
    mo, mk = ours[2].get("chain 10000"), kiwi[2].get("chain 10000")
    if mo and mk:
        w("Peak resident memory, 10,000-view chain (build + 1,000 resizes, own process):")
        w("")
        w("| | navlayout | kiwi | ours/kiwi |")
        w("|---|---|---|---|")
        w(f"| process peak RSS | {mo[0] / 1024:.1f} MiB | {mk[0] / 1024:.1f} MiB | {mo[0] / mk[0]:.2f} |")
        do, dk = mo[0] - mo[1], mk[0] - mk[1]
        w(f"| peak − RSS before the build (the system's own memory) | {do / 1024:.1f} MiB | {dk / 1024:.1f} MiB | {do / max(dk, 1):.2f} |")
        w("")
    e2e_med = {}
    if e2e:
        w("End to end, the sample delegate's session on iphone-portrait, per transition (event + layout pass):")
        w("")
        w("| transition | samples | median (min–max) |")
        w("|---|---|---|")
        for t, _, _, order, _ in e2e:
            for name in order:
                w(f"| {name} | {len(t[name])} | {cell(t[name])} |")
                e2e_med[name] = statistics.median(t[name])
        w("")
    stats = {}
    for f in e2e:
        stats.update(f[4])
    if stats:
        w("Layout churn (the sample session repeated on one map view) and many map views (alive at once, "
          "one session each), C sample delegate on iphone-portrait:")
        w("")
        w("| figure | value |")
        w("|---|---|")
        for name, (v, unit) in stats.items():
            shown = f"{v:,.0f}" if abs(v) >= 100 else f"{v:.3g}"
            w(f"| {name} | {shown} {unit} |".replace(" /s |", "/s |"))
        w("")

    w("Targets:")
    w("")
    worst = max(ratios.items(), key=lambda kv: kv[1]) if ratios else ("?", float("nan"))
    w(f"- every solver workload ours/kiwi ≤ 0.8: {'met' if worst[1] <= 0.8 else 'NOT met'} (worst: {worst[0]} {worst[1]:.2f})")
    sug = ours[0].get("enaml suggest (w, h, update)")
    if sug:
        v = statistics.median(sug)
        w(f"- enaml suggest ≤ 0.7 µs per operation: {'met' if v <= 700 else 'NOT met'} ({fmt(v)})")
    for kind in ("build", "resize"):
        v = g.get(kind)
        target = GROWTH_TARGET[kind]
        w(f"- chain growth exponent ({kind}) ≤ {target}: " + ("?" if v is None else f"{'met' if v <= target else 'NOT met'} ({v:.2f})"))
    for lang, limit in (("C", 15e3), ("Python", 80e3)):
        # The default runs only (not the "(handler)" or "(logging: …)" variants).
        def default(n):
            return n.startswith(f"e2e {lang} ") and not n.startswith(f"e2e {lang} (")
        k = [n for n in e2e_med if default(n) and n.endswith("transition (every step)")]
        if k:
            v = e2e_med[k[0]]
            slow = max((m, n) for n, m in e2e_med.items() if default(n) and not n.endswith("(every step)"))
            w(f"- {lang}-delegate transition median ≤ {fmt(limit)}: {'met' if v <= limit else 'NOT met'} "
              f"(median over every step {fmt(v)}; slowest step {slow[1].split(': ', 1)[1]} {fmt(slow[0])})")
    # The layout-churn target (≥ 0.95), on two figures of bench/layout_churn.c: the last 10 % of
    # the sessions against the first, and its control, the churned map view against a fresh one
    # session by session (the machine's speed changes over the run cancel out); each by the wall
    # clock and by CPU time.
    for label, key in (("transitions/s last 10 % / first 10 %", "last/first"),
                       ("churned / fresh map view interleaved", "churned/fresh, interleaved")):
        wall = stats.get(f"layout churn: {key} (1 = no slowdown)")
        cpu = stats.get(f"layout churn: {key}, CPU time (1 = no slowdown)")
        if wall:
            w(f"- layout churn, {label} ≥ 0.95: {'met' if wall[0] >= 0.95 else 'NOT met'} by the wall clock "
              f"({wall[0]:.3f})" + (f"; {'met' if cpu[0] >= 0.95 else 'NOT met'} by CPU time ({cpu[0]:.3f})" if cpu else ""))
    if mo and mk:
        do, dk = mo[0] - mo[1], mk[0] - mk[1]
        w(f"- peak memory of the 10,000-view chain ≤ 2× kiwi's: {'met' if do <= 2 * dk else 'NOT met'} "
          f"({do / max(dk, 1):.2f}× on the system's own memory; {mo[0] / mk[0]:.2f}× on whole-process peak RSS)")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
