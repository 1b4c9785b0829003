import Foundation
import FremontTestSupport
import Testing
@testable import FremontCore

/// Every real feed against what Python's feedparser (a mature, forgiving reader) reads from it:
/// the fixture is the output of Tests/Tools/feedparser_reference.py, committed.
@Suite(.needsSharedData) struct FeedReferenceTests {
    struct Reference: Decodable {
        var feeds: [String: ReferenceFeed]
    }

    struct ReferenceFeed: Decodable {
        var bozo: Bool
        var title: String?
        var link: String?
        var items: [ReferenceItem]
    }

    struct ReferenceItem: Decodable {
        var title: String?
        var link: String?
        var published: String?
        var updated: String?
    }

    static let reference: Reference = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/feedparser-reference.json")
        return try! JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    }()

    static let realFeeds: [String] = {
        (try? FileManager.default.contentsOfDirectory(atPath: SharedData.path("feeds/real")))?.sorted() ?? []
    }()

    @Test func theFixtureCoversEveryRealFeed() {
        #expect(Self.realFeeds.count == 19)
        #expect(Set(Self.reference.feeds.keys) == Set(Self.realFeeds))
    }

    @Test(arguments: realFeeds)
    func sameItemsTitlesLinksAndInstantsAsFeedparser(file: String) throws {
        let expected = try #require(Self.reference.feeds[file])
        let result = try FeedParser.parse(.file(SharedData.path("feeds/real/\(file)")))
        let items = result.feed.items

        #expect(items.count == expected.items.count)
        #expect(collapsed(result.feed.title) == plain(expected.title))
        for (item, reference) in zip(items, expected.items) {
            // feedparser keeps the markup of Atom type="html" titles (Google Alerts' <b>); a title
            // here is plain text, so the reference is compared with its tags taken out.
            // Both sides with runs of whitespace collapsed (bold.dk's titles have double spaces).
            #expect(collapsed(item.title) == plain(reference.title), "\(file): title")
            // feedparser leaves a link relative when it has no address for the document; here
            // the feed's self link serves as its address, so a relative link comes back absolute.
            let link = reference.link ?? ""
            if link.hasPrefix("/"), let selfLink = result.feed.items.isEmpty ? nil : URL(string: link, relativeTo: URL(string: "http://intertwingly.net/blog/index.atom")) {
                #expect(file == "node-feedparser__intertwingly.atom", "\(file): a relative link, and no test of how it resolves")
                #expect(item.link == selfLink.absoluteString, "\(file): link of '\(item.title)'")
            } else {
                #expect(item.link == link, "\(file): link of '\(item.title)'")
            }
            // feedparser fills `updated` from `published` and maps dc:date to `updated`; here
            // dc:date is the publication date. The instant an item is dated by must agree.
            let instant = (item.published ?? item.updated).map(InternetDate.format)
            #expect(instant == (reference.published ?? reference.updated), "\(file): date of '\(item.title)'")
        }
        // Where feedparser had to forgive the document (bozo), so must we, and say so.
        if expected.bozo { #expect(!result.warnings.isEmpty, "\(file): repaired without a warning") }
    }

    /// Tags out, entities decoded, whitespace collapsed: what a title looks like as text.
    private func plain(_ text: String?) -> String {
        guard let text else { return "" }
        var result = text.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
        for (entity, character) in [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'")] {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        return collapsed(result)
    }

    private func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
