// C exports of the raw Cassowary solver (LayoutSolver) — issue 5, docs/api.md#raw-solver.
// Every function is `@c @implementation` (checked against include/navlayout.h, where each one is
// documented). Solver, variable and solver-constraint handles live in the shared handle table
// with no map context; a SolverContext owns the Swift Solver and the handles made from it.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CNavLayout
import LayoutEngine
import LayoutSolver

/// The C layer's state of one nl_solver. Used from one thread at a time (its in-use flag,
/// docs/api.md#threads), and no method overlaps two accesses to one of its properties: the ones
/// every constraint or variable call touches are `@exclusivity(unchecked)`, as MapContext's (a
/// run-time exclusivity check cost ~80 instructions per access; issue 19).
final class SolverContext: UseTracked {
    let solver = Solver()

    init() { super.init(noun: "solver") }
    /// The handles of this solver's variables and constraints, in creation order: every live one,
    /// and those destroyed since the last compaction (already stale in the table, where
    /// `Handles.remove` skips them: a slot's generations only grow, so a stale value never
    /// matches the slot's later handle). nl_solver_destroy invalidates them all.
    @exclusivity(unchecked) var handles: [UInt64] = []
    /// How many of `handles` are stale; they are dropped when they are half of the array.
    @exclusivity(unchecked) var staleHandles = 0

    /// The handle table holds the Variable or Constraint itself, with this context as its owner:
    /// no box object per handle (issue 19: the boxes were a third of a build's allocations).
    /// Throws LIMIT_EXCEEDED when the table is full.
    func register(_ object: AnyObject, _ kind: HandleKind) throws -> UInt64 {
        guard let raw = Handles.insert(HandleEntry(kind: kind, object: object, solver: self)) else {
            throw handleTableFull(kind.noun)
        }
        handles.append(raw)
        return raw
    }

    /// Invalidates `raw`, a live handle of this solver's. Amortized O(1): the stale values are
    /// dropped from `handles` in one pass once they are half of it (at least 32).
    func unregister(_ raw: UInt64) {
        Handles.remove(raw)
        staleHandles += 1
        if staleHandles >= 32, staleHandles * 2 >= handles.count {
            handles.removeAll { Handles.peek($0) == nil }  // this solver's handles: its flag is held
            staleHandles = 0
        }
    }
}

// Role strings are autoclosures everywhere below: they are formatted only when an error is thrown,
// never on the success path (issue 6: per-call overhead of the raw-solver API).
private func resolveSolverEntry(_ raw: UInt64, _ kind: HandleKind, _ role: @autoclosure () -> String) throws -> HandleEntry {
    if raw == 0 { throw NavLayoutError.invalidHandle("\(role()): NULL \(kind.noun) handle") }
    switch Handles.lookupEntering(raw, accepting: { $0 == kind }) {  // takes the solver's in-use flag (UseFlag.swift)
    case .live(let entry): return entry
    case .busy(let flag): throw busyError(flag, role())
    case .wrongKind(let found):
        throw NavLayoutError.invalidHandle("\(role()): expected a \(kind.noun) handle, got a \(found.noun) handle")
    case .foreign:  // (no `within` here: the variables' and constraints' owners are compared by `object(of:)`)
        throw NavLayoutError.invalidArgument("\(role()): the \(kind.noun) handle belongs to another solver")
    case .missing:
        throw NavLayoutError.invalidHandle("\(role()): invalid \(kind.noun) handle: \(Handles.explain(raw))")
    }
}

// The kind was checked, and each kind's objects are of one class (nl_solver_create, register):
// the downcasts below are unchecked.

private func resolveSolver(_ p: OpaquePointer?, _ role: @autoclosure () -> String = "solver") throws -> SolverContext {
    try resolveSolverEntry(rawValue(p), .solver, role()).withObject(as: SolverContext.self) { $0 }
}

private func resolveVariable(_ p: OpaquePointer?, _ role: @autoclosure () -> String = "variable") throws -> Variable {
    try resolveSolverEntry(rawValue(p), .variable, role()).withObject(as: Variable.self) { $0 }
}

