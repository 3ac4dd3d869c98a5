// A small JSON reader (RFC 8259) for the workbench's own documents: a sweep sample handed back by
// a host's sampler (C, Python worker processes), a sweep result given to the page builder, and the
// golden snapshots of the snapshot kit (issue 15). No Foundation in the library, so no
// JSONSerialization; the writers stay the string builders of Recorder.swift and Snapshot.swift.

/// A parsed JSON value. Objects keep their members in document order.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// Parses `text` (UTF-8 JSON, one value, whitespace around it allowed).
    /// - Throws: `JSONError` with the byte offset of the first thing that is not JSON. Nesting
    ///   deeper than 512 levels is refused (a recursive reader must not overflow its stack on
    ///   hostile input).
    public static func parse(_ text: String) throws -> JSONValue {
        var reader = JSONReader(Array(text.utf8))
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        if reader.offset != reader.bytes.count { throw reader.error("unexpected text after the JSON value") }
        return value
    }

    /// The member `key` of an object (the first one of that name), nil otherwise.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    public var string: String? { if case .string(let s) = self { return s }; return nil }
    public var number: Double? { if case .number(let n) = self { return n }; return nil }
    public var bool: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var array: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    public var isNull: Bool { if case .null = self { return true }; return false }
}

/// Why a text is not JSON, and where.
public struct JSONError: Error, CustomStringConvertible, Sendable {
    /// Byte offset in the UTF-8 text.
    public let offset: Int
    public let reason: String
    public var description: String { "not JSON at byte \(offset): \(reason)" }
}

private struct JSONReader {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func error(_ reason: String) -> JSONError { JSONError(offset: offset, reason: reason) }

    mutating func skipSpace() {
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    }

    mutating func expect(_ literal: String, _ value: JSONValue) throws -> JSONValue {
        let start = offset
        for b in literal.utf8 {
            guard offset < bytes.count, bytes[offset] == b else {
                throw JSONError(offset: start, reason: "expected \(literal)")
            }
            offset += 1
        }
        return value
    }

    mutating func value(depth: Int) throws -> JSONValue {
        guard depth < 512 else { throw error("nested deeper than 512 levels") }
        guard offset < bytes.count else { throw error("unexpected end of text") }
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            offset += 1
            var members: [(String, JSONValue)] = []
            skipSpace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") { offset += 1; return .object(members) }
            while true {
                skipSpace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw error("expected a member name") }
                let key = try string()
                skipSpace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw error("expected ':'") }
                offset += 1
                skipSpace()
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard offset < bytes.count else { throw error("unexpected end of text in an object") }
                if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
                if bytes[offset] == UInt8(ascii: "}") { offset += 1; return .object(members) }
                throw error("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            offset += 1
            var items: [JSONValue] = []
            skipSpace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") { offset += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard offset < bytes.count else { throw error("unexpected end of text in an array") }
                if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
                if bytes[offset] == UInt8(ascii: "]") { offset += 1; return .array(items) }
                throw error("expected ',' or ']'")
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        default: return .number(try number())
        }
    }

    mutating func number() throws -> Double {
        let start = offset
        func digits() -> Int {
            let s = offset
            while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
            return offset - s
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard digits() > 0 else { throw error("expected a value") }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { throw error("expected digits after '.'") }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { throw error("expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let v = Double(text), v.isFinite else { offset = start; throw error("number \(text) is out of range") }
        return v
    }

    mutating func hex4() throws -> UInt32 {
        guard offset + 4 <= bytes.count else { throw error("short \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[offset]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("bad hex digit in a \\u escape")
            }
            v = v * 16 + d
            offset += 1
        }
        return v
    }

    mutating func string() throws -> String {
        offset += 1  // the opening quote
        var out: [UInt8] = []
        while true {
            guard offset < bytes.count else { throw error("unterminated string") }
            let b = bytes[offset]
            offset += 1
            switch b {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard offset < bytes.count else { throw error("unterminated escape") }
                let e = bytes[offset]
                offset += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar), offset + 6 <= bytes.count,
                       bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") {
                        let save = offset
                        offset += 2
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            offset = save
                        }
                    }
                    // A lone surrogate becomes U+FFFD, as String(decoding:) does with bad UTF-8.
                    out.append(contentsOf: String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
                default: throw error("unknown escape \\\(Character(Unicode.Scalar(e)))")
                }
            default:
                if b < 0x20 { throw error("control character in a string") }
                out.append(b)
            }
        }
    }
}
