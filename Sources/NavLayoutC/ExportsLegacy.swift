// C exports for issue 3: the built-in layout's legacy slot settings and guides, the compass rule,
// and the getters the bindings need (map settings, view properties, hiding stacks, constraint
// identifiers, view kinds and roles). Documentation: include/navlayout.h.

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

// MARK: - Helpers

/// Reads a setting of the map view into `out`.
private func getSetting<T>(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<T>?, _ what: String,
                           _ read: (NavigationMapView) -> T) -> nl_status {
    guarded {
        let out = try requireOut(out, what)
        out.pointee = try withMap(map) { _, m in read(m) }
    }
}

/// Reads a Bool setting of the map view into `out`.
private func getFlag(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?, _ what: String,
                     _ read: (NavigationMapView) -> Bool) -> nl_status {
    getSetting(map, out, what, read)
}

/// Applies a setting to the map view (not an event: allowed inside callbacks).
private func setting(_ map: OpaquePointer?, _ body: (MapContext, NavigationMapView) throws -> Void) -> nl_status {
    guarded { try withMap(map, body) }
}

// MARK: - Legacy slot settings (docs/behaviour.md#legacy-slot-settings)

@c @implementation
public func nl_map_view_set_navigation_header_enabled(_ map: OpaquePointer?, _ enabled: Bool) -> nl_status {
    setting(map) { _, m in m.isNavigationHeaderEnabled = enabled }
}

@c @implementation
public func nl_map_view_navigation_header_enabled(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    getFlag(map, out, "nl_map_view_navigation_header_enabled") { $0.isNavigationHeaderEnabled }
}

@c @implementation
public func nl_map_view_set_navigation_footer_enabled(_ map: OpaquePointer?, _ enabled: Bool) -> nl_status {
    setting(map) { _, m in m.isNavigationFooterEnabled = enabled }
}

@c @implementation
public func nl_map_view_navigation_footer_enabled(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    getFlag(map, out, "nl_map_view_navigation_footer_enabled") { $0.isNavigationFooterEnabled }
}

@c @implementation
public func nl_map_view_set_navigation_trip_progress_bar_enabled(_ map: OpaquePointer?, _ enabled: Bool) -> nl_status {
    setting(map) { _, m in m.isNavigationTripProgressBarEnabled = enabled }
}

@c @implementation
public func nl_map_view_navigation_trip_progress_bar_enabled(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    getFlag(map, out, "nl_map_view_navigation_trip_progress_bar_enabled") { $0.isNavigationTripProgressBarEnabled }
}

@c @implementation
public func nl_map_view_set_navigation_report_incident_button_enabled(_ map: OpaquePointer?, _ enabled: Bool) -> nl_status {
    setting(map) { _, m in m.isNavigationReportIncidentButtonEnabled = enabled }
}

@c @implementation
public func nl_map_view_navigation_report_incident_button_enabled(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    getFlag(map, out, "nl_map_view_navigation_report_incident_button_enabled") { $0.isNavigationReportIncidentButtonEnabled }
}

@c @implementation
public func nl_map_view_set_header_accessory_view(_ map: OpaquePointer?, _ view: OpaquePointer?) -> nl_status {
    setting(map) { ctx, m in
        var accessory: LayoutView?
        if view != nil {
            let (_, v) = try resolveView(view, "header accessory view", within: ctx)
            accessory = v
        }
        try m.setHeaderAccessoryView(accessory)
    }
}

@c @implementation
public func nl_map_view_header_accessory_view(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_map_view_header_accessory_view")
        out.pointee = try withMap(map) { ctx, m in try ctx.viewPointer(m.headerAccessoryView) }
    }
}

@c @implementation
public func nl_map_view_set_padding(_ map: OpaquePointer?, _ padding: nl_insets) -> nl_status {
    setting(map) { _, m in try m.setPadding(try swiftInsets(padding, "padding")) }
}

@c @implementation
public func nl_map_view_padding(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<nl_insets>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_map_view_padding")
        out.pointee = cInsets(try withMap(map) { _, m in m.padding })
    }
}

