// Soak of the Swift example delegates (issue 17, item 7): examples/swift's SampleLayoutDelegate or
// WideLayoutDelegate, or examples/uikit's PortedLayoutDelegate (set through NavLayoutUIKit's
// GMSMapView), on one NavigationMapView through N transitions of the cycle in
// Tests/soak/README.md (the same as soak.c and soak.py), reporting per window (20) the
// transitions, the CPU time, the resident set and the heap in use (glibc's mallinfo2). Tests/soak/
// report.py judges the lines.
//
//   navlayout-soak sample|wide|uikit TRANSITIONS
#if canImport(Glibc)
import Glibc
#endif
import CSoakSupport
import LayoutEngine
import NavigationUI
import NavLayoutExamples
import NavLayoutUIKit
import NavLayoutUIKitExample

/// The process's CPU time (on a shared machine wall time measures the other processes too).
func seconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

func rssKB() -> Int {
    guard let f = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(f) }
    var pages = 0, resident = 0
    guard withUnsafeMutablePointer(to: &pages, { p in
        withUnsafeMutablePointer(to: &resident) { r in fscanfStatm(f, p, r) }
    }) else { return 0 }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

/// Reads the two first numbers of /proc/self/statm (fscanf is variadic: not callable from Swift).
func fscanfStatm(_ f: UnsafeMutablePointer<FILE>, _ pages: UnsafeMutablePointer<Int>, _ resident: UnsafeMutablePointer<Int>) -> Bool {
    var buffer = [CChar](repeating: 0, count: 256)
    guard fgets(&buffer, Int32(buffer.count), f) != nil else { return false }
    let fields = String(cString: buffer).split(separator: " ")
    guard fields.count >= 2, let p = Int(fields[0]), let r = Int(fields[1]) else { return false }
    pages.pointee = p
    resident.pointee = r
    return true
}

func heapBytes() -> Int { Int(soak_heap_bytes()) }

let args = CommandLine.arguments
let name = args.count > 1 ? args[1] : "sample"
let total = args.count > 2 ? Int(args[2]) ?? 0 : 24_000
guard ["sample", "wide", "uikit"].contains(name), total >= 240 else {
    fputs("usage: navlayout-soak sample|wide|uikit TRANSITIONS (>= 240)\n", stderr)
    exit(2)
}
let window = total / 20   // the last window ends at `total` when it is a multiple of 20
let portrait = EdgeInsets(top: 59, left: 0, bottom: 34, right: 0)
let landscape = EdgeInsets(top: 0, left: 59, bottom: 21, right: 59)

/// The map view with the delegate set (the UIKit example through its GMSMapView, which must stay
/// alive with it).
@MainActor func makeMap() throws -> (NavigationMapView, AnyObject?) {
    if name == "uikit" {
        guard let gms = GMSMapView(preset: "iphone-portrait") else { throw NavLayoutError.invalidArgument("preset") }
        try gms.setLayoutDelegate(PortedLayoutDelegate())
        return (gms.navigationMapView, gms)
    }
    let map = try NavigationMapView(preset: "iphone-portrait")
    try map.setLayoutDelegate(name == "sample" ? SampleLayoutDelegate() : WideLayoutDelegate())
    return (map, nil)
}

do {
    let (map, keep) = try MainActor.assumeIsolated { try makeMap() }
    // The 12 events of the cycle (Tests/soak/README.md).
    let events: [() throws -> Void] = [
        { try map.setNavigationEnabled(true) },
        { try map.startGuidance() },
        { _ = try map.triggerPrompt(.incident) },
        { try map.advanceTime(by: 0.5) },
        { _ = try map.triggerPrompt(.traffic) },     // changePrompt
        { try map.advanceTime(by: 0.5) },
        { try map.dismissPrompt() },
        { try map.advanceTime(by: 0.5) },
        { try map.setSize(Size(width: 852, height: 393), safeArea: landscape) },
        { try map.setSize(Size(width: 393, height: 852), safeArea: portrait) },
        { try map.stopGuidance() },
        { try map.setNavigationEnabled(false) },
    ]
    print("S Swift \(name)")
    let t0 = seconds()
    for k in 0..<total {
        try events[k % 12]()
        if (k + 1) % window == 0 {
            print("W \(k + 1) \(seconds() - t0) \(rssKB()) \(heapBytes()) 0")
            fflush(stdout)
        }
    }
    withExtendedLifetime(keep) { map.invalidate() }
} catch {
    fputs("soak Swift \(name): \(error)\n", stderr)
    exit(1)
}
