"""Issue 5: differential tests of navlayout's solver against kiwisolver (a test-only dependency,
installed by scripts/setup.sh; these tests are skipped without it).

Random systems (seeded, reproducible: a failure names its seed) of 2-40 variables with small
integer coefficients are built the same way in both solvers:

* one strength: required constraints plus optional ones that all share one strength. With a single
  optional level the two solvers minimise the same sum of errors (kiwi's weight is a constant
  factor), so they must agree on which required constraints are refused, on every required
  constraint holding, and on the optimal objective value (the alternative optima may differ);
* fully determined: required equalities with a unique solution (a triangular system under a random
  variable order, shuffled), plus redundant inequalities and optional constraints of mixed
  strengths; every variable's value must agree (and equal the planted solution) to 1e-6.

kiwisolver does not undo a refused constraint (its tableau may be left changed), so after each
UnsatisfiableConstraint its solver is rebuilt from the constraints accepted so far.
"""

from __future__ import annotations

import random

import pytest

import navlayout as nl
from navlayout import Variable
from navlayout.solver import Constraint, Expression

kiwi = pytest.importorskip("kiwisolver")

ONE_STRENGTH_SYSTEMS = 2000
DETERMINED_SYSTEMS = 1000
CHUNK = 100
COEFFS = (-3, -2, -1, 1, 2, 3)


class Spec:
    """A constraint as data: ([(variable index, coefficient)], constant, op, strength name)."""

    __slots__ = ("terms", "constant", "op", "strength")

    def __init__(self, terms, constant, op, strength):
        self.terms, self.constant, self.op, self.strength = terms, constant, op, strength

    def ours(self, vs):
        e = Expression([], self.constant)
        for i, c in self.terms:
            e = e + c * vs[i]
        return Constraint(e, self.op, self.strength)

    def kiwi(self, ks):
        e = self.constant
        for i, c in self.terms:
            e = e + c * ks[i]
        c = {"==": e == 0, "<=": e <= 0, ">=": e >= 0}[self.op]
        return c | self.strength

    def violation(self, values):
        v = self.constant + sum(c * values[i] for i, c in self.terms)
        return abs(v) if self.op == "==" else max(v, 0.0) if self.op == "<=" else max(-v, 0.0)

    def scale(self, values):
        return 1.0 + abs(self.constant) + sum(abs(c * values[i]) for i, c in self.terms)


def _terms(rng, n, most):
    return [(i, rng.choice(COEFFS)) for i in rng.sample(range(n), rng.randint(1, min(most, n)))]


def one_strength_system(seed):
    rng = random.Random(seed)
    n = rng.randint(2, 40)
    level = rng.choice(["strong", "medium", "weak"])
    specs = []
    for _ in range(rng.randint(1, n + 5)):
        op = rng.choice(["==", "<=", ">=", "<=", ">="])
        specs.append(Spec(_terms(rng, n, 3), float(rng.randint(-50, 50)), op, "required"))
    for _ in range(rng.randint(1, 2 * n)):
        op = rng.choice(["==", "==", "<=", ">="])
        specs.append(Spec(_terms(rng, n, 2), float(rng.randint(-100, 100)), op, level))
    rng.shuffle(specs)
    return n, specs


def determined_system(seed):
    rng = random.Random(seed)
    n = rng.randint(2, 40)
    target = [float(rng.randint(-100, 100)) for _ in range(n)]
    order = list(range(n))
    rng.shuffle(order)
    specs = []

    def planted(terms, op, slack, strength):
        value = sum(c * target[i] for i, c in terms)
        constant = -value + (-slack if op == "<=" else slack)
        return Spec(terms, constant, op, strength)

    for k, var in enumerate(order):
        earlier = rng.sample(order[:k], min(k, rng.randint(0, 2)))
        terms = [(var, rng.choice(COEFFS))] + [(i, rng.choice(COEFFS)) for i in earlier]
        rng.shuffle(terms)
        specs.append(planted(terms, "==", 0, "required"))
    for _ in range(rng.randint(0, n)):
        specs.append(planted(_terms(rng, n, 3), rng.choice(["<=", ">="]), rng.randint(0, 20), "required"))
    for _ in range(rng.randint(0, n)):
        s = Spec(_terms(rng, n, 2), float(rng.randint(-100, 100)), rng.choice(["==", "<=", ">="]),
                 rng.choice(["strong", "medium", "weak"]))
        specs.append(s)
    rng.shuffle(specs)
    return n, target, specs


def run_ours(n, specs):
    vs = [Variable(f"v{i}") for i in range(n)]
    s = nl.Solver()
    accepted = []
    for spec in specs:
        try:
            s.add_constraint(spec.ours(vs))
            accepted.append(True)
        except nl.UnsatisfiableConstraintError:
            accepted.append(False)
    s.update_variables()
    values = [float(v.value) for v in vs]
    s.close()
    return accepted, values


