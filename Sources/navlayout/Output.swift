// The files the CLI writes (demo --svg, gallery --out, view --out, sweep --out), with the C
// library's reason when one cannot be written ("No such file or directory", "Not a directory",
// "Is a directory", "Permission denied"): the words python -m navlayout prints (its OSError's
// errno), in one line naming the flag — not a Foundation error's description.
import Foundation

/// A file or directory the CLI could not write: its path and the C library's reason (strerror).
struct OutputError: Error {
    let path: String
    let reason: String
}

/// The C library's words for `code` ("Not a directory").
func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

/// Creates `path` and its missing parents (`mkdir -p`); nothing when it is a directory already.
/// - Throws: `OutputError` when a part cannot be made, or a file stands at `path` ("Not a directory").
func createDirectories(_ path: String) throws {
    var current = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
        current += "/" + part
        if mkdir(current, 0o777) != 0 && errno != EEXIST { throw OutputError(path: path, reason: reason(errno)) }
    }
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) || !isDirectory.boolValue {
        throw OutputError(path: path, reason: reason(ENOTDIR))
    }
}

/// Writes `text` (UTF-8) to the file `path`, replacing it.
/// - Throws: `OutputError` when it cannot be opened or written ("Is a directory" for a directory).
func writeText(_ text: String, toFile path: String) throws {
    guard let file = fopen(path, "w") else { throw OutputError(path: path, reason: reason(errno)) }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    let writeError = errno
    if fclose(file) != 0 || written != bytes.count {
        throw OutputError(path: path, reason: reason(written != bytes.count ? writeError : errno))
    }
}

/// Why the file `path` cannot be made, checked before anything runs: nil when the directory that
/// would hold it exists and `path` is not a directory, else "Is a directory", "the directory D
/// does not exist" or "D is not a directory" (a file stands there) — python -m navlayout's words
/// (navlayout/_files.py).
func outputFileProblem(_ path: String) -> String? {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue { return reason(EISDIR) }
    let directory = URL(fileURLWithPath: path).standardized.deletingLastPathComponent().path
    if !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
        return "the directory \(directory) does not exist"
    }
    return isDirectory.boolValue ? nil : "\(directory) is not a directory"
}

/// `file` in `directory`, joined as Python's `os.path.join` does (one "/" between them), so that
/// both CLIs name the same path.
func joined(_ directory: String, _ file: String) -> String {
    directory.isEmpty || directory.hasSuffix("/") ? directory + file : directory + "/" + file
}

/// Exits 2 with `PREFIX: cannot write FLAG VALUE: REASON`, e.g. `navlayout: cannot write --out
/// /proc/gal: No such file or directory`; a file inside VALUE that cannot be written is named
/// before the reason (`… --out g: g/carplay-01-navigation-ready.svg: Is a directory`).
func failWriting(_ prefix: String, flag: String, value: String, _ error: OutputError) -> Never {
    let inside = error.path.hasPrefix(joined(value, "")) ? "\(error.path): " : ""
    fail("\(prefix): cannot write \(flag) \(value): \(inside)\(error.reason)")
}
