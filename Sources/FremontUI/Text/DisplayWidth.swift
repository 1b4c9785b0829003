/// How many terminal columns text takes: 2 for East Asian wide and fullwidth characters and for
/// emoji shown as pictures, 0 for combining marks and other zero-width characters (and for
/// controls, which never reach the screen), 1 otherwise. A tab is 1: the screen buffer draws it
/// as a space. Text is measured a grapheme cluster at a time; the fast paths give the same sums.
public enum DisplayWidth {
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value >= 0x20 || first == "\t" ? 1 : 0 }
        if TerminalSafeTextCheck.isUnsafe(first) { return 0 }
        // A variation selector 16 asks for the emoji (wide) presentation.
        if scalars.contains("\u{FE0F}") { return 2 }
        if scalars.count > 1, scalars.contains("\u{200D}") { return 2 }
        return of(scalar: first)
    }

    /// Widths of the Basic Multilingual Plane, worked out once: a property lookup per character
    /// was a large part of drawing a frame. `joins` is added to the width of a scalar that can
    /// share a grapheme cluster with its neighbour (see `isOneColumnPerScalar`).
    static let basicPlane: [UInt8] = (0..<0x10000).map { value in
        guard let scalar = Unicode.Scalar(UInt32(value)) else { return 1 }
        let width = UInt8(computeWidth(scalar))
        return width == 1 && canJoinNeighbour(scalar) ? width | joins : width
    }

    private static let joins: UInt8 = 0x80

    public static func of(scalar: Unicode.Scalar) -> Int {
        scalar.value < 0x10000 ? Int(basicPlane[Int(scalar.value)] & ~joins) : computeWidth(scalar)
    }

    /// True when every scalar of `text` is a character of its own one column wide (no combining
    /// marks, joiners, variation selectors, wide characters, nor the one-column letters that
    /// join a neighbour into one grapheme): then each scalar is one cell.
    static func isOneColumnPerScalar(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value < 0x10000 && basicPlane[Int($0.value)] == 1 && !isPresentationSelector($0) }
    }

    /// One-column scalars that a grapheme cluster can hold beside another: spacing marks (the
    /// vowel signs of Indic scripts, `कि` is one cluster), other extenders that are not marks
    /// (halfwidth kana voicing), the Thai and Lao AM, Hangul jamo, and the prepended letter
    /// U+0D4E. Counted one column a scalar, such text would be wider than cluster by cluster.
    private static func canJoinNeighbour(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0D4E, 0x0E33, 0x0EB3, 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF: return true
        default: return scalar.properties.generalCategory == .spacingMark || scalar.properties.isGraphemeExtend
        }
    }

    private static func isPresentationSelector(_ scalar: Unicode.Scalar) -> Bool {
        (0xFE00...0xFE0F).contains(scalar.value) || scalar.value == 0x200D
    }

    private static func computeWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return value < 0x20 || (0x7F..<0xA0).contains(value) ? 0 : 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200B || value == 0x200D || (0x1160...0x11FF).contains(value) || (0xFE00...0xFE0F).contains(value) { return 0 }
        if isWide(value) { return 2 }
        if scalar.properties.isEmojiPresentation { return 2 }
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

    /// East Asian Wide (W) and Fullwidth (F) ranges, as terminals (and glibc's wcwidth) use them.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
        0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB,
        0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
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
