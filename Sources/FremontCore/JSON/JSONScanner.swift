/// A pull scanner over JSON bytes read in chunks: the caller walks the structure it expects,
/// and nothing but the current chunk and the current string is held in memory. It knows the
/// line and column of every byte, so errors can say where they are.
final class JSONScanner {
    private let reader: ByteReader
    private let buffer: UnsafeMutableRawBufferPointer
    private var bytes: UnsafePointer<UInt8>
    private var position = 0
    private var count = 0
    /// Bytes consumed before the current chunk.
    private var chunkOffset = 0
    private var line = 1
    private var lineStartOffset = 0
    private var atEnd = false
    /// Reused for the bytes of the string being read.
    private(set) var stringBytes: [UInt8] = []

    var source: String { reader.name }

    init(_ reader: ByteReader, chunkSize: Int = ByteReader.defaultChunkSize) {
        self.reader = reader
        buffer = .allocate(byteCount: chunkSize, alignment: 16)
        bytes = UnsafePointer(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
        stringBytes.reserveCapacity(256)
    }

    deinit { buffer.deallocate() }

    var location: SourceLocation {
        SourceLocation(line: line, column: chunkOffset + position - lineStartOffset + 1)
    }

    func error(_ message: String) -> LoadError {
        LoadError(source: reader.name, location: location, message)
    }

    /// The next byte that is not whitespace, without consuming it; nil at the end of input.
    func peekSignificant() throws(LoadError) -> UInt8? {
        while true {
            if position == count, !(try refill()) { return nil }
            let byte = bytes[position]
            switch byte {
            case 0x20, 0x09, 0x0D:
                position += 1
            case 0x0A:
                position += 1
                line += 1
                lineStartOffset = chunkOffset + position
            default:
                return byte
            }
        }
    }

    /// Consumes the next significant byte, which must be `expected`.
    func expect(_ expected: UInt8, _ what: @autoclosure () -> String) throws(LoadError) {
        guard let byte = try peekSignificant() else { throw error("the document ends early, expected \(what()) (is it cut off?)") }
        guard byte == expected else { throw error("expected \(what()), found \(describe(byte))") }
        position += 1
    }

    /// Consumes `byte` if it is the next significant one.
    func consume(_ byte: UInt8) throws(LoadError) -> Bool {
        guard try peekSignificant() == byte else { return false }
        position += 1
        return true
    }

    /// Longer strings are refused: nothing in the data needs one, and memory stays bounded.
    static let maximumStringLength = 1 << 20

    /// Reads a string into `stringBytes` (escapes decoded, as UTF-8).
    func readString() throws(LoadError) {
        try expect(UInt8(ascii: "\""), "a string")
        stringBytes.removeAll(keepingCapacity: true)
        // A `\uD800`–`\uDBFF` escape waiting for the low half of its pair.
        var highSurrogate: UInt32?
        while true {
            guard let byte = try nextRaw() else { throw error("the document ends inside a string (is it cut off?)") }
            if stringBytes.count > Self.maximumStringLength {
                throw error("a string longer than \(Self.maximumStringLength >> 20) MB (a quote that is never closed?)")
            }
            if byte == UInt8(ascii: "\\") {
                guard let kind = try nextRaw() else { throw error("the document ends inside a string (is it cut off?)") }
                if kind == UInt8(ascii: "u") {
                    try readUnicodeEscape(pairingWith: &highSurrogate)
                    continue
                }
                if highSurrogate != nil { appendScalar(nil); highSurrogate = nil }
                appendEscape(kind)
                continue
            }
            if highSurrogate != nil { appendScalar(nil); highSurrogate = nil }
            switch byte {
            case UInt8(ascii: "\""):
                return
            case 0x0A:
                line += 1
                lineStartOffset = chunkOffset + position
                stringBytes.append(byte)
            default:
                stringBytes.append(byte)
            }
        }
    }

    /// Reads a number, `true`, `false` or `null` into `stringBytes` as written.
    func readBareToken() throws(LoadError) {
        stringBytes.removeAll(keepingCapacity: true)
        _ = try peekSignificant()
        while true {
            if position == count, !(try refill()) { break }
            let byte = bytes[position]
            let isTokenByte = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "E")
            guard isTokenByte else { break }
            stringBytes.append(byte)
            position += 1
        }
        guard !stringBytes.isEmpty else {
            guard let byte = try peekSignificant() else { throw error("the document ends early, expected a value (is it cut off?)") }
            throw error("expected a value, found \(describe(byte))")
        }
    }

