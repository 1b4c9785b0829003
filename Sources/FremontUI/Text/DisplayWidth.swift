/// How many terminal columns text takes, as terminals count them: glibc's `wcwidth` for each
/// character (2 for East Asian wide and fullwidth ones, 0 for combining marks, joiners and other
/// zero-width ones, 1 otherwise), summed over a grapheme cluster, so a Khmer or Devanagari vowel
/// sign that wcwidth gives a column takes one; and 2 for an emoji shown as one picture (a
/// presentation selector, a joined sequence, a flag, a skin tone). Controls, bidi controls and
/// prepended concatenation marks never reach the screen: 0. A tab is 1: the screen buffer draws
/// it as a space. Text is measured a grapheme cluster at a time; the fast paths give the same sums.
public enum DisplayWidth {
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first == "\t" { return 1 }
        // One scalar (nearly every character): no picture, no prepend, its own width.
        if scalars.index(after: scalars.startIndex) == scalars.endIndex {
            return TerminalSafeTextCheck.isUnsafe(first) ? 0 : of(scalar: first)
        }
        if isPicture(scalars) { return 2 }
        if let split = pictureAfterPrepend(scalars) { return split.lead.reduce(0) { $0 + width(of: $1) } + of(split.rest) }
        var total = 0
        for scalar in scalars where !TerminalSafeTextCheck.isUnsafe(scalar) { total += of(scalar: scalar) }
        return total
    }

    /// The cells a grapheme cluster takes on screen, as a terminal advances over it: an emoji
    /// picture is one cell two columns wide; otherwise each character wcwidth gives columns
    /// starts a cell, and the zero-width ones after it (combining marks, joiners) join that cell,
    /// so `कि` is two cells, `क` and `ि`, as a terminal draws it. Unsafe scalars are left out, and
    /// zero-width ones with no character before them in the cluster. A tab is a space.
    static func cells(of character: Character) -> [(glyph: String, columns: Int)] {
        let scalars = character.unicodeScalars
        if character == "\t" { return [(" ", 1)] }
        if isPicture(scalars) {
            return [(String(String.UnicodeScalarView(scalars.filter { !TerminalSafeTextCheck.isUnsafe($0) })), 2)]
        }
        if let split = pictureAfterPrepend(scalars) {
            let lead = split.lead.filter { !TerminalSafeTextCheck.isUnsafe($0) && width(of: $0) > 0 }.map { (String($0), width(of: $0)) }
            return lead + split.rest.flatMap { Self.cells(of: $0) }
        }
        var cells: [(glyph: String, columns: Int)] = []
        var glyph = String.UnicodeScalarView()
        var columns = 0
        for scalar in scalars where !TerminalSafeTextCheck.isUnsafe(scalar) {
            let width = of(scalar: scalar)
            if width > 0 {
                if columns > 0 { cells.append((String(glyph), columns)) }
                glyph = String.UnicodeScalarView([scalar])
                columns = width
            } else if columns > 0 {
                glyph.append(scalar)
            }
        }
        if columns > 0 { cells.append((String(glyph), columns)) }
        return cells
    }

    /// An emoji that terminals draw as one picture two columns wide, whatever its parts: a
    /// presentation selector (VS16) in it, an emoji joined to another (ZWJ), a flag (a pair of
    /// regional indicators), or a wide emoji and its skin tone.
    private static func isPicture(_ scalars: Character.UnicodeScalarView) -> Bool {
        guard let first = scalars.first, scalars.index(after: scalars.startIndex) != scalars.endIndex else { return false }
        if scalars.contains("\u{FE0F}") || isRegionalIndicator(first.value) { return true }
        if first.properties.isEmoji, scalars.contains("\u{200D}") { return true }
        return of(scalar: first) == 2 && scalars.contains { $0.properties.isEmojiModifier }
    }

    /// A cluster that a prepended character (Malayalam's dot reph, U+0D4E) joins to an emoji:
    /// terminals draw the character, then the picture, so it is measured as the two. Nil for
    /// any other cluster.
    private static func pictureAfterPrepend(_ scalars: Character.UnicodeScalarView) -> (lead: [Unicode.Scalar], rest: String)? {
        guard let first = scalars.first, scalars.index(after: scalars.startIndex) != scalars.endIndex, !first.properties.isEmoji,
              let start = scalars.indices.dropFirst().first(where: {
                  scalars[$0].properties.isEmojiPresentation || isRegionalIndicator(scalars[$0].value)
              }) else { return nil }
        return (Array(scalars[..<start]), String(String.UnicodeScalarView(scalars[start...])))
    }

    private static func width(of scalar: Unicode.Scalar) -> Int { TerminalSafeTextCheck.isUnsafe(scalar) ? 0 : of(scalar: scalar) }

    private static func isRegionalIndicator(_ value: UInt32) -> Bool { (0x1F1E6...0x1F1FF).contains(value) }

    /// Widths of the Basic Multilingual Plane, worked out once: a property lookup per character
    /// was a large part of drawing a frame.
    static let basicPlane: [UInt8] = {
        var table = [UInt8](repeating: 1, count: 0x10000)
        var value = 0
        while value < 0x10000 {
            // A block of one width throughout takes its first character's: no property lookup
            // for each of its 48,000 characters (5 ms of the first frame).
            if let block = uniformBlocks.first(where: { $0.contains(UInt32(value)) }) {
                let width = Unicode.Scalar(block.lowerBound).map { UInt8(computeWidth($0)) } ?? 1
                for index in Int(block.lowerBound)...Int(block.upperBound) { table[index] = width }
                value = Int(block.upperBound) + 1
                continue
            }
            if let scalar = Unicode.Scalar(UInt32(value)) { table[value] = UInt8(computeWidth(scalar)) }
            value += 1
        }
        return table
    }()

    /// Blocks whose characters all have one width (no marks or format characters among them):
    /// CJK ideographs, Yi syllables, Hangul syllables, the surrogates (no characters) and the
    /// private use area. `DisplayWidthTests` checks the table against each character's width.
    private static let uniformBlocks: [ClosedRange<UInt32>] = [
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA48C, 0xAC00...0xD7A3, 0xD800...0xDFFF, 0xE000...0xF8FF,
    ]

    /// The width of a Basic Plane scalar worked out from its properties, as the table would have
    /// it without the uniform blocks (for the test that they are uniform).
    static func computedWidth(_ value: UInt32) -> Int {
        Unicode.Scalar(value).map(computeWidth) ?? 1
    }

    /// wcwidth's answer for a character (0 for controls, which wcwidth calls -1).
    public static func of(scalar: Unicode.Scalar) -> Int {
        scalar.value < 0x10000 ? Int(basicPlane[Int(scalar.value)]) : computeWidth(scalar)
    }

    /// True when every scalar of `text` is one column wide by itself and in the Basic Plane: then
    /// each scalar is one cell, as `cells` would make it (a one-column character never joins a
    /// cell, and no such scalar is part of an emoji picture).
    static func isOneColumnPerScalar(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value < 0x10000 && basicPlane[Int($0.value)] == 1 }
    }

    private static func computeWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return value < 0x20 || (0x7F..<0xA0).contains(value) ? 0 : 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        // Zero-width space, the Hangul medial vowels and final consonants (which join the syllable
        // their initial starts), variation selectors.
        if value == 0x200B || (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value)
            || (0xFE00...0xFE0F).contains(value) {
            return 0
        }
        if isWide(value) { return 2 }
        // Emoji newer than the table are drawn wide too; a regional indicator alone is one column.
        if scalar.properties.isEmojiPresentation && !isRegionalIndicator(value) { return 2 }
        return 1
    }

    public static func of(_ text: some StringProtocol) -> Int {
        // Printable ASCII is one column a byte: no grapheme breaking needed.
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return utf8.count }
        if let string = text as? String, isOneColumnPerScalar(string) { return string.unicodeScalars.count }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges as glibc 2.36's wcwidth has them (Unicode
    /// 14), runs joined across code points unassigned then, and the whole of planes 2 and 3.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x2FFB,
        0x3000...0x3029, 0x302E...0x303E, 0x3041...0x3096, 0x309B...0x31E3, 0x31F0...0xA4C6, 0xA960...0xA97C,
        0xAC00...0xD7A3, 0xF900...0xFAD9, 0xFE10...0xFE19, 0xFE30...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x16FE3, 0x16FF0...0x16FF1, 0x17000...0x187F7, 0x18800...0x18CD5, 0x18D00...0x18D08,
        0x1AFF0...0x1B122, 0x1B150...0x1B152, 0x1B164...0x1B2FB, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF,
        0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C,
        0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4,
        0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E,
        0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F,
        0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DD...0x1F6DF,
        0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945,
        0x1F947...0x1F9FF, 0x1FA70...0x1FA74, 0x1FA78...0x1FA86, 0x1FA90...0x1FAAC, 0x1FAB0...0x1FABA,
        0x1FAC0...0x1FAC5, 0x1FAD0...0x1FAD9, 0x1FAE0...0x1FAE7, 0x1FAF0...0x1FAF6, 0x20000...0x2FFFD,
        0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0, high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound { high = middle - 1 } else if value > range.upperBound { low = middle + 1 } else { return true }
        }
        return false
    }
}

import FremontCore

/// The core's rule for what may reach a terminal, applied per scalar.
enum TerminalSafeTextCheck {
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool { TerminalSafeText.isUnsafe(scalar) }
}