/// A constraint handle's constraint and its solver's context.
private func resolveSolverConstraint(_ p: OpaquePointer?, _ role: @autoclosure () -> String = "constraint") throws -> (Constraint, SolverContext) {
    let entry = try resolveSolverEntry(rawValue(p), .solverConstraint, role())
    return (entry.withObject(as: Constraint.self) { $0 }, unsafeDowncast(entry.owner, to: SolverContext.self))
}

/// Throws for a live handle (read without the lock, `entry`) that is not of `kind` (invalidHandle)
/// or, being of `kind`, is not the calling solver's (invalidArgument). Its object is not
/// dereferenced (its solver's flag is not held), so the message names the handle, not the
/// variable or constraint.
private func refuseForeign(_ entry: HandleEntry, _ kind: HandleKind, _ raw: UInt64, _ role: @autoclosure () -> String) throws -> Never {
    guard entry.kind == kind else {
        throw NavLayoutError.invalidHandle("\(role()): expected a \(kind.noun) handle, got a \(entry.kind.noun) handle")
    }
    throw NavLayoutError.invalidArgument("\(role()): \(kind.noun) handle 0x\(String(raw, radix: 16)) belongs to another solver")
}

/// The object of `p`, a live handle of `kind` (whose objects are `T`s) owned by `ctx`; another
/// kind is invalidHandle, another solver's handle invalidArgument. Behind `variableOf` and
/// `constraintOf`.
///
/// A live handle of `ctx` itself (the common case): the caller holds ctx's in-use flag, which is
/// the handle's, so the table is only read — no second take of the flag (~150 instructions per
/// term of a new constraint; issue 19) and no lock (Handles.peek): the owner is compared, not
/// dereferenced, and the object is used only once it is known to be ctx's, whose flag keeps it
/// live. A live handle of another kind or of another solver is refused from the slot alone,
/// without taking that solver's flag (another thread may be using it: refusing with NL_ERR_BUSY
/// would be wrong, and would make that thread's next call BUSY too).
@inline(__always)
private func object<T: AnyObject>(of ctx: SolverContext, _ p: OpaquePointer?, _ kind: HandleKind, as _: T.Type,
                                  _ role: @autoclosure () -> String) throws -> T {
    let raw = rawValue(p)
    if let entry = Handles.peek(raw) {
        if entry.kind == kind, entry.isOwned(by: ctx) { return entry.withObject(as: T.self) { $0 } }
        try refuseForeign(entry, kind, raw, role())
    }
    // Not live when read (the checked path gives the exact stale or garbage message), or made
    // live since by another thread; its solver's flag is now the caller's.
    let entry = try resolveSolverEntry(raw, kind, role())
    guard entry.isOwned(by: ctx) else { try refuseForeign(entry, kind, raw, role()) }
    return entry.withObject(as: T.self) { $0 }
}

/// A variable of `ctx` (another solver's variable is invalidArgument).
private func variableOf(_ ctx: SolverContext, _ p: OpaquePointer?, _ role: @autoclosure () -> String) throws -> Variable {
    try object(of: ctx, p, .variable, as: Variable.self, role())
}

/// A constraint of `ctx` (another solver's constraint is invalidArgument).
private func constraintOf(_ ctx: SolverContext, _ p: OpaquePointer?, _ role: @autoclosure () -> String) throws -> Constraint {
    try object(of: ctx, p, .solverConstraint, as: Constraint.self, role())
}

