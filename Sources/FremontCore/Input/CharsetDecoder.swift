import Foundation

/// Turns text in a legacy charset (ISO-8859-x, windows-125x, Shift_JIS, GB18030, …) into UTF-8
/// with the C library's iconv, chunk by chunk (a multibyte character may straddle two chunks).
/// Bytes the charset does not define become U+FFFD. libxml2 2.9 must never convert through
/// iconv itself: on the first such byte it dereferences a null pointer (found by fuzzing: any
/// windows-1252 document with a 0x81 in it crashed the program).
final class CharsetDecoder {
    let label: String
    private let converter: iconv_t
    private var leftover: [UInt8] = []
    /// Bytes the charset does not define, replaced so far.
    private(set) var replaced = 0

    /// nil when the C library does not know `label`.
    init?(label: String) {
        let converter = iconv_open("UTF-8", label)
        guard Int(bitPattern: converter) != -1, let converter else { return nil }
        self.label = label
        self.converter = converter
    }

    deinit { iconv_close(converter) }

    /// Whether a label names UTF-8 itself (nothing to convert).
    static func isUTF8(_ label: String?) -> Bool {
        guard let label = label?.lowercased() else { return true }
        return label == "utf-8" || label == "utf8"
    }

    /// Whether the C library can convert from `label`.
    static func knows(_ label: String) -> Bool {
        CharsetDecoder(label: label) != nil
    }

    func decode(_ bytes: UnsafeRawBufferPointer, into output: inout [UInt8], final: Bool) {
        var input = leftover
        input.append(contentsOf: bytes)
        leftover.removeAll(keepingCapacity: true)
        var scratch = [UInt8](repeating: 0, count: max(64, input.count * 4))
        input.withUnsafeMutableBytes { inputBytes in
            var inPointer = inputBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
            var inLeft = inputBytes.count
            while inLeft > 0 {
                let produced: Int
                let result: Int
                (result, produced) = scratch.withUnsafeMutableBytes { outputBytes in
                    var outPointer = outputBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                    var outLeft = outputBytes.count
                    let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                    return (result, outputBytes.count - outLeft)
                }
                output.append(contentsOf: scratch[0..<produced])
                guard result == -1 else { continue }
                switch errno {
                case E2BIG:
                    continue
                case EINVAL where !final:
                    // A character cut by the chunk's end: finish it with the next chunk.
                    leftover = Array(UnsafeRawBufferPointer(start: inPointer, count: inLeft))
                    inLeft = 0
                default:
                    // EILSEQ, or a cut character at the very end: one byte is unreadable.
                    output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    replaced += 1
                    inPointer = inPointer.map { $0 + 1 }
                    inLeft -= 1
                    iconv(converter, nil, nil, nil, nil)  // back to the initial shift state
                }
            }
        }
    }
}
