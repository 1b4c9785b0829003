import Foundation
import Testing
@testable import FremontCore

/// `JSONText.string` works on bytes now; it writes what the scalar-by-scalar version wrote.
@Suite struct JSONTextTests {
    private func scalarByScalar(_ text: String) -> String {
        var result = "\""
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

    @Test func sameAsScalarByScalar() {
        var samples = ["", "plain", "q\"uote\\back", "tab\tcr\rlf\n", "\u{1B}[2Jesc\u{7F}del\u{0}",
                       "é ü 日本 😀 👨‍👩‍👧", "\u{85}\u{9B}c1", "\u{202E}bidi\u{2066}\u{2069}", "\u{2028}\u{2029}", "\u{FEFF}bom\u{200B}",
                       "arabic letter mark \u{061C} and \u{0618}\u{061D}", "\u{200E}\u{200F}\u{202A}\u{202D}", "end\u{9F}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<Int.random(in: 0...30, using: &generator) {
                let ranges: [ClosedRange<UInt32>] = [0...0x7F, 0x80...0x7FF, 0x800...0xFFFF, 0x10000...0x10FFFF, 0x2000...0x2070, 0x80...0xA0, 0x0600...0x0620]
                let range = ranges.randomElement(using: &generator)!
                if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &generator)) { text.unicodeScalars.append(scalar) }
            }
            samples.append(text)
        }
        for text in samples {
            #expect(JSONText.string(text) == scalarByScalar(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
