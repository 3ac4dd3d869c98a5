import LayoutEngine

// Snapshots of a map view: JSON (schema in docs/snapshot-schema.md) and SVG (a picture of the
// layout at the current time). Both are deterministic — the same layout gives the same bytes —
// and Foundation-free.

/// Escapes `s` as a JSON string literal.
package func jsonString(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if u.value < 0x20 {
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(u)
            }
        }
    }
    return out + "\""
}

/// A number for JSON/SVG: integers without a fraction, others with up to 3 decimals; non-finite
/// values (which the engine never produces) as null / 0.
private func num(_ v: Double) -> String { v.isFinite ? formatPoints(v) : "null" }
private func svgNum(_ v: Double) -> String { v.isFinite ? formatPoints(v) : "0" }

private func rectJSON(_ r: Rect) -> String {
    "{\"x\":\(num(r.x)),\"y\":\(num(r.y)),\"width\":\(num(r.width)),\"height\":\(num(r.height))}"
}

private func insetsJSON(_ e: EdgeInsets) -> String {
    "{\"top\":\(num(e.top)),\"left\":\(num(e.left)),\"bottom\":\(num(e.bottom)),\"right\":\(num(e.right))}"
}

/// `s` as XML / HTML / SVG text, safe in character data and in single- or double-quoted
/// attribute values, for any string a host can set (issue 17): `&`, `<`, `>`, `"` and `'` as
/// entities (`>` too, so `]]>` never appears); tab, line feed and carriage return as character
/// references (`&#9;`, `&#10;`, `&#13;`: kept exactly, in attributes too); every other control
/// character — U+0000–U+001F, which XML 1.0 allows in no form (not even as `&#1;`), and
/// U+007F–U+009F — and the noncharacters U+FFFE and U+FFFF, which are not XML characters either,
/// as the visible text `\uXXXX` (as JSON writes them and the viewer page shows them); everything
/// else as is. Invalid UTF-8 from C never gets
/// here: it became U+FFFD when the C string was read. The SVG snapshots, the demo's `index.html`
/// and the gallery page use it (Python's `navlayout.gallery` and CLI mirror it byte for byte).
package func markupEscaped(_ s: String) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(s.unicodeScalars.count)
    for u in s.unicodeScalars {
        switch u {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        case "\t", "\n", "\r": out += "&#\(u.value);"
        default:
            if u.value < 0x20 || (0x7F...0x9F).contains(u.value) || u.value == 0xFFFE || u.value == 0xFFFF {
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(u)
            }
        }
    }
    return out
}

extension NavigationMapView {
    /// What kind of view `v` is, as the snapshot names it: `map`, `component`, `prompt`,
    /// `hidingStack` or `host`.
    package func snapshotKind(_ v: LayoutView) -> String {
        if v === self { return "map" }
        if v is NavigationPromptView { return "prompt" }
        if v is NavigationComponentView { return "component" }
        if v is NavigationHidingStackView { return "hidingStack" }
        return "host"
    }

