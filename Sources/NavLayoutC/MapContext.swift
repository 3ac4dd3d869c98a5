// The per-map-view bookkeeping of the C layer and the bridge from NavigationLayoutDelegate to the
// C delegate's function pointers.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CNavLayout
import LayoutEngine
import NavigationUI

/// Everything the C layer keeps for one map view. Used from one thread at a time (docs/api.md#threads), and no
/// method overlaps two accesses to one of its properties: the ones every C call touches are
/// `@exclusivity(unchecked)` (no run-time exclusivity check per access, issue 6).
///
/// **Who may refer to a context.** Strongly: the handle table's entries of the map view's
/// objects (`HandleEntry.owner`) and the C call that resolved one of them (for the whole call).
/// Nothing else refers to a context weakly: the objects that call back into it — the delegate
/// bridge, the map view's diagnostic handler and minimum-severity provider, the completions of
/// `nl_map_view_animate` — hold it `unowned` (issue 19: an object that is the target of a weak
/// reference takes Swift's slow, side-table path on every retain and release, and every C call
/// retains its context). That is safe because each of them is stored only in this context's map
/// view (its delegate, its two diagnostic closures, its layout system's completions), and the
/// map view is reachable only through this context (`map`, and the map handle's entry, which
/// holds the context too), so each can run only through one of that map view's methods, that
/// is, inside a C call on the map view, which holds the context:
/// - `nl_map_view_destroy` is refused inside a callback or a diagnostic report of the same map
///   view (`reentrant`), so the context never goes while one of them runs;
/// - `destroy()` releases the delegate while the context is alive, then invalidates the map view
///   (its delegate, handler and completions dropped) and lets it go (`map = nil`) before the
///   handles — and so the context — go; a stale handle then gets `NL_ERR_INVALID_HANDLE`
///   from the handle table, without reaching the context.
final class MapContext: UseTracked {
    /// The map view; nil once destroyed.
    private(set) var map: NavigationMapView?
    var isAlive: Bool { map != nil }

    /// Handles of views, guides and constraints, by object identity (one handle per object).
    @exclusivity(unchecked) private var handleByObject: [ObjectIdentifier: UInt64] = [:]
    /// Objects the host created (nl_view_create, nl_hiding_stack_create, nl_guide_create).
    @exclusivity(unchecked) var hostCreated: Set<ObjectIdentifier> = []
    /// > 0 while host code (delegate method, animation block, completion) runs.
    @exclusivity(unchecked) var callbackDepth = 0
    /// > 0 while the diagnostic handler runs (ExportsDiagnostics.swift): the map view may not be
    /// destroyed from inside it.
    @exclusivity(unchecked) var reportDepth = 0
    /// Set by nl_map_view_fail_callback; reported by the event that ran the callback.
    @exclusivity(unchecked) var failMessage: String?
    /// True while a layout delegate's release runs (it cannot report failure; issue 17).
    var isReleasingDelegate = false
    /// True from the start of `destroy()` (nl_map_view_destroying).
    private(set) var isDestroying = false
    /// The C delegate currently set (nil = built-in layout).
    var delegate: CDelegateBridge?
    /// C copies of the last diagnostics' messages and one-line forms (valid until the
    /// diagnostics change).
    private var diagnosticMessages = CStringCache()
    private var diagnosticLines = CStringCache()

    init(map: NavigationMapView) {
        self.map = map
        // Room for a navigation session's handles from the start: growing from empty rehashed
        // both tables several times in every map view's first states (issue 19).
        handleByObject.reserveCapacity(MapContext.initialHandleCapacity)
        hostCreated.reserveCapacity(MapContext.initialHandleCapacity)
        super.init(noun: "map view")
    }

    /// The handles a map view's tables hold without growing: the sample session issues about 40
    /// (its components, the delegate's views, guides and constraints).
    static let initialHandleCapacity = 64

    /// Registers the map handle; returns nil if the handle table is full.
    func registerMapHandle() -> UInt64? {
        guard let map, let raw = Handles.insert(HandleEntry(kind: .map, object: map, context: self)) else { return nil }
        publishHandle(raw)
        return raw
    }

    var mapPointer: OpaquePointer? { handlePointer(ownHandle) }

