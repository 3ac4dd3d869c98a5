// The native Swift API of NavLayout: `import NavLayout` gives the Cassowary solver, the Auto
// Layout–style engine and the navigation UI state machine (docs/architecture.md).
@_exported import LayoutSolver
@_exported import LayoutEngine
@_exported import NavigationUI