@c @implementation
public func nl_map_view_set_padding_adjustment_behavior(_ map: OpaquePointer?, _ behavior: nl_padding_adjustment_behavior) -> nl_status {
    setting(map) { _, m in
        guard let b = PaddingAdjustmentBehavior(rawValue: Int32(truncatingIfNeeded: behavior.rawValue)) else {
            throw NavLayoutError.invalidArgument("padding adjustment behavior \(Int32(bitPattern: UInt32(truncatingIfNeeded: behavior.rawValue))) is not an nl_padding_adjustment_behavior")
        }
        m.paddingAdjustmentBehavior = b
    }
}

@c @implementation
public func nl_map_view_padding_adjustment_behavior(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<nl_padding_adjustment_behavior>?) -> nl_status {
    getSetting(map, out, "nl_map_view_padding_adjustment_behavior") {
        nl_padding_adjustment_behavior(rawValue: numericCast($0.paddingAdjustmentBehavior.rawValue))
    }
}

@c @implementation
public func nl_map_view_invalidate_layout_for_accessory_view(_ map: OpaquePointer?, _ view: OpaquePointer?) -> nl_status {
    setting(map) { ctx, m in
        let (_, v) = try resolveView(view, within: ctx)
        try m.invalidateLayout(forAccessoryView: v)
    }
}

@c @implementation
public func nl_map_view_legacy_guide(_ map: OpaquePointer?, _ kind: nl_legacy_guide) -> OpaquePointer? {
    guardedValue {
        try withMap(map) { ctx, m in
            guard let k = LegacyLayoutGuideKind(rawValue: Int32(truncatingIfNeeded: kind.rawValue)) else {
                throw NavLayoutError.invalidArgument("legacy guide kind \(Int32(bitPattern: UInt32(truncatingIfNeeded: kind.rawValue))) is not an nl_legacy_guide")
            }
            return try ctx.guidePointer(m.legacyGuide(k))
        }
    }
}

// MARK: - Compass rule (docs/behaviour.md#compass-rule)

@c @implementation
public func nl_map_view_set_compass_button_enabled(_ map: OpaquePointer?, _ enabled: Bool) -> nl_status {
    setting(map) { _, m in m.isCompassButtonEnabled = enabled }
}

@c @implementation
public func nl_map_view_compass_button_enabled(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    getFlag(map, out, "nl_map_view_compass_button_enabled") { $0.isCompassButtonEnabled }
}

// MARK: - Speed widget and re-center settings (issue 16)

@c @implementation
public func nl_map_view_set_should_display_speedometer(_ map: OpaquePointer?, _ display: Bool) -> nl_status {
    setting(map) { _, m in m.shouldDisplaySpeedometer = display }
}

@c @implementation
public func nl_map_view_should_display_speedometer(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    getFlag(map, out, "nl_map_view_should_display_speedometer") { $0.shouldDisplaySpeedometer }
}

@c @implementation
public func nl_map_view_set_should_display_speed_limit(_ map: OpaquePointer?, _ display: Bool) -> nl_status {
    setting(map) { _, m in m.shouldDisplaySpeedLimit = display }
}

@c @implementation
public func nl_map_view_should_display_speed_limit(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    getFlag(map, out, "nl_map_view_should_display_speed_limit") { $0.shouldDisplaySpeedLimit }
}

@c @implementation
public func nl_map_view_set_recenter_button_enabled(_ map: OpaquePointer?, _ enabled: Bool) -> nl_status {
    setting(map) { _, m in m.isRecenterButtonEnabled = enabled }
}

@c @implementation
public func nl_map_view_recenter_button_enabled(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    getFlag(map, out, "nl_map_view_recenter_button_enabled") { $0.isRecenterButtonEnabled }
}

// MARK: - Map view getters

@c @implementation
public func nl_map_view_speed_widget_mode(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<nl_speed_widget_mode>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_map_view_speed_widget_mode")
        let mode = try withMap(map) { _, m in m.speedWidgetMode }
        out.pointee = nl_speed_widget_mode(rawValue: numericCast(mode.rawValue))
    }
}

@c @implementation
public func nl_map_view_showing_recenter_button(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    getFlag(map, out, "nl_map_view_showing_recenter_button") { $0.isShowingRecenterButton }
}

@c @implementation
public func nl_map_view_incident_reporting_enabled(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    getFlag(map, out, "nl_map_view_incident_reporting_enabled") { $0.isIncidentReportingEnabled }
}

