// JSON and SVG snapshots of a map view's hierarchy (presented frames), Foundation-free.
// Stopgap in the C layer until LayoutEngine offers snapshot(); the format is documented in
// include/navlayout.h (nl_map_view_snapshot_json / _svg).

import LayoutEngine
import NavigationUI

private func jsonString(_ s: String) -> String {
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

private func number(_ v: Double) -> String { v.isFinite ? formatPoints(v) : "null" }

private func viewJSON(_ v: LayoutView) -> String {
    let f = v.frame
    let subviews = v.subviews.map(viewJSON).joined(separator: ",")
    return "{\"identifier\":\(jsonString(v.identifier)),\"frame\":[\(number(f.x)),\(number(f.y)),\(number(f.width)),\(number(f.height))],\"hidden\":\(v.isHidden),\"subviews\":[\(subviews)]}"
}

func snapshotJSON(_ map: NavigationMapView) -> String {
    let s = map.size, i = map.safeArea
    let cam = map.camera
    let views = map.subviews.map(viewJSON).joined(separator: ",")
    return "{\"size\":[\(number(s.width)),\(number(s.height))],\"safeArea\":[\(number(i.top)),\(number(i.left)),\(number(i.bottom)),\(number(i.right))],"
        + "\"views\":[\(views)],"
        + "\"camera\":{\"viewport\":[\(number(cam.viewport.x)),\(number(cam.viewport.y)),\(number(cam.viewport.width)),\(number(cam.viewport.height))],"
        + "\"padding\":[\(number(cam.padding.top)),\(number(cam.padding.left)),\(number(cam.padding.bottom)),\(number(cam.padding.right))],"
        + "\"vehiclePoint\":[\(number(cam.vehiclePoint.x)),\(number(cam.vehiclePoint.y))]}}"
}

private func xml(_ s: String) -> String {
    var out = ""
    for c in s {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default: out.append(c)
        }
    }
    return out
}

func snapshotSVG(_ map: NavigationMapView) -> String {
    let s = map.size
    var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(number(s.width))\" height=\"\(number(s.height))\" viewBox=\"0 0 \(number(s.width)) \(number(s.height))\">\n"
    out += "<rect x=\"0\" y=\"0\" width=\"\(number(s.width))\" height=\"\(number(s.height))\" fill=\"#eef3e8\" stroke=\"#888\"/>\n"
    func draw(_ v: LayoutView, _ depth: Int) {
        guard !v.isHidden else { return }
        let f = v.frame
        let dashed = v.identifier == "viewport" ? " stroke-dasharray=\"6 4\" fill-opacity=\"0\"" : " fill-opacity=\"0.25\""
        out += "<rect x=\"\(number(f.x))\" y=\"\(number(f.y))\" width=\"\(number(f.width))\" height=\"\(number(f.height))\" fill=\"#4a78c2\" stroke=\"#1d3f7a\"\(dashed)><title>\(xml(v.identifier))</title></rect>\n"
        if !v.identifier.isEmpty {
            out += "<text x=\"\(number(f.x + 4))\" y=\"\(number(f.y + 14))\" font-size=\"11\" font-family=\"sans-serif\">\(xml(v.identifier))</text>\n"
        }
        for sub in v.subviews { draw(sub, depth + 1) }
    }
    for v in map.subviews { draw(v, 1) }
    return out + "</svg>\n"
}
