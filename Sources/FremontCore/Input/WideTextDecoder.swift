/// Turns UTF-16 or UTF-32 bytes into UTF-8 chunk by chunk (a code unit or a surrogate pair may
/// straddle two chunks). Broken sequences become U+FFFD instead of reaching libxml2, whose own
/// UTF-16 reader dereferences a null pointer on an unpaired surrogate (found by fuzzing:
/// `FE FF DA AE AE AE`) and which cannot read UTF-32 at all.
struct WideTextDecoder {
    let form: XMLDeclaration.WideForm
    private var leftover: [UInt8] = []
    private var highSurrogate: UInt16?
    private var atStart = true

    init(_ form: XMLDeclaration.WideForm) {
        self.form = form
    }

    /// Decodes `bytes` (with the bytes left over from the last call) and appends UTF-8 to
    /// `output`. `final` flushes what is left: a cut-off unit or a lone high surrogate.
    mutating func decode(_ bytes: UnsafeRawBufferPointer, into output: inout [UInt8], final: Bool) {
        var input = leftover
        input.append(contentsOf: bytes)
        leftover.removeAll(keepingCapacity: true)
        let width: Int
        switch form {
        case .utf16: width = 2
        case .utf32: width = 4
        }
        var index = 0
        if atStart, input.count >= width {
            atStart = false
            if unit(input, at: 0, width: width) == 0xFEFF { index = width }
        }
        while index + width <= input.count {
            let value = unit(input, at: index, width: width)
            index += width
            if width == 4 {
                append(Unicode.Scalar(value), to: &output)
            } else {
                decodeUTF16(UInt16(value), into: &output)
            }
        }
        leftover = Array(input[index...])
        if final {
            if highSurrogate != nil { highSurrogate = nil; append(nil, to: &output) }
            if !leftover.isEmpty { leftover.removeAll(); append(nil, to: &output) }
        }
    }

    private mutating func decodeUTF16(_ unit: UInt16, into output: inout [UInt8]) {
        switch unit {
        case 0xD800...0xDBFF:
            if highSurrogate != nil { append(nil, to: &output) }
            highSurrogate = unit
        case 0xDC00...0xDFFF:
            if let high = highSurrogate {
                highSurrogate = nil
                let value = 0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(unit) - 0xDC00)
                append(Unicode.Scalar(value), to: &output)
            } else {
                append(nil, to: &output)
            }
        default:
            if highSurrogate != nil { highSurrogate = nil; append(nil, to: &output) }
            append(Unicode.Scalar(UInt32(unit)), to: &output)
        }
    }

    private func append(_ scalar: Unicode.Scalar?, to output: inout [UInt8]) {
        let character = scalar ?? "\u{FFFD}"
        UTF8.encode(character) { output.append($0) }
    }

    private func unit(_ bytes: [UInt8], at index: Int, width: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<width {
            let byte = UInt32(bytes[index + (form.isBigEndian ? offset : width - 1 - offset)])
            value = value << 8 | byte
        }
        return value
    }

    /// A whole document at once.
    static func decode(_ bytes: [UInt8], _ form: XMLDeclaration.WideForm) -> [UInt8] {
        var decoder = WideTextDecoder(form)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        bytes.withUnsafeBytes { decoder.decode($0, into: &output, final: true) }
        return output
    }
}
