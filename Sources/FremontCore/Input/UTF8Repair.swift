/// Replaces what is not UTF-8 with U+FFFD, chunk by chunk (a character may straddle two
/// chunks). libxml2's recovery passes bytes that are not UTF-8 on in element and attribute
/// names, which Foundation on Linux force-unwraps (a crash, found by fuzzing: `<\u{FF}e>`); with
/// this in front it never sees any. Text that is all ASCII, like bike data, passes untouched.
struct UTF8Repair {
    /// The start of a character cut off by the end of the last chunk.
    private var carried: [UInt8] = []
    /// How many bytes were replaced so far.
    private(set) var replacements = 0

    /// Repairs `chunk` in place (untouched, without a copy, when it is all ASCII).
    mutating func repair(_ chunk: inout [UInt8], final: Bool) {
        if carried.isEmpty, chunk.withUnsafeBufferPointer(Self.isASCII) { return }
        var bytes = carried
        carried.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: chunk)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        defer { chunk = output }
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            var copied = 0
            while index < buffer.count {
                if buffer[index] < 0x80 {
                    index += 1
                    continue
                }
                let length = Self.sequenceLength(buffer, at: index)
                if length > 0 {
                    index += length
                    continue
                }
                output.append(contentsOf: buffer[copied..<index])
                if length < 0, !final {
                    carried = Array(buffer[index...])
                    copied = buffer.count
                    index = buffer.count
                    break
                }
                replacements += 1
                output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                index += 1
                copied = index
            }
            output.append(contentsOf: buffer[copied..<max(copied, index)])
        }
    }

    /// The length of the UTF-8 character at `index`; 0 when the bytes there are not one, -1 when
    /// they are the valid start of one that the buffer cuts off.
    static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        for offset in 1..<length {
            guard index + offset < bytes.count else { return -1 }
            let range = offset == 1 ? low...high : 0x80...0xBF
            guard range.contains(bytes[index + offset]) else { return 0 }
        }
        return length
    }

    /// Thirty-two bytes at a time: the common case costs next to nothing.
    private static func isASCII(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buffer.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        var bits: UInt64 = 0
        while index + 32 <= buffer.count {
            bits |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
            index += 32
        }
        while index < buffer.count {
            bits |= UInt64(buffer[index])
            index += 1
        }
        return bits & 0x8080_8080_8080_8080 == 0
    }
}
