import Foundation
import Glibc
import Testing
@testable import FremontCore

/// A pattern is matched through its anchored search form, `^.*(pattern)`: glibc tries an
/// unanchored pattern from every position (quadratic: `[a-z]+b` on a 50,000-letter title took
/// 26 s), an anchored one in one pass. The form must find exactly what the pattern finds.
@Suite struct RegexSearchFormTests {
    @Test func aLongTitleIsMatchedInLinearTime() throws {
        let rule = try POSIXRegex("[a-z]+b")
        let titles = (0..<20).map { String(repeating: "a", count: 50_000 + $0) }
        let elapsed = ContinuousClock().measure {
            for title in titles { #expect(!rule.matches(title)) }
        }
        #expect(elapsed < .seconds(1), "\(elapsed)")
        #expect(rule.matches(String(repeating: "a", count: 50_000) + "b"))
    }

    @Test(arguments: [("^a", "^.*(\\`a)"), ("a)b", "^.*(a\\)b)"), ("(a)|b)", "^.*((a)|b\\))"), ("[)^]x", "^.*([)^]x)"),
                      ("[]^)]", "^.*([]^)])"), ("[[:alpha:]^]", "^.*([[:alpha:]^])"), ("\\^\\)", "^.*(\\^\\))"), ("", "^.*()")])
    func theFormKeepsWhatIsLiteral(_ pattern: String, _ form: String) {
        #expect(POSIXRegex.searchForm(pattern) == form)
    }

    /// `^` means the start of the text (no REG_NEWLINE), also after a line break the form's `.*` crossed.
    @Test func aCaretIsTheStartOfTheTextAlone() throws {
        let long = String(repeating: " ", count: POSIXRegex.shortText)
        #expect(try POSIXRegex("^c").matches(long + "b\nc") == false)
        #expect(try POSIXRegex("c$").matches(long + "b\nc"))
        #expect(try POSIXRegex("^b").matches("b\nc"))
        #expect(try !POSIXRegex("^c").matches("b\nc"))
        #expect(try !POSIXRegex("a|^c").matches("b\nc"))
        #expect(try POSIXRegex("x|^b").matches("b\nc"))
        #expect(try POSIXRegex("c$").matches("b\nc"))
        #expect(try !POSIXRegex("b$").matches("b\nc"))
        #expect(try POSIXRegex("b.c").matches("b\nc"))
    }

    /// Random patterns over the language's pieces, matched plainly by regexec and through the
    /// form, on random short texts: the same answer every time. (A `^` after something that
    /// takes characters is left out: glibc's own plain answer there depends on where it
    /// started trying.)
    @Test func theFormFindsWhatThePatternFinds() throws {
        let pieces = ["a", "b", "$", ".", "*", "+", "?", "|", "(", ")", "[ab]", "[^a]", "{2}", "{1,3}", "\\<", "\\>", "\\b",
                      "\\w", "x", "\\.", "ä", "É", "[]^a]", "\\^", "\\)", "[[:upper:]]", " "]
        let letters = ["a", "b", "\n", " ", "x", "ä", "Ä", "é", "^", ")", "."]
        var random = SystemRandomNumberGenerator()
        var compared = 0
        for _ in 0..<3_000 {
            var pattern = Bool.random(using: &random) ? "" : "^"
            for _ in 0..<Int.random(in: 1...6, using: &random) { pattern += pieces.randomElement(using: &random)! }
            guard let plain = PlainRegex(pattern), let rule = try? POSIXRegex(pattern) else { continue }
            for _ in 0..<10 {
                let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in letters.randomElement(using: &random)! }.joined()
                #expect(plain.matches(text) == rule.matchesBySearchForm(text), "\(pattern) on \(text.debugDescription)")
                compared += 1
            }
        }
        #expect(compared > 10_000)
    }

    /// regexec on the pattern as written, in the same locale.
    private final class PlainRegex {
        private var compiled = regex_t()
        private nonisolated(unsafe) static let locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)

        init?(_ pattern: String) {
            let previous = uselocale(Self.locale)
            defer { uselocale(previous) }
            guard PatternBudget.refusal(pattern) == nil, regcomp(&compiled, pattern, REG_EXTENDED | REG_ICASE | REG_NOSUB) == 0 else { return nil }
        }

        deinit { regfree(&compiled) }

        func matches(_ text: String) -> Bool {
            let previous = uselocale(Self.locale)
            defer { uselocale(previous) }
            return regexec(&compiled, text, 0, nil, 0) == 0
        }
    }
}
