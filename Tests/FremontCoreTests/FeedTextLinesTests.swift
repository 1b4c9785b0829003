import Foundation
import Testing
@testable import FremontCore

/// The text export's summary lines, found without splitting the whole text, are the lines the
/// Foundation way gave: split at line feeds, trimmed of spaces and tabs, blank ones dropped.
@Suite struct FeedTextLinesTests {
    private func foundationWay(_ text: String, _ count: Int) -> ([String], Bool) {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return (Array(lines.prefix(count)), lines.count > count)
    }

    @Test(arguments: [
        "", "\n\n", "one", "  one  \n\ttwo\t\n\n three \nfour\nfive", "a\n\u{A0}b\u{2003}\nc\r\nd\n\n\ne\nf",
        " \u{301}x\n\u{3000}wide\u{3000}\nline\u{2028}sep\n", "😀 \n  \n👨‍👩‍👧 family \nlast",
    ])
    func sameAsFoundation(_ text: String) {
        for count in [0, 1, 4] {
            let (lines, more) = FeedExport.leadingLines(text, count)
            let (expected, expectedMore) = foundationWay(text, count)
            #expect(lines.map(String.init) == expected, "\(text.debugDescription) \(count)")
            #expect(more == expectedMore, "\(text.debugDescription) \(count)")
        }
    }
}
