/// Finds where in a JSON document something went wrong. `JSONDecoder` on Linux reports neither
/// the offset of a syntax error nor where a mistyped value sits, so on failure (only then) this
/// re-reads the bytes: a strict RFC 8259 syntax check, and a walk to the value at a coding path.
struct JSONLocator {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The first syntax error: its byte offset and what was wrong. nil for well-formed JSON.
    /// Iterative, so a document nested thousands deep cannot exhaust the stack.
    func firstSyntaxError() -> (offset: Int, message: String)? {
        enum State { case value, key, afterValue }
        var stack: [UInt8] = [] // `{` or `[`
        var state = State.value
        var index = startIndex()
        if skipSpace(&index) == bytes.count { return (index, "empty document: no JSON value") }
        while true {
            skipSpace(&index)
            switch state {
            case .value:
                guard index < bytes.count else { return (index, "unexpected end of document (cut off?)") }
                switch bytes[index] {
                case UInt8(ascii: "{"):
                    stack.append(UInt8(ascii: "{"))
                    index += 1
                    skipSpace(&index)
                    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        stack.removeLast()
                        state = .afterValue
                    } else {
                        state = .key
                    }
                    continue
                case UInt8(ascii: "["):
                    stack.append(UInt8(ascii: "["))
                    index += 1
                    skipSpace(&index)
                    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                        index += 1
                        stack.removeLast()
                        state = .afterValue
                    }
                    continue
                case UInt8(ascii: "\""):
                    if let error = scanString(&index) { return error }
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if let error = scanNumber(&index) { return error }
                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    if let error = scanLiteral(&index) { return error }
                default:
                    return (index, "unexpected \(describe(at: index)) where a value should be")
                }
                state = .afterValue
            case .key:
                guard index < bytes.count else { return (index, "unexpected end of document (cut off?)") }
                guard bytes[index] == UInt8(ascii: "\"") else {
                    return (index, "expected a quoted key, found \(describe(at: index))")
                }
                if let error = scanString(&index) { return error }
                skipSpace(&index)
                guard index < bytes.count else { return (index, "unexpected end of document (cut off?)") }
                guard bytes[index] == UInt8(ascii: ":") else {
                    return (index, "expected ':' after a key, found \(describe(at: index))")
                }
                index += 1
                state = .value
            case .afterValue:
                guard let container = stack.last else {
                    return index < bytes.count ? (index, "unexpected \(describe(at: index)) after the JSON value") : nil
                }
                guard index < bytes.count else { return (index, "unexpected end of document (cut off?)") }
                let close = container == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    state = container == UInt8(ascii: "{") ? .key : .value
                } else if bytes[index] == close {
                    index += 1
                    stack.removeLast()
                } else {
                    let expected = container == UInt8(ascii: "{") ? "',' or '}'" : "',' or ']'"
                    return (index, "expected \(expected), found \(describe(at: index))")
                }
            }
        }
    }

    /// The byte offset of the value at `path` (as `DecodingError` gives it), or of the deepest
    /// container on the way that exists.
    func offset(of path: [any CodingKey]) -> Int? {
        var index = startIndex()
        skipSpace(&index)
        for key in path {
            guard index < bytes.count else { return nil }
            if let position = key.intValue, bytes[index] == UInt8(ascii: "[") {
                index += 1
                for _ in 0..<position {
                    skipSpace(&index)
                    guard skipValue(&index) else { return nil }
                    skipSpace(&index)
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
                    index += 1
                }
                skipSpace(&index)
            } else if bytes[index] == UInt8(ascii: "{") {
                let objectStart = index
                index += 1
                let wanted = Array(key.stringValue.utf8)
                var found = false
                while !found {
                    skipSpace(&index)
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return objectStart }
                    let nameStart = index + 1
                    guard scanString(&index) == nil else { return objectStart }
                    found = bytes[nameStart..<(index - 1)].elementsEqual(wanted)
                    skipSpace(&index)
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return objectStart }
                    index += 1
                    skipSpace(&index)
                    if !found {
                        guard skipValue(&index) else { return objectStart }
                        skipSpace(&index)
                        guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return objectStart }
                        index += 1
                    }
                }
            } else {
                return index
            }
        }
        return index
    }

    /// 1-based line and column (in characters) of a byte offset.
    func location(ofOffset offset: Int) -> SourceLocation {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 { // not a UTF-8 continuation byte
                column += 1
            }
        }
        return SourceLocation(line: line, column: column)
    }

    // MARK: Scanning

    private func startIndex() -> Int {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    @discardableResult
    private func skipSpace(_ index: inout Int) -> Int {
        while index < bytes.count,
              bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
        return index
    }

    private func scanString(_ index: inout Int) -> (Int, String)? {
        let start = index
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return nil
            }
            if byte < 0x20 {
                return (index, "control character inside a string (unterminated string?)")
            }
            if byte == UInt8(ascii: "\\") {
                index += 1
                guard index < bytes.count else { break }
                switch bytes[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                     UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                case UInt8(ascii: "u"):
                    for offset in 1...4 {
                        guard index + offset < bytes.count, isHexDigit(bytes[index + offset]) else {
                            return (index - 1, "bad \\u escape in a string")
                        }
                    }
                    index += 5
                default:
                    return (index - 1, "bad escape in a string")
                }
                continue
            }
            index += 1
        }
        return (start, "unterminated string (document cut off?)")
    }

    private func scanNumber(_ index: inout Int) -> (Int, String)? {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { return (start, "malformed number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { return (start, "malformed number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { return (start, "malformed number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return nil
    }

    private func scanLiteral(_ index: inout Int) -> (Int, String)? {
        for literal in ["true", "false", "null"] {
            let word = Array(literal.utf8)
            if bytes[index...].starts(with: word) {
                index += word.count
                return nil
            }
        }
        return (index, "unexpected \(describe(at: index)) where a value should be")
    }

    /// Moves past one complete value; false when the document ends inside it.
    private func skipValue(_ index: inout Int) -> Bool {
        var depth = 0
        repeat {
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                guard scanString(&index) == nil else { return false }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                index += 1
            case UInt8(ascii: ","), UInt8(ascii: ":"), 0x20, 0x0A, 0x0D, 0x09:
                index += 1
            default:
                while index < bytes.count, !isDelimiter(bytes[index]) { index += 1 }
            }
        } while depth > 0
        return true
    }

    /// What kind of value starts at `offset`, for "expected a number, found a string".
    func kindOfValue(at offset: Int) -> String? {
        guard offset < bytes.count else { return nil }
        switch bytes[offset] {
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        default: return nil
        }
    }

    /// The byte at `index` for a message: `'x'`, or `end of document`.
    private func describe(at index: Int) -> String {
        guard index < bytes.count else { return "end of document" }
        let byte = bytes[index]
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 {
            let hex = Array("0123456789ABCDEF")
            return "byte 0x\(hex[Int(byte >> 4)])\(hex[Int(byte & 0xF)])"
        }
        return "a non-ASCII character"
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private func isHexDigit(_ byte: UInt8) -> Bool { isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6 }

    private func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
            || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