    /// How deep values may nest: far past any real data, and an error rather than a crash.
    static let maximumDepth = 512

    /// Skips one value of any kind, nested ones included, at most `maximumDepth` levels deep.
    /// Iterative, with its own stack of closing brackets: recursion would let 100,000 `[`
    /// overflow the thread's stack.
    func skipValue(maximumDepth: Int = JSONScanner.maximumDepth) throws(LoadError) {
        let quote = UInt8(ascii: "\""), openBrace = UInt8(ascii: "{"), openBracket = UInt8(ascii: "[")
        let closeBrace = UInt8(ascii: "}"), closeBracket = UInt8(ascii: "]"), comma = UInt8(ascii: ",")
        var closers: [UInt8] = []
        repeat {
            guard let byte = try peekSignificant() else { throw error("the document ends early, expected a value (is it cut off?)") }
            switch byte {
            case quote:
                try readString()
            case openBrace, openBracket:
                guard closers.count < maximumDepth else {
                    throw error("values nested more than \(maximumDepth) levels deep")
                }
                position += 1
                let close = byte == openBrace ? closeBrace : closeBracket
                if try consume(close) { break }
                closers.append(close)
                if close == closeBrace {
                    try readString()
                    try expect(UInt8(ascii: ":"), "':'")
                }
                continue  // the container's first value
            default:
                try readBareToken()
            }
            // A value is complete: go on to the next in its container, or close containers.
            while let close = closers.last {
                if try consume(comma) {
                    if close == closeBrace {
                        try readString()
                        try expect(UInt8(ascii: ":"), "':'")
                    }
                    break
                }
                try expect(close, "',' or '\(Character(Unicode.Scalar(close)))'")
                closers.removeLast()
            }
        } while !closers.isEmpty
    }

    func describe(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private func nextRaw() throws(LoadError) -> UInt8? {
        if position == count, !(try refill()) { return nil }
        let byte = bytes[position]
        position += 1
        return byte
    }

    private func refill() throws(LoadError) -> Bool {
        if atEnd { return false }
        chunkOffset += count
        position = 0
        count = try reader.read(into: buffer)
        if count == 0 { atEnd = true }
        return count > 0
    }

    private func appendEscape(_ kind: UInt8) {
        switch kind {
        case UInt8(ascii: "n"): stringBytes.append(0x0A)
        case UInt8(ascii: "t"): stringBytes.append(0x09)
        case UInt8(ascii: "r"): stringBytes.append(0x0D)
        case UInt8(ascii: "b"): stringBytes.append(0x08)
        case UInt8(ascii: "f"): stringBytes.append(0x0C)
        default: stringBytes.append(kind)
        }
    }

    /// `\uXXXX`: a character, or half of a surrogate pair. A half without its partner is U+FFFD
    /// (found by fuzzing: `"\ud825\ud84a"` overflowed the arithmetic that joins a pair).
    private func readUnicodeEscape(pairingWith highSurrogate: inout UInt32?) throws(LoadError) {
        let unit = try readHex4()
        switch unit {
        case 0xD800..<0xDC00:
            if highSurrogate != nil { appendScalar(nil) }
            highSurrogate = unit
        case 0xDC00..<0xE000:
            if let high = highSurrogate {
                appendScalar(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)))
                highSurrogate = nil
            } else {
                appendScalar(nil)
            }
        default:
            if highSurrogate != nil { appendScalar(nil); highSurrogate = nil }
            appendScalar(Unicode.Scalar(unit))
        }
    }

    private func appendScalar(_ scalar: Unicode.Scalar?) {
        UTF8.encode(scalar ?? "\u{FFFD}") { stringBytes.append($0) }
    }

    private func readHex4() throws(LoadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try nextRaw() else { throw error("the document ends inside a string (is it cut off?)") }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("bad \\u escape in a string")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
