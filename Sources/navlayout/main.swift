// navlayout: runs a layout delegate through the standard navigation session on a device preset
// and prints every frame at every step (SPEC §10).
import Foundation
import LayoutEngine
import NavigationUI
import NavLayoutExamples

let usage = """
usage: navlayout demo [--preset] [NAME] [--delegate sample|wide|builtin]
       navlayout presets

  demo      drive enable → guidance → incident prompt (0, 0.2, 0.4 s) → dismissed → stop →
            disable with a layout delegate (default: the sample; wide: the example
            with a wide-mode variant; builtin: the map view's own layout) and print each step's frames and camera
  presets   list the device presets (SPEC §9)

presets: \(DevicePreset.all.map(\.name).joined(separator: ", "))
"""

func fail(_ message: String) -> Never {
    FileHandle.standardError.write((message + "\n").data(using: .utf8)!)
    exit(2)
}

var args = Array(CommandLine.arguments.dropFirst())
guard let command = args.first else { fail(usage) }
args.removeFirst()

func option(_ name: String, default value: String) -> String {
    guard let i = args.firstIndex(of: name) else { return value }
    guard i + 1 < args.count else { fail("\(name) needs a value\n\n\(usage)") }
    let v = args[i + 1]
    args.removeSubrange(i...(i + 1))
    return v
}

switch command {
case "demo":
    var preset = option("--preset", default: "iphone-portrait")
    let delegateName = option("--delegate", default: "sample")
    // The preset may also be given as a plain argument, as the C and Python examples take it.
    if args.count == 1 && !args[0].hasPrefix("-") { preset = args.removeFirst() }
    if !args.isEmpty { fail("unexpected arguments: \(args.joined(separator: " "))\n\n\(usage)") }
    var delegate: NavigationLayoutDelegate?
    switch delegateName {
    case "sample": delegate = SampleLayoutDelegate()
    case "wide": delegate = WideLayoutDelegate()
    case "builtin": delegate = nil
    default: fail("unknown delegate \"\(delegateName)\"; delegates: sample, wide, builtin")
    }
    if DevicePreset.named(preset)?.isCarPlay == true && delegate != nil {
        // SPEC §3: a CarPlay map view refuses layout delegates; it keeps the built-in layout.
        FileHandle.standardError.write("navlayout: \(preset) is a CarPlay screen, which refuses layout delegates (SPEC §3); running with the built-in layout\n".data(using: .utf8)!)
        delegate = nil
    }
    do {
        print(try DemoSession.table(preset: preset, delegate: delegate), terminator: "")
    } catch let error as NavLayoutError {
        fail("navlayout: \(error.message)")
    } catch {
        fail("navlayout: \(error)")
    }
case "presets":
    for p in DevicePreset.all {
        let s = p.safeArea
        print("\(p.name): \(formatPoints(p.size.width)) × \(formatPoints(p.size.height)), safe area (top \(formatPoints(s.top)), left \(formatPoints(s.left)), bottom \(formatPoints(s.bottom)), right \(formatPoints(s.right)))\(p.isCarPlay ? ", CarPlay" : "")")
    }
case "-h", "--help", "help":
    print(usage)
default:
    fail("unknown command \"\(command)\"\n\n\(usage)")
}
