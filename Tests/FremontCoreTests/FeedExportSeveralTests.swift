import Testing
@testable import FremontCore

/// `fremont feed` with several sources, in process: text feeds a blank line apart, JSON ones an
/// array, and a feed that failed left out without a stray separator.
@Suite struct FeedExportSeveralTests {
    static let feeds = ["a": Feed(format: .rss2, title: "A"), "c": Feed(format: .atom10, title: "C")]

    func written(_ sources: [String], as format: FeedExport.Format) -> String {
        var text = ""
        FeedExport.writeEach(sources, as: format, feed: { Self.feeds[$0] }) { text += $0 }
        return text
    }

    func alone(_ name: String, as format: FeedExport.Format) -> String {
        var text = ""
        FeedExport.write(Self.feeds[name]!, as: format) { text += $0 }
        return text
    }

    @Test func severalInJSONAreAnArrayWithoutTheOneThatFailed() {
        #expect(written(["a", "b", "c"], as: .json) == "[" + alone("a", as: .json) + "," + alone("c", as: .json) + "]\n")
        #expect(written(["b", "a"], as: .json) == "[" + alone("a", as: .json) + "]\n")
        #expect(written(["b", "x"], as: .json) == "[]\n")
    }

    @Test func oneInJSONIsTheFeedAlone() {
        #expect(written(["a"], as: .json) == alone("a", as: .json))
        #expect(written(["b"], as: .json) == "")
    }

    @Test func severalInTextAreABlankLineApart() {
        #expect(written(["a", "b", "c"], as: .text) == alone("a", as: .text) + "\n" + alone("c", as: .text))
    }
}
