/// A window title as a terminal may be sent it: one line of printable text, bounded. A title
/// is written inside an escape sequence (OSC 2), so a control character in it (an ESC, a BEL)
/// would end the sequence early and the rest would reach the terminal as commands.
public enum TerminalTitle {
    public static let maximumLength = 200

    public static func safe(_ title: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in title.unicodeScalars where kept.count < maximumLength {
            let value = scalar.value
            // C0, DEL and C1 controls, and the line and paragraph separators.
            if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 { continue }
            kept.append(scalar)
        }
        return String(kept)
    }

    /// The escape sequence that sets the title to `title` (made safe).
    public static func sequence(_ title: String) -> String {
        "\u{1B}]2;\(safe(title))\u{07}"
    }
}