/// Maps a SolverError to the C status family, with a message naming what was refused.
private func mapped(_ error: Error, _ what: @autoclosure () -> String) -> Error {
    guard let e = error as? SolverError else { return error }
    let w = what()
    switch e {
    case .unsatisfiableConstraint:
        return NavLayoutError.unsatisfiable("\(w): unsatisfiable (contradicts the required constraints in the solver, or those before it in the same batch)")
    case .duplicateConstraint: return NavLayoutError.duplicate("\(w): the constraint is already in the solver")
    case .unknownConstraint: return NavLayoutError.unknown("\(w): the constraint is not in the solver")
    case .duplicateEditVariable: return NavLayoutError.duplicate("\(w): already an edit variable")
    case .unknownEditVariable: return NavLayoutError.unknown("\(w): not an edit variable of the solver")
    case .badRequiredStrength:
        return NavLayoutError.invalidArgument("\(w): an edit variable cannot have the required strength (1000)")
    case .invalidValue:
        // The C layer checks the same limits first (requireCoefficient, requireConstant), so this
        // is reached only if the solver refuses something the C layer let through.
        return NavLayoutError.invalidArgument("\(w): the solver refused a number: NaN or infinite, a coefficient beyond "
            + "±\(maxCoefficientText) (NL_SOLVER_MAX_COEFFICIENT), a constant or suggested value beyond ±\(maxConstantText) "
            + "(NL_SOLVER_MAX_CONSTANT), or a strength outside (0, 1000]")
    case .pivotBudgetExceeded:
        // Never thrown by the solver's public operations (they recover, issue 17): a bug if seen.
        return NavLayoutError.internal("\(w): pivot budget exceeded (a bug: the solver recovers from this; the solver is unchanged)")
    case .numericalInstability:
        return NavLayoutError.unsatisfiable("\(w): refused as numerically unstable (an ill-conditioned system, e.g. "
            + "multipliers 1e4 and 1e-4 with constants near 1e7, would have broken a required constraint beyond "
            + "rounding); the solver is unchanged")
    }
}

private func solverCall(_ what: @autoclosure () -> String, _ body: () throws -> Void) throws {
    do { try body() } catch { throw mapped(error, what()) }
}

/// The magnitude limits of the raw solver (header: NL_SOLVER_MAX_COEFFICIENT, NL_SOLVER_MAX_CONSTANT;
/// the same limits as LayoutSolver's `Solver.validate`). Beyond them products of coefficients and
/// constants could overflow to infinity or NaN inside the tableau.
let solverMaxCoefficient: Double = NL_SOLVER_MAX_COEFFICIENT
let solverMaxConstant: Double = NL_SOLVER_MAX_CONSTANT
private let maxCoefficientText = "1e6"
private let maxConstantText = "1e12"

/// Throws `invalidArgument` unless `value` is finite and |value| <= NL_SOLVER_MAX_COEFFICIENT.
@inline(__always)
private func requireCoefficient(_ value: Double, _ what: @autoclosure () -> String) throws {
    if !(value.magnitude <= solverMaxCoefficient) {  // also NaN
        if !value.isFinite { throw NavLayoutError.invalidArgument("\(what()) must be finite, got \(value)") }
        throw NavLayoutError.invalidArgument(
            "\(what()) \(value) is beyond ±\(maxCoefficientText) (NL_SOLVER_MAX_COEFFICIENT, the largest coefficient magnitude)")
    }
}

/// Throws `invalidArgument` unless `value` is finite and |value| <= NL_SOLVER_MAX_CONSTANT.
@inline(__always)
private func requireConstant(_ value: Double, _ what: @autoclosure () -> String) throws {
    if !(value.magnitude <= solverMaxConstant) {
        if !value.isFinite { throw NavLayoutError.invalidArgument("\(what()) must be finite, got \(value)") }
        throw NavLayoutError.invalidArgument(
            "\(what()) \(value) is beyond ±\(maxConstantText) (NL_SOLVER_MAX_CONSTANT, the largest magnitude of a constant or suggested value)")
    }
}

private func requireStrength(_ strength: Double, _ what: String) throws {
    guard Strength.isValid(strength) else {
        throw NavLayoutError.invalidArgument("\(what): strength \(strength) is not in (0, 1000]")
    }
}