    /// The handle of a view, guide or constraint of this map view, created on first use.
    /// Throws `invalidHandle` for an item destroyed through the C API (`markDestroyed`): a
    /// destroyed view stays dead and is never handed out again.
    func handle(for object: AnyObject, kind: HandleKind) throws -> UInt64 {
        let id = ObjectIdentifier(object)
        if let raw = handleByObject[id] { return raw }
        if let item = object as? LayoutItem, item.isDestroyedByHost {
            throw NavLayoutError.invalidHandle("\(kind.noun) '\(item.displayName)' was destroyed; no handle is issued for it again")
        }
        guard let raw = Handles.insert(HandleEntry(kind: kind, object: object, context: self)) else {
            throw handleTableFull(kind.noun)
        }
        handleByObject[id] = raw
        return raw
    }

    func viewPointer(_ view: LayoutView?) throws -> OpaquePointer? {
        guard let view else { return nil }
        return handlePointer(try handle(for: view, kind: .view))
    }

    func guidePointer(_ guide: LayoutGuide) throws -> OpaquePointer? {
        handlePointer(try handle(for: guide, kind: .guide))
    }

    /// Invalidates the handle of `object` (a later use of the object gets a new handle).
    func forget(_ object: AnyObject) {
        let id = ObjectIdentifier(object)
        if let raw = handleByObject.removeValue(forKey: id) { Handles.remove(raw) }
        hostCreated.remove(id)
    }

    /// Whether `item` was destroyed through the C API (`markDestroyed`).
    func isDestroyed(_ item: LayoutItem) -> Bool { item.isDestroyedByHost }

    /// Invalidates the handle of `item` for good: no handle is ever issued for it again. O(1): the
    /// mark is a flag on the item (issue 17).
    func markDestroyed(_ item: LayoutItem) {
        forget(item)
        item.isDestroyedByHost = true
    }

    /// Runs host code, counting the depth so events from inside it are refused as reentrant.
    func runHost(_ body: () -> Void) {
        callbackDepth += 1
        defer { callbackDepth -= 1 }
        body()
    }

    /// Runs a delegate callback with handles for the given states, valid only during it; throws
    /// `callbackFailed` if the host reported failure from inside it.
    func runDelegateCallback(states: [NavigationUIState], _ body: ([OpaquePointer?]) -> Void) throws {
        var raws: [UInt64] = []
        for s in states {
            guard let raw = Handles.insert(HandleEntry(kind: .state, object: s, context: self)) else {
                Handles.remove(raws)
                throw handleTableFull("UI state for a delegate callback")
            }
            raws.append(raw)
        }
        defer { Handles.remove(raws) }
        let failedBefore = failMessage != nil
        runHost { body(raws.map(handlePointer)) }
        if !failedBefore, let message = failMessage { throw NavLayoutError.callbackFailed(message) }
    }

    /// The handle `object` already has in this map view, without creating one (nil if none).
    func existingHandle(for object: AnyObject) -> UInt64? { handleByObject[ObjectIdentifier(object)] }

    /// C copies of the identifiers the last *_constraints_affecting_layout call returned (valid
    /// until the next such call on this map view, or its destruction).
    private var affectingLayoutStrings = CStringCache()

    /// C copies of `identifiers` for a *_constraints_affecting_layout call, replacing those of the
    /// previous call.
    func replaceAffectingLayoutStrings(_ identifiers: [String]) -> [UnsafePointer<CChar>] {
        affectingLayoutStrings.strings(for: identifiers)
    }

    /// C strings for diagnostic messages: reused while the messages are the same.
    func diagnosticCStrings(for messages: [String]) -> [UnsafePointer<CChar>] { diagnosticMessages.strings(for: messages) }

    /// C strings for the diagnostics' one-line forms (`LayoutDiagnostic.logLine`), likewise.
    func diagnosticLineCStrings(for lines: [String]) -> [UnsafePointer<CChar>] { diagnosticLines.strings(for: lines) }

    /// Frees everything: releases the delegate once, invalidates every handle of this map view.
    func destroy() {
        isDestroying = true
        let bridge = delegate
        delegate = nil
        bridge?.releaseOnce()
        var raws = Array(handleByObject.values)
        // Break the view <-> constraint reference cycles (issue 8: without this every map view,
        // its components and every host view it owned leaked): the hierarchy, then the host's
        // views that are outside it (detached views, hiding stacks, old prompts).
        let detached = raws.compactMap { Handles.peek($0)?.object as? LayoutView }  // this map's handles: the flag is held
        map?.invalidate()
        for view in detached { map?.tearDownView(view) }
        raws.append(ownHandle)
        Handles.remove(raws)
        handleByObject.removeAll()
        hostCreated.removeAll()
        diagnosticMessages.release()
        diagnosticLines.release()
        affectingLayoutStrings.release()
        map = nil
    }
}

