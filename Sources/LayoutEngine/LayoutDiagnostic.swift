/// The rule a diagnostic reports (docs/behaviour.md#diagnostics). Raw values equal the C header's `NL_DIAG_*`: 1–13 in
/// the order of the table in docs/behaviour.md#diagnostic-codes, then the codes issue 16 adds.
public enum DiagnosticCode: Int32, Sendable, CaseIterable, CustomStringConvertible {
    case unsatisfiable = 1
    case ambiguousLayout
    /// The logo or the viewport is not in the hierarchy, or is hidden (itself, through an
    /// ancestor, or by a hiding stack), in a navigation state: the seed's "insert, position and
    /// keep visible" (issue 16).
    case missingRequiredComponent
    case sizeConstraintOnFixedComponent
    case staleComponent
    case viewportObstructed
    case overlap
    case offscreen
    case wideModeCardsNotLeading
    case leftRightAnchor
    case hiddenInHidingStack
    case legacyAPIIgnored
    case emptyViewport
    // Accessibility (issue 16 item 8; Xcode's accessibility audit checks the same things on a
    // device: hit region, element description, element detection).
    /// An interactive host view (`AccessibilityTraits.interactive`) smaller than 44 × 44 pt, the
    /// minimum hit target of Apple's Human Interface Guidelines. Warning: it still works, but is
    /// hard to hit.
    case hitTargetTooSmall = 16
    /// An interactive host view without an `accessibilityLabel`. Error: VoiceOver announces only
    /// its trait ("button"), so the control is unusable without sight.
    case missingAccessibilityLabel = 17
    /// An accessibility element VoiceOver reaches that an opaque view above it covers completely.
    /// Warning: a sighted VoiceOver user sees the cover, and activating the element taps the
    /// cover.
    case accessibilityElementCovered = 18
    /// A visible SDK component that the order in effect skips (the host's `accessibilityElements`
    /// omit it, or it is inside a host view that is an element). Error: VoiceOver cannot reach
    /// it — turn-by-turn directions or the ETA may be unreachable.
    case accessibilityOrderSkipsComponent = 19
    /// A call of the UIKit spelling (NavLayoutUIKit) that cannot throw was refused — what UIKit
    /// would raise an exception for, such as activating a constraint between views without a
    /// common ancestor (issue 16 item 10). The message is the error NavLayout's throwing API
    /// gives. Error: the host's layout is not what its code says. Kept until the next navigation
    /// transition.
    case callRefused = 20

    /// The code's severity, as the table in docs/behaviour.md#diagnostic-codes gives it.
    public var severity: DiagnosticSeverity {
        switch self {
        case .unsatisfiable, .missingRequiredComponent, .sizeConstraintOnFixedComponent,
             .offscreen, .hiddenInHidingStack, .emptyViewport: return .error
        case .ambiguousLayout, .staleComponent, .viewportObstructed, .overlap,
             .wideModeCardsNotLeading, .legacyAPIIgnored: return .warning
        case .missingAccessibilityLabel, .accessibilityOrderSkipsComponent, .callRefused: return .error
        case .hitTargetTooSmall, .accessibilityElementCovered: return .warning
        case .leftRightAnchor: return .info
        }
    }

    /// The code's name as the table in docs/behaviour.md#diagnostic-codes writes it (`"unsatisfiable"`, `"emptyViewport"`, …).
    public var description: String {
        switch self {
        case .unsatisfiable: return "unsatisfiable"
        case .ambiguousLayout: return "ambiguousLayout"
        case .missingRequiredComponent: return "missingRequiredComponent"
        case .sizeConstraintOnFixedComponent: return "sizeConstraintOnFixedComponent"
        case .staleComponent: return "staleComponent"
        case .viewportObstructed: return "viewportObstructed"
        case .overlap: return "overlap"
        case .offscreen: return "offscreen"
        case .wideModeCardsNotLeading: return "wideModeCardsNotLeading"
        case .leftRightAnchor: return "leftRightAnchor"
        case .hiddenInHidingStack: return "hiddenInHidingStack"
        case .legacyAPIIgnored: return "legacyAPIIgnored"
        case .emptyViewport: return "emptyViewport"
        case .hitTargetTooSmall: return "hitTargetTooSmall"
        case .missingAccessibilityLabel: return "missingAccessibilityLabel"
        case .accessibilityElementCovered: return "accessibilityElementCovered"
        case .accessibilityOrderSkipsComponent: return "accessibilityOrderSkipsComponent"
        case .callRefused: return "callRefused"
        }
    }
}