/// Builds (does not add) a constraint from C terms, validating every input.
private func makeConstraint(_ ctx: SolverContext, _ terms: UnsafePointer<nl_term>?, _ count: Int,
                            _ constant: Double, _ relation: nl_relation, _ strength: Double,
                            _ what: String) throws -> Constraint {
    if count != 0 {
        guard terms != nil else { throw NavLayoutError.invalidArgument("\(what): terms is NULL but count is \(UInt(bitPattern: count))") }
        guard count > 0, count <= 1 << 24 else { throw NavLayoutError.invalidArgument("\(what): count \(UInt(bitPattern: count)) is out of range") }
    }
    var list: [Term] = []
    list.reserveCapacity(count)
    for i in 0..<count {
        let t = terms![i]
        let v = try variableOf(ctx, t.variable, "\(what): terms[\(i)].variable")
        try requireCoefficient(t.coefficient, "\(what): terms[\(i)].coefficient")
        list.append(Term(v, t.coefficient))
    }
    if let v = SolverLimits.variableBeyondLimit(in: list) {
        let sum = list.reduce(0.0) { $0 + ($1.variable === v ? $1.coefficient : 0) }
        let first = list.firstIndex { $0.variable === v }!
        throw NavLayoutError.invalidArgument(
            "\(what): the terms of one variable (terms[\(first)].variable and its repeats) sum to the coefficient \(sum), beyond ±\(maxCoefficientText) (NL_SOLVER_MAX_COEFFICIENT, the largest coefficient magnitude)")
    }
    try requireConstant(constant, "\(what): constant")
    let op: RelationalOperator
    switch relation {
    case NL_EQUAL: op = .equal
    case NL_LESS_OR_EQUAL: op = .lessThanOrEqual
    case NL_GREATER_OR_EQUAL: op = .greaterThanOrEqual
    default: throw NavLayoutError.invalidArgument("\(what): relation \(relation.rawValue) is not an nl_relation")
    }
    try requireStrength(strength, what)
    return Constraint(Expression(terms: list, constant: constant), op, strength: strength)
}


// MARK: - Strengths, solver

@c @implementation
public func nl_strength_from_priority(_ priority: Double) -> Double {
    Strength.isValid(priority) ? priority : Double.nan
}

@c @implementation
public func nl_solver_create() -> OpaquePointer? {
    guardedValue {
        let ctx = SolverContext()
        guard let raw = Handles.insert(HandleEntry(kind: .solver, object: ctx, solver: ctx)) else {
            throw handleTableFull("solver")
        }
        ctx.publishHandle(raw)
        return handlePointer(raw)
    }
}

@c @implementation
public func nl_solver_destroy(_ solver: OpaquePointer?) -> nl_status {
    guarded {
        let ctx = try resolveSolver(solver)
        var raws = ctx.handles
        raws.append(ctx.ownHandle)
        ctx.handles = []
        Handles.remove(raws)
        releaseBeforeFreeing(ctx)  // the last reference to ctx may be this call's (UseFlag.swift)
    }
}

// MARK: - Variables

@c @implementation
public func nl_variable_create(_ solver: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> OpaquePointer? {
    guardedValue {
        let ctx = try resolveSolver(solver)
        let v = Variable(string(name))
        return handlePointer(try ctx.register(v, .variable))
    }
}

@c @implementation
public func nl_variable_destroy(_ variable: OpaquePointer?) -> nl_status {
    guarded {
        let entry = try resolveSolverEntry(rawValue(variable), .variable, "variable")
        unsafeDowncast(entry.owner, to: SolverContext.self).unregister(rawValue(variable))
    }
}

@c @implementation
public func nl_variable_name(_ variable: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    guardedValue { copyCString(try resolveVariable(variable).name) }
}

@c @implementation
public func nl_variable_value(_ variable: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_variable_value")
        out.pointee = try resolveVariable(variable).value
    }
}

@c @implementation
public func nl_solver_variable_values(_ solver: OpaquePointer?, _ variables: UnsafePointer<OpaquePointer?>?,
                                      _ count: Int, _ out: UnsafeMutablePointer<Double>?) -> nl_status {
    guarded {
        let ctx = try resolveSolver(solver)
        if count == 0 { return }
        guard count > 0, count <= 1 << 24 else { throw NavLayoutError.invalidArgument("nl_solver_variable_values: count \(UInt(bitPattern: count)) is out of range") }
        guard let variables else { throw NavLayoutError.invalidArgument("nl_solver_variable_values: variables is NULL but count is \(UInt(bitPattern: count))") }
        let out = try requireOut(out, "nl_solver_variable_values")
        var values: [Double] = []
        values.reserveCapacity(count)
        for i in 0..<count {
            values.append(try variableOf(ctx, variables[i], "nl_solver_variable_values: variables[\(i)]").value)
        }
        for i in 0..<count { out[i] = values[i] }
    }
}

// MARK: - Constraints

