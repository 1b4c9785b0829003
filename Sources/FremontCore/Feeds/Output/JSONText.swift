import Foundation

/// JSON literals written by hand: key order as documented, and output that is safe to print
/// (controls, DEL, C1 and bidi overrides escaped as \u, so JSON on a terminal cannot drive it).
public enum JSONText {
    public static func string(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 2)
            out.append(0x22)
            var index = 0
            var copied = 0
            // Runs of bytes that need nothing are copied whole; only escapes, and the scalars
            // that may not reach a terminal, are written otherwise.
            while index < bytes.count {
                let byte = bytes[index]
                guard needsAttention[Int(byte)] else {
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                if byte < 0x80 {
                    switch byte {
                    case 0x22: out.append(0x5C); out.append(0x22)
                    case 0x5C: out.append(0x5C); out.append(0x5C)
                    case 0x0A: out.append(0x5C); out.append(0x6E)
                    case 0x0D: out.append(0x5C); out.append(0x72)
                    case 0x09: out.append(0x5C); out.append(0x74)
                    default: escape(UInt32(byte), into: &out)  // the other controls and DEL
                    }
                    index += 1
                    copied = index
                    continue
                }
                // A lead byte of a scalar that may be unsafe: decode it to tell.
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                let end = min(index + length, bytes.count)
                var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for position in (index + 1)..<end { value = value << 6 | UInt32(bytes[position] & 0x3F) }
                if let scalar = Unicode.Scalar(value), TerminalSafeText.isUnsafe(scalar) || value == 0x2028 || value == 0x2029 {
                    escape(value, into: &out)
                } else {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                }
                index = end
                copied = end
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<bytes.count]))
            out.append(0x22)
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The bytes `string` looks at: the quote and backslash, and every byte that can start an
    /// unsafe scalar (`TerminalSafeText`'s; U+2028/9 start with E2 too). Every other byte is
    /// copied as it is.
    private static let needsAttention: [Bool] = (0...255).map { byte in
        TerminalSafeText.unsafeLeadBytes[byte] || byte == 0x22 || byte == 0x5C
    }

    /// `\u` and at least four lowercase hex digits.
    private static func escape(_ value: UInt32, into out: inout [UInt8]) {
        let hex = String(value, radix: 16)
        out.append(0x5C)
        out.append(0x75)
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, 4 - hex.utf8.count)))
        out.append(contentsOf: hex.utf8)
    }

    public static func date(_ date: Date?) -> String {
        date.map { "\"\(InternetDate.format($0))\"" } ?? "null"
    }
}