/// How bad a diagnostic is. Raw values equal `NL_SEVERITY_*`.
public enum DiagnosticSeverity: Int32, Sendable, CustomStringConvertible {
    case info = 0, warning = 1, error = 2
    public var description: String {
        switch self {
        case .info: return "info"
        case .warning: return "warning"
        case .error: return "error"
        }
    }
}

/// One finding of a layout pass (docs/behaviour.md#diagnostics): the rule, how bad, a message that names the items by
/// identifier and role and says what to do, and the items involved.
public struct LayoutDiagnostic: CustomStringConvertible {
    public let code: DiagnosticCode
    public var severity: DiagnosticSeverity { code.severity }
    public let message: String
    public let items: [LayoutItem]
    /// Constraints involved (for `unsatisfiable`: the broken constraint first, then the rest of
    /// a conflicting set, oldest first — minimal unless the message says it was not minimised or
    /// not narrowed down, see `LayoutSystem.conflictSet(for:)`).
    public let constraints: [LayoutConstraint]
    /// For `ambiguousLayout`: the ambiguous axis, or nil when both are.
    public let axis: LayoutAxis?

    public init(code: DiagnosticCode, message: String, items: [LayoutItem] = [], constraints: [LayoutConstraint] = [],
                axis: LayoutAxis? = nil) {
        self.code = code
        self.message = message
        self.items = items
        self.constraints = constraints
        self.axis = axis
    }

    public var description: String { "\(severity) \(code): \(message)" }
}

extension LayoutRootView {
    /// Every active constraint in this hierarchy, host and engine-owned, in a stable order
    /// (depth-first over the views that install them).
    public var activeConstraints: [LayoutConstraint] {
        var out: [LayoutConstraint] = []
        forEachView { v in out.append(contentsOf: v.installedConstraints) }
        return out
    }

