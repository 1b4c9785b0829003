import Foundation

/// JSON literals written by hand: key order as documented, and output that is safe to print
/// (controls, DEL, C1 and bidi overrides escaped as \u, so JSON on a terminal cannot drive it).
public enum JSONText {
    public static func string(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if TerminalSafeText.isUnsafe(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    result += String(format: "\\u%04x", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    public static func date(_ date: Date?) -> String {
        date.map { "\"\(InternetDate.format($0))\"" } ?? "null"
    }
}
