import Foundation
import Testing
@testable import FremontCore

/// The text export's summary lines, found without splitting the whole text, are the lines the
/// Foundation way gives: split at line feeds, trailing spaces and tabs trimmed, blank ones
/// dropped; leading ones stay (a `<pre>` block's indentation).
@Suite struct FeedTextLinesTests {
    private func foundationWay(_ text: String, _ count: Int) -> ([String], Bool) {
        let lines = text.split(separator: "\n").map { line in
            var scalars = Array(line.unicodeScalars)
            while let last = scalars.last, CharacterSet.whitespaces.contains(last) { scalars.removeLast() }
            return String(String.UnicodeScalarView(scalars))
        }.filter { !$0.unicodeScalars.allSatisfy(CharacterSet.whitespaces.contains) }
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

    @Test func aPreBlockKeepsItsIndentation() throws {
        let item = FeedItem(id: "1", title: "Code", summary: "<p>  Some   text</p><pre>def f():\n    return 1</pre>")
        var text = ""
        FeedExport.write(Feed(format: .rss2, title: "T", items: [item]), as: .text, emit: { text += $0 })
        #expect(text.contains("\n  Some text\n  def f():\n      return 1\n"), "\(text)")
    }
}