@c @implementation
public func nl_solver_constraint_create(_ solver: OpaquePointer?, _ terms: UnsafePointer<nl_term>?, _ count: Int,
                                        _ constant: Double, _ relation: nl_relation, _ strength: Double,
                                        _ out: UnsafeMutablePointer<OpaquePointer?>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_solver_constraint_create")
        let ctx = try resolveSolver(solver)
        let c = try makeConstraint(ctx, terms, count, constant, relation, strength, "nl_solver_constraint_create")
        out.pointee = handlePointer(try ctx.register(c, .solverConstraint))
    }
}

@c @implementation
public func nl_solver_add_constraint(_ solver: OpaquePointer?, _ terms: UnsafePointer<nl_term>?, _ count: Int,
                                     _ constant: Double, _ relation: nl_relation, _ strength: Double,
                                     _ out: UnsafeMutablePointer<OpaquePointer?>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_solver_add_constraint")
        let ctx = try resolveSolver(solver)
        let c = try makeConstraint(ctx, terms, count, constant, relation, strength, "nl_solver_add_constraint")
        // The handle first: a full handle table (NL_ERR_LIMIT_EXCEEDED) then leaves the solver untouched.
        let raw = try ctx.register(c, .solverConstraint)
        do {
            try solverCall("nl_solver_add_constraint (\(c))") { try ctx.solver.addConstraint(c) }
        } catch {
            ctx.unregister(raw)
            throw error
        }
        out.pointee = handlePointer(raw)
    }
}

@c @implementation
public func nl_solver_add_constraints(_ solver: OpaquePointer?, _ constraints: UnsafePointer<OpaquePointer?>?,
                                      _ count: Int) -> nl_status {
    guarded {
        let what = "nl_solver_add_constraints"
        let ctx = try resolveSolver(solver)
        if count == 0 { return }
        guard count > 0, count <= 1 << 24 else { throw NavLayoutError.invalidArgument("\(what): count \(UInt(bitPattern: count)) is out of range") }
        guard let constraints else { throw NavLayoutError.invalidArgument("\(what): constraints is NULL but count is \(UInt(bitPattern: count))") }
        // One constraint (the common call) goes to the solver without an array (issue 19).
        var list: [Constraint] = []
        var only: Constraint? = nil
        // Where each constraint of a longer batch was seen (duplicates within the call); a short
        // batch is searched linearly instead.
        var seen: [ObjectIdentifier: Int] = [:]
        if count > 1 { list.reserveCapacity(count) }
        if count > 8 { seen.reserveCapacity(count) }
        for i in 0..<count {
            let c = try constraintOf(ctx, constraints[i], "\(what): constraints[\(i)]")
            let earlier = count > 8 ? seen.updateValue(i, forKey: ObjectIdentifier(c)) : list.firstIndex { $0 === c }
            if let earlier {
                throw NavLayoutError.duplicate("\(what): constraints[\(i)] (\(c)) is also constraints[\(earlier)]")
            }
            if ctx.solver.hasConstraint(c) {
                throw NavLayoutError.duplicate("\(what): constraints[\(i)] (\(c)) is already in the solver")
            }
            if count == 1 { only = c } else { list.append(c) }
        }
        do {
            if let c = only { try ctx.solver.addConstraints(one: c) } else { try ctx.solver.addConstraints(list) }
        } catch {
            // Name the element the solver refused, if it was one element's fault.
            func element(_ k: Int) -> String { only.map { "\($0)" } ?? (k < list.count ? "\(list[k])" : "?") }
            let which = ctx.solver.refusedIndex.map { "\(what): constraints[\($0)] (\(element($0)))" }
            throw mapped(error, which ?? (count == 1 ? "\(what) (\(element(0)))" : "\(what) (\(count) constraints)"))
        }
    }
}

@c @implementation
public func nl_solver_remove_constraint(_ solver: OpaquePointer?, _ constraint: OpaquePointer?) -> nl_status {
    guarded {
        let ctx = try resolveSolver(solver)
        let c = try constraintOf(ctx, constraint, "nl_solver_remove_constraint: constraint")
        try solverCall("nl_solver_remove_constraint (\(c))") { try ctx.solver.removeConstraint(c) }
    }
}

