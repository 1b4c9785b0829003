/// Makes untrusted text harmless for a terminal: no escape sequences, no control characters that
/// move the cursor or retitle the window, no bidi overrides that reorder what the reader sees,
/// and no prepended concatenation marks, which join the character after them into one grapheme
/// that terminals draw apart (or not at all), so what follows them could be hidden.
public enum TerminalSafeText {
    /// Removes C0 controls (except newline and tab), DEL, C1 controls, bidi controls and
    /// prepended concatenation marks.
    /// Carriage returns become newlines only as part of CRLF; a lone CR is removed.
    public static func sanitize(_ text: String) -> String {
        guard mayHoldUnsafe(text, keepingLineBreaks: true),
              text.unicodeScalars.contains(where: { isUnsafe($0) && $0 != "\n" && $0 != "\t" }) else {
            return text
        }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where scalar == "\n" || scalar == "\t" || !isUnsafe(scalar) {
            result.append(scalar)
        }
        return String(result)
    }

    /// For one-line places (messages, titles, table cells): like `sanitize`, with newlines and tabs
    /// turned into single spaces.
    public static func singleLine(_ text: String) -> String {
        guard mayHoldUnsafe(text, keepingLineBreaks: false), text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" || scalar == "\r" {
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
            } else if !isUnsafe(scalar) {
                result.append(scalar)
                lastWasSpace = scalar == " "
            }
        }
        return String(result)
    }

    /// False when no byte of `text` can begin an unsafe scalar: a control (but newline and tab
    /// when they are kept), DEL, or a lead byte of the others (see `unsafeLeadBytes`). A byte
    /// scan, so the common clean text costs no decoding.
    static func mayHoldUnsafe(_ text: String, keepingLineBreaks: Bool) -> Bool {
        let table = keepingLineBreaks ? unsafeLeadBytesKeepingLineBreaks : unsafeLeadBytes
        let clean = text.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { table[Int($0)] }
        }
        return clean.map { !$0 } ?? true
    }

    /// The bytes that can start a scalar `isUnsafe` is true for: C0 controls, DEL, and the lead
    /// bytes of C1 controls (C2), U+0600–U+0605 and U+061C (D8), U+06DD (DB), U+070F (DC),
    /// U+0890–U+0891 and U+08E2 (E0), the bidi marks (E2), U+110BD and U+110CD (F0).
    static let unsafeLeadBytes: [Bool] = (0...255).map { byte in
        byte < 0x20 || byte == 0x7F || [0xC2, 0xD8, 0xDB, 0xDC, 0xE0, 0xE2, 0xF0].contains(byte)
    }
    private static let unsafeLeadBytesKeepingLineBreaks: [Bool] = (0...255).map { byte in
        unsafeLeadBytes[byte] && byte != 0x0A && byte != 0x09
    }

    /// True for every scalar that must not reach a terminal raw (newline and tab included; callers
    /// decide whether to keep those): controls, bidi controls, and the prepended concatenation
    /// marks (Unicode's Prepended_Concatenation_Mark: the Arabic number signs, the Syriac
    /// abbreviation mark, the Kaithi number signs).
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x110BD, 0x110CD: return true
        default: return false
        }
    }
}