    /// A JSON snapshot of the map view at the current time (schema `navlayout.snapshot/1`,
    /// docs/snapshot-schema.md): map size, safe area, navigation state, wide mode, every view and
    /// guide (identifier, role, frame, target frame, hidden, parent, z-order), every active
    /// constraint as readable text, the camera and the diagnostics. Performs a pending layout
    /// pass. Deterministic: the same layout gives the same bytes.
    public func snapshotJSON() -> String {
        let diagnostics = self.diagnostics
        var views: [LayoutView] = []
        forEachView { views.append($0) }
        var ids: [ObjectIdentifier: Int] = [:]
        for (i, v) in views.enumerated() { ids[ObjectIdentifier(v)] = i }
        var out = "{\"schema\":\"navlayout.snapshot/1\""
        out += ",\"time\":\(num(currentTime))"
        out += ",\"mapSize\":{\"width\":\(num(size.width)),\"height\":\(num(size.height))}"
        out += ",\"safeArea\":\(insetsJSON(safeArea))"
        out += ",\"layoutDirection\":\(jsonString(layoutDirection == .leftToRight ? "leftToRight" : "rightToLeft"))"
        out += ",\"navigationState\":\(jsonString("\(stateKind)"))"
        out += ",\"wideMode\":\(wideMode)"
        out += ",\"customDelegate\":\(layoutDelegate != nil)"
        if let p = currentPrompt {
            out += ",\"prompt\":{\"kind\":\(jsonString("\(p.kind)")),\"identifier\":\(jsonString(p.identifier)),\"roundedCorners\":\(p.roundedCorners.rawValue)}"
        } else {
            out += ",\"prompt\":null"
        }
        out += ",\"views\":["
        for (i, v) in views.enumerated() {
            if i > 0 { out += "," }
            let parent = v.superview.flatMap { ids[ObjectIdentifier($0)] }
            out += "{\"id\":\(i),\"identifier\":\(jsonString(v.identifier)),\"role\":\(v.role.map(jsonString) ?? "null")"
            out += ",\"kind\":\(jsonString(snapshotKind(v))),\"frame\":\(rectJSON(v.frame)),\"targetFrame\":\(rectJSON(v.targetFrame))"
            out += ",\"hidden\":\(v.isHidden),\"opaque\":\(v.isOpaque && snapshotKind(v) == "host"),\"parent\":\(parent.map { String($0) } ?? "null"),\"z\":\(i)"
            out += ",\"layoutMargins\":\(insetsJSON(v.layoutMargins))"
            if let p = v as? NavigationPromptView { out += ",\"roundedCorners\":\(p.roundedCorners.rawValue)" }
            out += "}"
        }
        out += "],\"guides\":["
        var first = true
        for v in views {
            for g in [v.safeAreaLayoutGuideIfCreated, v.layoutMarginsGuideIfCreated].compactMap({ $0 }) + v.layoutGuides {
                if !first { out += "," }
                first = false
                out += "{\"identifier\":\(jsonString(g.identifier)),\"owner\":\(ids[ObjectIdentifier(v)] ?? -1),\"builtIn\":\(g.isBuiltIn),\"frame\":\(rectJSON(g.frame))}"
            }
        }
        out += "],\"constraints\":["
        first = true
        for v in views {
            for c in v.installedConstraints.sorted(by: { $0.serial < $1.serial }) {
                if !first { out += "," }
                first = false
                out += "{\"text\":\(jsonString(c.constraintText)),\"priority\":\(num(Double(c.priority.rawValue)))"
                out += ",\"owner\":\(jsonString(c.isEngineOwned ? "engine" : "host"))"
                if c.isEngineOwned { out += ",\"role\":\(jsonString(c.engineRole))" }
                if !c.identifier.isEmpty { out += ",\"identifier\":\(jsonString(c.identifier))" }
                out += ",\"broken\":\(c.isBroken)}"
            }
        }
        let cam = camera
        out += "],\"camera\":{\"viewport\":\(rectJSON(cam.viewport)),\"padding\":\(insetsJSON(cam.padding)),\"vehiclePoint\":{\"x\":\(num(cam.vehiclePoint.x)),\"y\":\(num(cam.vehiclePoint.y))}}"
        out += ",\"diagnostics\":["
        for (i, d) in diagnostics.enumerated() {
            if i > 0 { out += "," }
            out += "{\"code\":\(jsonString("\(d.code)")),\"severity\":\(jsonString("\(d.severity)")),\"message\":\(jsonString(d.message))"
            var items: [String] = []
            for item in d.items {
                let id = (item as? LayoutView).flatMap { ids[ObjectIdentifier($0)] }
                items.append("{\"id\":\(id.map { String($0) } ?? "null"),\"identifier\":\(jsonString(item.identifier))}")
            }
            out += ",\"items\":[\(items.joined(separator: ","))]"
            if let axis = d.axis { out += ",\"axis\":\(jsonString(axis == .horizontal ? "horizontal" : "vertical"))" }
            out += "}"
        }
        out += "]}"
        return out
    }

    /// The colour the SVG draws an SDK component role in.
    static func svgColor(_ role: String) -> String {
        switch role {
        case "turnCard": return "#1a73e8"
        case "etaCard": return "#188038"
        case "googleLogo": return "#5f6368"
        case "compass": return "#f9ab00"
        case "reporting": return "#e8710a"
        case "unknownButton": return "#9334e6"
        case "tripProgressBar": return "#12b5cb"
        case "speedWidget": return "#b06000"
        case "prompt": return "#c5221f"
        case "viewport": return "#34a853"
        default: return "#3c4043"
        }
    }