/// A NavigationLayoutDelegate that calls a C nl_layout_delegate's function pointers.
///
/// It holds its map view's context `unowned` (see `MapContext`, "Who may refer to a context"):
/// the bridge is stored in that context's map view (its `delegate`) and in `context.delegate`,
/// and is called only by that map view's events and by `nl_map_view_set_layout_delegate` and
/// `MapContext.destroy()`, all inside a C call that holds the context.
final class CDelegateBridge: NavigationLayoutDelegate {
    private let table: nl_layout_delegate
    private unowned let context: MapContext
    private var released = false

    init(_ table: nl_layout_delegate, context: MapContext) {
        self.table = table
        self.context = context
    }

    /// Calls release(user_data) the first time only; afterwards every callback is a no-op.
    func releaseOnce() {
        guard !released else { return }
        released = true
        if let release = table.release {
            context.isReleasingDelegate = true
            defer { context.isReleasingDelegate = false }
            context.runHost { release(table.user_data) }
        }
    }

    private var live: MapContext? { released ? nil : context }

    func enableNavigationUI(navMap: NavigationMapView, newState: NavigationReadyUIState) throws {
        guard let ctx = live, let fn = table.enable_navigation_ui else { return }
        let ud = table.user_data
        try ctx.runDelegateCallback(states: [newState]) { h in fn(ud, ctx.mapPointer, h[0]) }
    }

    func disableNavigationUI(navMap: NavigationMapView, oldState: NavigationReadyUIState) throws {
        guard let ctx = live, let fn = table.disable_navigation_ui else { return }
        let ud = table.user_data
        try ctx.runDelegateCallback(states: [oldState]) { h in fn(ud, ctx.mapPointer, h[0]) }
    }

    func startGuidance(navMap: NavigationMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) throws {
        guard let ctx = live, let fn = table.start_guidance else { return }
        let ud = table.user_data
        try ctx.runDelegateCallback(states: [newState, oldState]) { h in fn(ud, ctx.mapPointer, h[0], h[1]) }
    }

    func stopGuidance(navMap: NavigationMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState) throws {
        guard let ctx = live, let fn = table.stop_guidance else { return }
        let ud = table.user_data
        try ctx.runDelegateCallback(states: [newState, oldState]) { h in fn(ud, ctx.mapPointer, h[0], h[1]) }
    }

    func sizeChanged(navMap: NavigationMapView, newState: NavigationUIState) throws {
        guard let ctx = live, let fn = table.size_changed else { return }
        let ud = table.user_data
        try ctx.runDelegateCallback(states: [newState]) { h in fn(ud, ctx.mapPointer, h[0]) }
    }

    func showPrompt(navMap: NavigationMapView, newPrompt: NavigationPromptView) throws {
        guard let ctx = live, let fn = table.show_prompt else { return }
        let ud = table.user_data
        let p = try ctx.viewPointer(newPrompt)
        try ctx.runDelegateCallback(states: []) { _ in fn(ud, ctx.mapPointer, p) }
    }

    func hidePrompt(navMap: NavigationMapView, oldPrompt: NavigationPromptView) throws {
        guard let ctx = live, let fn = table.hide_prompt else { return }
        let ud = table.user_data
        let p = try ctx.viewPointer(oldPrompt)
        try ctx.runDelegateCallback(states: []) { _ in fn(ud, ctx.mapPointer, p) }
    }

    func changePrompt(navMap: NavigationMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView) throws {
        guard let ctx = live, let fn = table.change_prompt else { return }
        let ud = table.user_data
        let n = try ctx.viewPointer(newPrompt)
        let o = try ctx.viewPointer(oldPrompt)
        try ctx.runDelegateCallback(states: []) { _ in fn(ud, ctx.mapPointer, n, o) }
    }
}

/// C copies of a list of strings, kept while the same list is asked for again (the library's
/// static "" where a copy failed: out of memory).
struct CStringCache {
    private var texts: [String] = []
    private var copies: [UnsafeMutablePointer<CChar>?] = []

    mutating func strings(for list: [String]) -> [UnsafePointer<CChar>] {
        if list != texts || copies.count != list.count {
            release()
            copies = list.map { copyCString($0) }
            texts = list
        }
        return copies.map { $0.map { UnsafePointer($0) } ?? UnsafePointer(emptyString) }
    }

    /// Frees the copies.
    mutating func release() {
        for p in copies { free(p) }
        copies.removeAll()
        texts.removeAll()
    }
}