@c @implementation
public func nl_solver_has_constraint(_ solver: OpaquePointer?, _ constraint: OpaquePointer?,
                                     _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_solver_has_constraint")
        let ctx = try resolveSolver(solver)
        let c = try constraintOf(ctx, constraint, "nl_solver_has_constraint: constraint")
        out.pointee = ctx.solver.hasConstraint(c)
    }
}

@c @implementation
public func nl_solver_constraint_destroy(_ constraint: OpaquePointer?) -> nl_status {
    guarded {
        let (c, ctx) = try resolveSolverConstraint(constraint)
        if ctx.solver.hasConstraint(c) {
            try solverCall("nl_solver_constraint_destroy (\(c))") { try ctx.solver.removeConstraint(c) }
        }
        ctx.unregister(rawValue(constraint))
    }
}

// MARK: - Edit variables

@c @implementation
public func nl_solver_add_edit_variable(_ solver: OpaquePointer?, _ variable: OpaquePointer?, _ strength: Double) -> nl_status {
    guarded {
        let ctx = try resolveSolver(solver)
        let v = try variableOf(ctx, variable, "nl_solver_add_edit_variable: variable")
        // Formatted only when a call fails (issue 6: string building was ~10% of a suggestion).
        func what() -> String { "nl_solver_add_edit_variable ('\(v)', strength \(strength))" }
        // Same order as Swift (and kiwi): duplicate, then required, then an invalid strength.
        if ctx.solver.hasEditVariable(v) { throw NavLayoutError.duplicate("\(what()): already an edit variable") }
        if strength == Strength.required {
            throw NavLayoutError.invalidArgument("\(what()): an edit variable cannot have the required strength (1000)")
        }
        if !Strength.isValid(strength) { try requireStrength(strength, what()) }
        try solverCall(what()) { try ctx.solver.addEditVariable(v, strength: strength) }
    }
}

@c @implementation
public func nl_solver_remove_edit_variable(_ solver: OpaquePointer?, _ variable: OpaquePointer?) -> nl_status {
    guarded {
        let ctx = try resolveSolver(solver)
        let v = try variableOf(ctx, variable, "nl_solver_remove_edit_variable: variable")
        try solverCall("nl_solver_remove_edit_variable ('\(v)')") { try ctx.solver.removeEditVariable(v) }
    }
}

@c @implementation
public func nl_solver_has_edit_variable(_ solver: OpaquePointer?, _ variable: OpaquePointer?,
                                        _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_solver_has_edit_variable")
        let ctx = try resolveSolver(solver)
        let v = try variableOf(ctx, variable, "nl_solver_has_edit_variable: variable")
        out.pointee = ctx.solver.hasEditVariable(v)
    }
}

@c @implementation
public func nl_solver_suggest_value(_ solver: OpaquePointer?, _ variable: OpaquePointer?, _ value: Double) -> nl_status {
    guarded {
        let ctx = try resolveSolver(solver)
        let v = try variableOf(ctx, variable, "nl_solver_suggest_value: variable")
        // Formatted only when a call fails (issue 6: string building was ~10% of a suggestion); a
        // local function, not a closure value, so nothing is allocated per call (issue 19).
        func what() -> String { "nl_solver_suggest_value ('\(v)', \(value))" }
        if value.magnitude <= solverMaxConstant {
            // A valid value (the common case): the solver's own check of the edit variable, whose
            // error maps to the same message as below — no second look-up (issue 19).
            try solverCall(what()) { try ctx.solver.suggestValue(v, value) }
            return
        }
        if !ctx.solver.hasEditVariable(v) { throw NavLayoutError.unknown("\(what()): not an edit variable of the solver") }
        try requireConstant(value, "\(what()): value")
    }
}

// MARK: - Solving, reset, dump

@c @implementation
public func nl_solver_update_variables(_ solver: OpaquePointer?) -> nl_status {
    guarded { try resolveSolver(solver).solver.updateVariables() }
}

@c @implementation
public func nl_solver_reset(_ solver: OpaquePointer?) -> nl_status {
    guarded { try resolveSolver(solver).solver.reset() }
}

@c @implementation
public func nl_solver_dump(_ solver: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    guardedValue { copyCString(try resolveSolver(solver).solver.dump()) }
}