    /// The diagnostics the layout engine itself computes for the current target layout (docs/behaviour.md#diagnostics):
    /// `unsatisfiable` (each constraint the pass had to break, with a conflicting set — minimal within
    /// the pass's explanation budget, `LayoutSystem.conflictSet(for:)`),
    /// `ambiguousLayout` (a visible view whose frame an axis's constraints do not fix; guides
    /// and the root are not reported), `hiddenInHidingStack` and `leftRightAnchor`. Performs a
    /// pending layout pass. With `minimumSeverity` above `.info`, the rules of lower severities are
    /// not evaluated (the result is the full list without them; issue 14: a report that nobody below
    /// that severity would hear skips their cost).
    public func engineDiagnostics(minimumSeverity: DiagnosticSeverity = .info) -> [LayoutDiagnostic] {
        layoutIfNeeded()
        let ambiguity = DiagnosticCode.ambiguousLayout.severity.rawValue >= minimumSeverity.rawValue
        let leftRight = DiagnosticCode.leftRightAnchor.severity.rawValue >= minimumSeverity.rawValue
        var out: [LayoutDiagnostic] = []
        for c in system_.broken {
            let explanation = system_.conflictSet(for: c)
            let set = explanation.members
            var items: [LayoutItem] = []
            for m in set {
                var memberItems: [LayoutItem] = [m.firstAnchor.item]
                if let second = m.secondAnchor?.item { memberItems.append(second) }
                for item in memberItems where !items.contains(where: { $0 === item }) { items.append(item) }
            }
            var others: [String] = []
            for m in set.dropLast() {
                let text: String = m.isEngineOwned ? "\(m) (\(m.engineRole))" : "\(m)"
                others.append(text)
            }
            let conflictText: String
            switch explanation.kind {
            case .minimal:
                conflictText = others.isEmpty ? "itself" : others.joined(separator: "; ")
            case .notMinimised:
                conflictText = "\(others.joined(separator: "; ")) (a conflicting set, not minimised: this pass's explanation work budget ran out)"
            case .notNarrowedDown(let connected):
                conflictText = "the required constraints it is connected to (\(connected) of them, more than \(LayoutSystem.maxExplanationSize): not narrowed down)"
            }
            out.append(LayoutDiagnostic(
                code: .unsatisfiable,
                message: "Unable to simultaneously satisfy constraints: required constraint \(c) conflicts with \(conflictText); it was broken for this pass (the most recently activated of the set) and is retried on the next one — remove one of them or lower a priority below 1000",
                items: items, constraints: [c] + Array(set.dropLast())))
        }
        let solver = system_.solver
        // Depth first (as forEachView), visibility carried down: `visible` is
        // `isVisibleInHierarchy` without a walk up the weak superview chain per view.
        func visit(_ v: LayoutView, parentVisible: Bool) {
            let visible = parentVisible && !v.isHidden
            check(v, visible: visible)
            for s in v.subviews { visit(s, parentVisible: visible) }
        }
        func check(_ v: LayoutView, visible: Bool) {
            if ambiguity && v !== self && visible {
                var axes: [String] = []
                if solver.isAmbiguous(v.minXVar) || solver.isAmbiguous(v.widthVar) { axes.append("horizontal") }
                if solver.isAmbiguous(v.minYVar) || solver.isAmbiguous(v.heightVar) { axes.append("vertical") }
                if !axes.isEmpty {
                    out.append(LayoutDiagnostic(
                        code: .ambiguousLayout,
                        message: "\(v.displayName) has an ambiguous layout on the \(axes.joined(separator: " and ")) axis: its active constraints allow more than one frame (now \(v.solvedFrame)); add constraints that fix its \(axes.count == 2 ? "frame on both axes" : axes[0] == "horizontal" ? "x position and width" : "y position and height")",
                        items: [v], axis: axes.count == 2 ? nil : (axes[0] == "horizontal" ? .horizontal : .vertical)))
                }
            }
            if v.hiddenSetWhileStacked, let stack = v.managingStack {
                out.append(LayoutDiagnostic(
                    code: .hiddenInHidingStack,
                    message: "isHidden was set on \(v.displayName), which \(stack.displayName) manages; the stack decides which arranged views are hidden — remove it from arrangedSubviews instead",
                    items: [v, stack]))
            }
            for c in v.installedConstraints where leftRight && !c.isEngineOwned {
                let first = c.firstAnchor.attribute, second = c.secondAnchor?.attribute
                if first == .left || first == .right || second == .left || second == .right {
                    var items: [LayoutItem] = [c.firstAnchor.item]
                    if let s = c.secondAnchor?.item { items.append(s) }
                    out.append(LayoutDiagnostic(
                        code: .leftRightAnchor,
                        message: "\(c) uses left/right anchors, which do not mirror in right-to-left layouts; use leading/trailing",
                        items: items, constraints: [c]))
                }
            }
        }
        // Without the walk's two rules of lower severity, only hiddenInHidingStack is left: it
        // can fire only for a view its hiding stack arranges, and such a view is a subview of its
        // stack, which is in this hierarchy (registered) when the view is. No flagged view in a
        // registered stack: the walk would find nothing (issue 19: it ran at every report).
        if !ambiguity && !leftRight
            && !system_.stacks.contains(where: { $0.arrangedSubviews.contains { $0.hiddenSetWhileStacked } }) {
            return out
        }
        visit(self, parentVisible: true)
        return out
    }
}
