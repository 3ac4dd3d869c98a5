/// Measurements of the SDK's own style, in points (docs/behaviour.md#style-values), so that host
/// views can match the spacing of SDK components.
public enum NavigationStyleValues {
    public static let buttonHorizontalPadding: Double = 16
    public static let buttonVerticalPadding: Double = 8
    public static let defaultCornerRadius: Double = 12
    public static let elementHorizontalPadding: Double = 8
    public static let headerFooterHorizontalPadding: Double = 16
    /// The turn card's height below the safe-area top (docs/behaviour.md#style-values: turn card height `S.top + 104`).
    public static let headerNominalHeight: Double = 104
    public static let headerTopPadding: Double = 8
}