@c @implementation
public func nl_map_view_should_display_prompts(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    getFlag(map, out, "nl_map_view_should_display_prompts") { $0.shouldDisplayPrompts }
}

@c @implementation
public func nl_map_view_wide_mode(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    getFlag(map, out, "nl_map_view_wide_mode") { $0.wideMode }
}

// MARK: - View getters

private func axis(_ a: nl_axis) throws -> LayoutAxis {
    guard let axis = LayoutAxis(rawValue: Int32(truncatingIfNeeded: a.rawValue)) else {
        throw NavLayoutError.invalidArgument("axis \(Int32(bitPattern: UInt32(truncatingIfNeeded: a.rawValue))) is not an nl_axis")
    }
    return axis
}

@c @implementation
public func nl_view_intrinsic_size(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<nl_size>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_view_intrinsic_size")
        let s = try resolveView(view).1.intrinsicContentSize
        out.pointee = nl_size(width: s.width, height: s.height)
    }
}

@c @implementation
public func nl_view_hugging_priority(_ view: OpaquePointer?, _ a: nl_axis, _ out: UnsafeMutablePointer<Float>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_view_hugging_priority")
        let (_, v) = try resolveView(view)
        out.pointee = v.contentHuggingPriority(for: try axis(a)).rawValue
    }
}

@c @implementation
public func nl_view_compression_priority(_ view: OpaquePointer?, _ a: nl_axis, _ out: UnsafeMutablePointer<Float>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_view_compression_priority")
        let (_, v) = try resolveView(view)
        out.pointee = v.compressionResistancePriority(for: try axis(a)).rawValue
    }
}

@c @implementation
public func nl_view_layout_margins(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<nl_insets>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_view_layout_margins")
        out.pointee = cInsets(try resolveView(view).1.layoutMargins)
    }
}

@c @implementation
public func nl_view_kind_of(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<nl_view_kind>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_view_kind_of")
        let (ctx, v) = try resolveView(view)
        switch v {
        case _ where v === ctx.map: out.pointee = NL_VIEW_KIND_MAP
        case is NavigationHidingStackView: out.pointee = NL_VIEW_KIND_HIDING_STACK
        case is NavigationPromptView: out.pointee = NL_VIEW_KIND_PROMPT
        case is NavigationComponentView: out.pointee = NL_VIEW_KIND_COMPONENT
        default: out.pointee = NL_VIEW_KIND_PLAIN
        }
    }
}

@c @implementation
public func nl_view_role(_ view: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    guardedValue { copyCString(try resolveView(view).1.role ?? "") }
}

// MARK: - Constraints and hiding stacks

@c @implementation
public func nl_constraint_identifier(_ constraint: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    guardedValue { copyCString(try resolveConstraint(constraint).1.identifier) }
}

private func stack(_ p: OpaquePointer?, _ what: String) throws -> (MapContext, NavigationHidingStackView) {
    let (ctx, v) = try resolveView(p, what)
    guard let s = v as? NavigationHidingStackView else {
        throw NavLayoutError.invalidArgument("\(what): \(name(v)) is not a hiding stack view")
    }
    return (ctx, s)
}

@c @implementation
public func nl_hiding_stack_spacing(_ p: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_hiding_stack_spacing")
        out.pointee = try stack(p, "nl_hiding_stack_spacing").1.spacing
    }
}

@c @implementation
public func nl_hiding_stack_arranged_subview_count(_ p: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_hiding_stack_arranged_subview_count")
        out.pointee = try stack(p, "nl_hiding_stack_arranged_subview_count").1.arrangedSubviews.count
    }
}

@c @implementation
public func nl_hiding_stack_arranged_subview(_ p: OpaquePointer?, _ index: Int) -> OpaquePointer? {
    guardedValue {
        let (ctx, s) = try stack(p, "nl_hiding_stack_arranged_subview")
        let views = s.arrangedSubviews
        guard index >= 0, index < views.count else {
            throw NavLayoutError.invalidArgument("nl_hiding_stack_arranged_subview: index \(UInt(bitPattern: index)) out of range for \(name(s)) with \(views.count) arranged subviews")
        }
        return try ctx.viewPointer(views[index])
    }
}