def run_kiwi(n, specs):
    ks = [kiwi.Variable(f"v{i}") for i in range(n)]
    s = kiwi.Solver()
    accepted, kept = [], []
    for spec in specs:
        try:
            s.addConstraint(spec.kiwi(ks))
            kept.append(spec)
            accepted.append(True)
        except kiwi.UnsatisfiableConstraint:
            accepted.append(False)
            s = kiwi.Solver()                     # kiwi does not undo: rebuild from the accepted
            for k in kept:
                s.addConstraint(k.kiwi(ks))
    s.updateVariables()
    return accepted, [k.value() for k in ks]


def objective(specs, accepted, values):
    return sum(s.violation(values) for s, a in zip(specs, accepted) if a and s.strength != "required")


@pytest.mark.parametrize("chunk", range(ONE_STRENGTH_SYSTEMS // CHUNK))
def test_one_strength_systems_agree_with_kiwi(chunk):
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        n, specs = one_strength_system(seed)
        ours_acc, ours = run_ours(n, specs)
        kiwi_acc, theirs = run_kiwi(n, specs)
        assert ours_acc == kiwi_acc, f"seed {seed}: feasibility differs"
        for spec, acc in zip(specs, ours_acc):
            if acc and spec.strength == "required":
                tol = 1e-6 * spec.scale(ours)
                assert spec.violation(ours) <= tol, f"seed {seed}: required constraint broken (ours)"
                assert spec.violation(theirs) <= 1e-6 * spec.scale(theirs), f"seed {seed}: kiwi broke one"
        a, b = objective(specs, ours_acc, ours), objective(specs, kiwi_acc, theirs)
        assert a == pytest.approx(b, rel=1e-7, abs=1e-6), f"seed {seed}: objective {a} vs kiwi {b}"


@pytest.mark.parametrize("chunk", range(DETERMINED_SYSTEMS // CHUNK))
def test_determined_systems_agree_with_kiwi(chunk):
    for seed in range(10_000 + chunk * CHUNK, 10_000 + (chunk + 1) * CHUNK):
        n, target, specs = determined_system(seed)
        ours_acc, ours = run_ours(n, specs)
        kiwi_acc, theirs = run_kiwi(n, specs)
        assert all(ours_acc) and all(kiwi_acc), f"seed {seed}: a consistent constraint was refused"
        for i in range(n):
            assert abs(ours[i] - theirs[i]) <= 1e-6, f"seed {seed}: v{i} = {ours[i]} vs kiwi {theirs[i]}"
            assert abs(ours[i] - target[i]) <= 1e-6, f"seed {seed}: v{i} = {ours[i]}, planted {target[i]}"


def test_batch_add_matches_one_by_one():
    """Not kiwi's: the C batch call (one optimisation at the end) gives the values of adding
    one by one on fully determined systems, through the Python-visible C API."""
    import ctypes

    from navlayout.solver import strength
    from navlayout.solver._capi import _lib, nl_term
    from navlayout.solver.expressions import _OPS

    lib = _lib()
    for seed in range(300):
        n, target, specs = determined_system(50_000 + seed)
        _, one_by_one = run_ours(n, specs)
        sh = lib.nl_solver_create()
        vh = [lib.nl_variable_create(sh, f"v{i}".encode()) for i in range(n)]
        hs = []
        for spec in specs:
            arr = (nl_term * len(spec.terms))(*[(vh[i], c) for i, c in spec.terms])
            out = ctypes.c_void_p()
            assert lib.nl_solver_constraint_create(sh, arr, len(spec.terms), spec.constant, _OPS[spec.op],
                                                   strength(spec.strength), ctypes.byref(out)) == 0
            hs.append(out.value)
        assert lib.nl_solver_add_constraints(sh, (ctypes.c_void_p * len(hs))(*hs), len(hs)) == 0
        assert lib.nl_solver_update_variables(sh) == 0
        vals = (ctypes.c_double * n)()
        assert lib.nl_solver_variable_values(sh, (ctypes.c_void_p * n)(*vh), n, vals) == 0
        assert lib.nl_solver_destroy(sh) == 0
        for i in range(n):
            assert abs(vals[i] - one_by_one[i]) <= 1e-6, f"seed {seed}: v{i}"


# --- Issue 19: no false refusals on well-scaled systems ----------------------------------------
#
# Random well-scaled systems (4-15 variables, 20 constraints of 1-3 terms, strengths required x3 /
# strong / medium / weak; coefficients of magnitude in [1e-3, 1e3], constants within 1e4), added
# one by one to both solvers. Where kiwi accepts a constraint and its solution then satisfies every
# required constraint (to 1e-6 of their terms' magnitudes), ours must accept it too: no refusal as
# numerically unstable, no "unsatisfiable". Each of ours must then satisfy every required
# constraint within its promise. kiwi runs in a child interpreter (KiwiWorker): on such systems it
# sometimes aborts the process ("The objective is unbounded", std::terminate) — those systems are
# compared on ours alone. WELL_SCALED_SYSTEMS (environment) sets the number of systems per generator; the issue's
# acceptance run is 100,000.

import os
import pickle

WELL_SCALED_SYSTEMS = int(os.environ.get("WELL_SCALED_SYSTEMS", "1000"))
WELL_SCALED_STRENGTHS = ("required", "required", "required", "strong", "medium", "weak")


def well_scaled_system(seed, mode):
    rng = random.Random(seed)
    n = rng.randint(4, 15)

    def coefficient():
        k = float(rng.randint(1, 3)) if mode == "integers" else round(rng.uniform(1e-3, 1e3), 6)
        return k if rng.random() < 0.5 else -k

    specs = []
    for _ in range(20):
        terms = [(rng.randrange(n), coefficient()) for _ in range(rng.randint(1, 3))]
        constant = float(rng.randint(-100, 100)) if mode == "integers" else round(rng.uniform(-1e4, 1e4), 3)
        specs.append(Spec(terms, constant, rng.choice(["==", "<=", ">="]), rng.choice(WELL_SCALED_STRENGTHS)))
    return n, specs


def _kiwi_steps(n, specs):
    """Per spec: whether kiwi accepted it, and whether its solution then held every required
    constraint it had accepted."""
    ks = [kiwi.Variable(f"v{i}") for i in range(n)]
    s = kiwi.Solver()
    kept, out = [], []
    for spec in specs:
        try:
            s.addConstraint(spec.kiwi(ks))
            kept.append(spec)
            ok = True
        except kiwi.UnsatisfiableConstraint:
            ok = False
            s = kiwi.Solver()
            for k in kept:
                try:
                    s.addConstraint(k.kiwi(ks))
                except kiwi.UnsatisfiableConstraint:
                    pass
        s.updateVariables()
        values = [k.value() for k in ks]
        held = all(k.violation(values) <= 1e-6 * k.scale(values) for k in kept if k.strength == "required")
        out.append((ok, held))
    return out


_KIWI_WORKER = """
import pickle, struct, sys
sys.path[:0] = {paths!r}
import test_solver_kiwi as t
read, write = sys.stdin.buffer, sys.stdout.buffer
while True:
    head = read.read(4)
    if len(head) < 4:
        break
    n, specs = pickle.loads(read.read(struct.unpack("<I", head)[0]))
    data = pickle.dumps(t._kiwi_steps(n, [t.Spec(*spec) for spec in specs]))
    write.write(struct.pack("<I", len(data)) + data)
    write.flush()
"""


class KiwiWorker:
    """kiwi in one long-lived child interpreter (kiwi may abort the process on these systems):
    ``steps(n, specs)`` is :func:`_kiwi_steps` run there, or None when the child died on that
    system (the next call starts a new child). A fork per system cost ~0.1 s once this test
    process had grown (fork copies its page tables): 2,000 systems took 4-7 minutes."""

    def __init__(self):
        self.proc = None

    def steps(self, n, specs):
        import struct
        import subprocess
        import sys

        if self.proc is None or self.proc.poll() is not None:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", _KIWI_WORKER.format(paths=[p for p in sys.path if p])],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        payload = pickle.dumps((n, [(s.terms, s.constant, s.op, s.strength) for s in specs]))
        try:
            self.proc.stdin.write(struct.pack("<I", len(payload)) + payload)
            self.proc.stdin.flush()
            head = self.proc.stdout.read(4)
            if len(head) < 4:
                raise EOFError
            return pickle.loads(self.proc.stdout.read(struct.unpack("<I", head)[0]))
        except (OSError, EOFError, pickle.UnpicklingError):   # the child died, maybe mid-reply
            self.close()
            return None

    def close(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc.stdin.close()
            self.proc.stdout.close()
            self.proc = None


def _required_feasible(n, required):
    """Whether the required constraints `required` (Specs over `n` free variables) have a common
    solution, by an LP (scipy's HiGHS, feasibility tolerance 1e-7): the judge of a refusal that
    kiwi accepted. kiwi's "accepted, and its values hold within 1e-6 relative" does not make a
    system feasible: at 100,000 uniform systems kiwi accepted 6 required constraints that HiGHS
    finds infeasible (seeds 22785 and 47336 among them), which NavLayout rightly refused."""
    import numpy as np
    from scipy.optimize import linprog

    a_eq, b_eq, a_ub, b_ub = [], [], [], []
    for k in required:
        row = np.zeros(n)
        for i, c in k.terms:
            row[i] += c
        if k.op == "==":
            a_eq.append(row)
            b_eq.append(-k.constant)
        elif k.op == "<=":
            a_ub.append(row)
            b_ub.append(-k.constant)
        else:
            a_ub.append(-row)
            b_ub.append(k.constant)
    res = linprog(np.zeros(n), A_ub=np.array(a_ub) if a_ub else None, b_ub=b_ub or None,
                  A_eq=np.array(a_eq) if a_eq else None, b_eq=b_eq or None,
                  bounds=[(None, None)] * n, method="highs")
    return res.status != 2   # 2: infeasible (0 optimal; anything else is not a proof)


@pytest.mark.parametrize("mode", ["integers", "uniform"])
def test_well_scaled_systems_refuse_nothing_kiwi_solves(mode):
    refused, broken, kiwi_died, compared = [], [], 0, 0
    worker = KiwiWorker()
    for seed in range(WELL_SCALED_SYSTEMS):
        n, specs = well_scaled_system(900_000 + seed, mode)
        vs = [Variable(f"v{i}") for i in range(n)]
        s = nl.Solver()
        ours, kept, inputs = [], [], 1.0
        for spec in specs:
            try:
                s.add_constraint(spec.ours(vs))
                ours.append(True)
                kept.append(spec)
                inputs = max(inputs, abs(spec.constant))
            except nl.UnsatisfiableError as e:
                # (with the required constraints ours held then: the LP below judges the refusal)
                ours.append((str(e), [k for k in kept if k.strength == "required"] + [spec]))
            s.update_variables()
            # The promise (docs/solver.md): 1e-6 of the terms' magnitudes + 1e-11 * M * max|coeff|,
            # M the largest input, value or required coeff*value.
            values = [float(v.value) for v in vs]
            m = max([inputs] + [abs(x) for x in values]
                    + [abs(c * values[i]) for k in kept if k.strength == "required" for i, c in k.terms])
            for k in kept:
                if k.strength == "required":
                    largest = max(abs(c) for _, c in k.terms)
                    tol = 1e-6 * (k.scale(values) + largest) + 1e-11 * m * max(1.0, largest)
                    if k.violation(values) > tol:
                        broken.append((seed, k.violation(values), tol))
        s.close()
        steps = worker.steps(n, specs)
        if steps is None:
            kiwi_died += 1
        else:
            compared += 1
            for i, (accepted, (kiwi_ok, kiwi_held)) in enumerate(zip(ours, steps)):
                if accepted is not True and kiwi_ok and kiwi_held and _required_feasible(n, accepted[1]):
                    refused.append((seed, i, accepted[0]))
    worker.close()
    assert not refused, f"{mode}: refused where kiwi solved ({len(refused)}; first {refused[:3]})"
    assert not broken, f"{mode}: required constraints beyond the promise ({len(broken)}; first {broken[:3]})"
    assert compared > 0.9 * WELL_SCALED_SYSTEMS, f"{mode}: kiwi died on {kiwi_died} systems"


def test_refusals_kiwi_accepted_are_true_contradictions():
    """The uniform systems of the 100,000-system run where NavLayout refused required constraints
    that kiwi had accepted (its values within 1e-6 relative; seeds 22785 and 47336 among them —
    whether kiwi accepts depends on its symbol ids, so on what its process ran before): every
    refusal NavLayout makes in them is a real contradiction, HiGHS finding the required
    constraints infeasible. And the judge says "feasible" for a system that is."""
    judged = 0
    for seed in (22785, 47336):
        n, specs = well_scaled_system(900_000 + seed, "uniform")
        vs = [Variable(f"v{i}") for i in range(n)]
        s = nl.Solver()
        kept = []
        for i, spec in enumerate(specs):
            try:
                s.add_constraint(spec.ours(vs))
                kept.append(spec)
            except nl.UnsatisfiableError:
                judged += 1
                required = [k for k in kept if k.strength == "required"] + [spec]
                assert not _required_feasible(n, required), f"seed {seed} step {i}: a feasible system refused"
        s.close()
    # Steps 13, 15, 16 and 19 of seed 22785 and 16 and 18 of seed 47336 are refused.
    assert judged == 6
    x_plus_y = Spec([(0, 1.0), (1, 1.0)], -10.0, "==", "required")      # x + y == 10
    x_bound = Spec([(0, 1.0)], -3.0, "<=", "required")                   # x <= 3
    assert _required_feasible(2, [x_plus_y, x_bound])
    y_bound = Spec([(1, 1.0)], -5.0, "<=", "required")                   # y <= 5: x + y <= 8
    assert not _required_feasible(2, [x_plus_y, x_bound, y_bound])
