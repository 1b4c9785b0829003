import Foundation
import Testing
@testable import FremontCore

/// Patterns are refused before `regcomp` sees them when they would cost gigabytes (nested counts)
/// or minutes (back-references): at once, with the reason; ordinary ones compile as before.
@Suite struct PatternBudgetTests {
    @Test(arguments: ["((a{1,100}){1,100}){1,100}", "(a{1,255}){1,255}", "a{1,1000}", "(a*)*\\1b", "(x)\\2", String(repeating: "a", count: 1_001)])
    func costlyPatternsAreRefusedAtOnce(_ pattern: String) {
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(throws: FilterEvaluationError.self) { _ = try POSIXRegex(pattern) }
        }
        #expect(elapsed < .milliseconds(100), "\(pattern)")
        #expect(PatternBudget.refusal(pattern) != nil)
    }

    @Test(arguments: ["swift|rust", "^sponsored", "a{1,30}", "(ab){2,5}c", "[[:alpha:]]+ [0-9]{4}", "[\\1]x", "colou?r", "\\.(mp3|ogg)$",
                      "x{,3}", "a{2}"])
    func ordinaryPatternsCompile(_ pattern: String) throws {
        #expect(PatternBudget.refusal(pattern) == nil, "\(pattern)")
        _ = try POSIXRegex(pattern)
    }

    @Test func aCompiledPatternIsKeptAndARefusalSaysWhy() throws {
        let first = try POSIXRegex.compiled("^keep me$")
        #expect(try POSIXRegex.compiled("^keep me$") === first)
        do {
            _ = try POSIXRegex.compiled("((a{1,100}){1,100}){1,100}")
            Issue.record("a nested count compiled")
        } catch {
            #expect("\(error)".contains("too complex"), "\(error)")
        }
        // The worst pattern the budget allows matches a 50,000-letter title quickly.
        let worst = try POSIXRegex("(a|b){1,200}(a|b){1,200}c")
        let title = String(repeating: "a", count: 50_000)
        let elapsed = ContinuousClock().measure { _ = worst.matches(title) }
        #expect(elapsed < .seconds(5), "\(elapsed)")
    }
}
