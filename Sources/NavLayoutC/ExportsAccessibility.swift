// The C ABI of the accessibility model (issue 16 item 8): a view's label, element flag and traits,
// and the map view's element order. The rules live in LayoutEngine (Accessibility.swift) and
// NavigationUI (AccessibilityRules.swift).

import CNavLayout
import LayoutEngine
import NavigationUI

@c @implementation
public func nl_view_set_accessibility_label(_ view: OpaquePointer?, _ label: UnsafePointer<CChar>?) -> nl_status {
    guarded {
        let (_, v) = try resolveView(view)
        v.accessibilityLabel = label.map { String(cString: $0) }
    }
}

@c @implementation
public func nl_view_accessibility_label(_ view: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    guardedValue {
        let (_, v) = try resolveView(view)
        return copyCString(v.accessibilityLabel ?? "")
    }
}

@c @implementation
public func nl_view_set_accessibility_element(_ view: OpaquePointer?, _ isElement: Bool) -> nl_status {
    guarded {
        let (_, v) = try resolveView(view)
        v.isAccessibilityElement = isElement
    }
}

@c @implementation
public func nl_view_is_accessibility_element(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_view_is_accessibility_element")
        out.pointee = try resolveView(view).1.isAccessibilityElement
    }
}

@c @implementation
public func nl_view_set_accessibility_traits(_ view: OpaquePointer?, _ traits: nl_accessibility_traits) -> nl_status {
    guarded {
        let (_, v) = try resolveView(view)
        let unknown = traits & ~AccessibilityTraits.all.rawValue
        if unknown != 0 {
            throw NavLayoutError.invalidArgument("nl_view_set_accessibility_traits: bits 0x\(String(unknown, radix: 16)) of 0x\(String(traits, radix: 16)) are not NL_ACCESSIBILITY_TRAIT_* values (NL_ACCESSIBILITY_TRAITS_ALL = 0x\(String(AccessibilityTraits.all.rawValue, radix: 16)))")
        }
        v.accessibilityTraits = AccessibilityTraits(rawValue: traits)
    }
}

@c @implementation
public func nl_view_accessibility_traits(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<nl_accessibility_traits>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_view_accessibility_traits")
        out.pointee = try resolveView(view).1.accessibilityTraits.rawValue
    }
}

@c @implementation
public func nl_map_view_set_accessibility_elements(_ map: OpaquePointer?, _ elements: UnsafePointer<OpaquePointer?>?,
                                                    _ count: Int) -> nl_status {
    guarded {
        try withMap(map) { ctx, m in
            guard let elements else {
                guard count == 0 else {
                    throw NavLayoutError.invalidArgument("nl_map_view_set_accessibility_elements: elements is NULL but count is \(UInt(bitPattern: count)); pass NULL with count 0 for the computed order")
                }
                try m.setAccessibilityElements(nil)
                return
            }
            guard count >= 0, count <= 16_777_215 else {
                throw NavLayoutError.invalidArgument("nl_map_view_set_accessibility_elements: count \(UInt(bitPattern: count)) is larger than any hierarchy")
            }
            var views: [LayoutView] = []
            views.reserveCapacity(count)
            for i in 0..<count {
                guard let p = elements[i] else {
                    throw NavLayoutError.invalidArgument("nl_map_view_set_accessibility_elements: elements[\(i)] is NULL")
                }
                let (_, v) = try resolveView(p, "nl_map_view_set_accessibility_elements: elements[\(i)]", within: ctx)
                views.append(v)
            }
            try m.setAccessibilityElements(views)
        }
    }
}

@c @implementation
public func nl_map_view_accessibility_element_count(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_map_view_accessibility_element_count")
        out.pointee = try withMap(map) { _, m in m.accessibilityElements.count }
    }
}

@c @implementation
public func nl_map_view_accessibility_element(_ map: OpaquePointer?, _ index: Int) -> OpaquePointer? {
    guardedValue {
        try withMap(map) { ctx, m in
            let order: [LayoutView] = m.accessibilityElements
            guard index >= 0, index < order.count else {
                throw NavLayoutError.invalidArgument("nl_map_view_accessibility_element: index \(UInt(bitPattern: index)) out of range (\(order.count) elements)")
            }
            return try ctx.viewPointer(order[index])
        }
    }
}

@c @implementation
public func nl_map_view_has_custom_accessibility_elements(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_map_view_has_custom_accessibility_elements")
        out.pointee = try withMap(map) { _, m in m.customAccessibilityElements != nil }
    }
}