    /// An SVG picture of the layout at the current time (presented frames): the map and its safe
    /// area outlined, each SDK component filled in its own colour and labelled, the viewport
    /// hatched with the vehicle point, host views outlined, hiding stacks dashed, and every
    /// diagnostic's items outlined in red with the diagnostic's code. Plain SVG 1.1 with no
    /// external resources; deterministic (the same layout gives the same bytes). `title` (if
    /// any) is drawn as a caption.
    public func snapshotSVG(title: String? = nil) -> String {
        let diagnostics = self.diagnostics
        let w = size.width, h = size.height
        let captionHeight: Double = title == nil ? 0 : 24
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(svgNum(w))\" height=\"\(svgNum(h + captionHeight))\" viewBox=\"0 \(svgNum(-captionHeight)) \(svgNum(w)) \(svgNum(h + captionHeight))\" font-family=\"Helvetica, Arial, sans-serif\">\n"
        out += "<defs><pattern id=\"hatch\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"8\" stroke=\"#34a853\" stroke-width=\"2\" stroke-opacity=\"0.45\"/></pattern></defs>\n"
        if let title {
            out += "<text x=\"4\" y=\"-8\" font-size=\"13\" fill=\"#202124\">\(markupEscaped(title))</text>\n"
        }
        out += "<rect x=\"0\" y=\"0\" width=\"\(svgNum(w))\" height=\"\(svgNum(h))\" fill=\"#f1f3f4\" stroke=\"#202124\" stroke-width=\"2\"/>\n"
        let s = safeArea
        out += "<rect x=\"\(svgNum(s.left))\" y=\"\(svgNum(s.top))\" width=\"\(svgNum(w - s.left - s.right))\" height=\"\(svgNum(h - s.top - s.bottom))\" fill=\"none\" stroke=\"#80868b\" stroke-dasharray=\"4 3\"/>\n"
        func box(_ r: Rect, _ attrs: String) -> String {
            "<rect x=\"\(svgNum(r.x))\" y=\"\(svgNum(r.y))\" width=\"\(svgNum(max(r.width, 0)))\" height=\"\(svgNum(max(r.height, 0)))\" \(attrs)/>\n"
        }
        func label(_ text: String, _ r: Rect, _ color: String) -> String {
            "<text x=\"\(svgNum(r.x + 3))\" y=\"\(svgNum(r.y + 12))\" font-size=\"10\" fill=\"\(color)\">\(markupEscaped(text))</text>\n"
        }
        forEachView { v in
            guard v !== self, v.isVisibleInHierarchy else { return }
            let f = v.frame
            switch snapshotKind(v) {
            case "component", "prompt":
                let role = v.role ?? ""
                let color = NavigationMapView.svgColor(role)
                if role == "viewport" {
                    out += box(f, "fill=\"url(#hatch)\" stroke=\"\(color)\" stroke-width=\"2\"")
                    out += "<circle cx=\"\(svgNum(f.midX))\" cy=\"\(svgNum(f.midY))\" r=\"6\" fill=\"#1a73e8\" stroke=\"#ffffff\" stroke-width=\"2\"><title>vehicle point</title></circle>\n"
                    out += label(v.identifier, Rect(x: f.midX + 6, y: f.midY + 2, width: f.width / 2, height: 16), "#0d652d")
                } else {
                    out += box(f, "fill=\"\(color)\" fill-opacity=\"0.55\" stroke=\"\(color)\" stroke-width=\"1.5\"")
                    out += label(v.identifier, f, "#202124")
                }
            case "hidingStack":
                out += box(f, "fill=\"none\" stroke=\"#5f6368\" stroke-dasharray=\"2 2\"")
            default:
                out += box(f, "fill=\"#ffffff\" fill-opacity=\"\(v.isOpaque ? "0.6" : "0")\" stroke=\"#202124\" stroke-width=\"1.5\"")
                out += label(v.identifier.isEmpty ? "host view" : v.identifier, f, "#202124")
            }
        }
        // Diagnostics: each item outlined once and its codes listed once, stacked inside it below
        // the component's own label; the list of all diagnostics in a box at the top-right corner.
        var itemCodes: [(item: LayoutItem, codes: [String])] = []
        for d in diagnostics {
            for item in d.items {
                if let i = itemCodes.firstIndex(where: { $0.item === item }) {
                    if !itemCodes[i].codes.contains("\(d.code)") { itemCodes[i].codes.append("\(d.code)") }
                } else {
                    itemCodes.append((item, ["\(d.code)"]))
                }
            }
        }
        for (item, codes) in itemCodes {
            let f = item.frame
            out += box(f, "fill=\"none\" stroke=\"#d93025\" stroke-width=\"3\"")
            for (k, code) in codes.enumerated() {
                out += "<text x=\"\(svgNum(f.x + 3))\" y=\"\(svgNum(f.y + 26 + 12 * Double(k)))\" font-size=\"10\" font-weight=\"bold\" fill=\"#d93025\">\(markupEscaped(code))</text>\n"
            }
        }
        if !diagnostics.isEmpty {
            var lines: [String] = []
            for d in diagnostics where !lines.contains("\(d.severity) \(d.code)") { lines.append("\(d.severity) \(d.code)") }
            let boxWidth = 190.0, boxHeight = 8 + 12 * Double(lines.count)
            out += box(Rect(x: w - boxWidth - 4, y: 4, width: boxWidth, height: boxHeight), "fill=\"#ffffff\" fill-opacity=\"0.9\" stroke=\"#d93025\"")
            for (k, line) in lines.enumerated() {
                let messages = diagnostics.filter { "\($0.severity) \($0.code)" == line }.map(\.message).joined(separator: "\n")
                out += "<text x=\"\(svgNum(w - boxWidth))\" y=\"\(svgNum(16 + 12 * Double(k)))\" font-size=\"10\" fill=\"#d93025\">\(markupEscaped(line))<title>\(markupEscaped(messages))</title></text>\n"
            }
        }
        return out + "</svg>\n"
    }
}
