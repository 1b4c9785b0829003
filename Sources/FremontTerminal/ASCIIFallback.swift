import Foundation

/// What a cell shows on a terminal whose locale is not UTF-8 (`LANG=C`), where curses cannot
/// write anything but ASCII: every mark the screens draw has an ASCII stand-in that keeps it
/// apart from the others (unread `●` is newsboat's `N`, a star `*`, the directions `^` `v`),
/// the lines and bars of charts and tables become `- | + #`, an accented letter its base letter,
/// anything else `?`.
enum ASCIIFallback {
    static func glyph(_ text: String) -> String {
        guard let scalar = text.unicodeScalars.first, !text.unicodeScalars.allSatisfy(\.isASCII) else { return text }
        if let mark = marks[scalar] { return mark }
        switch scalar.value {
        case 0x2800: return " "                    // an empty braille cell
        case 0x2801...0x28FF: return "."           // a chart's dots
        case 0x2500...0x257F: return line(scalar)  // box drawing
        case 0x2580...0x259F: return "#"           // blocks: bars, shades
        default:
            // An accented letter: its letter.
            let base = text.applyingTransform(.stripDiacritics, reverse: false) ?? text
            if let first = base.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic { return String(first) }
            return "?"
        }
    }

    private static func line(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D: "-"
        case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F: "|"
        default: "+"
        }
    }

    private static let marks: [Unicode.Scalar: String] = [
        "●": "N", "•": "*", "★": "*", "☆": "*", "▲": "^", "▼": "v", "▸": ">", "▶": ">", "◀": "<", "←": "<", "→": ">",
        "↑": "^", "↓": "v", "…": "~", "—": "-", "–": "-", "·": ".", "✗": "x", "✓": "v", "½": "h", "°": "o", "�": "?",
        "\u{00A0}": " ", "“": "\"", "”": "\"", "‘": "'", "’": "'", "×": "x", "⏵": ">", "⟩": ">", "⟨": "<",
    ]
}
