import Foundation
import FremontTestSupport
import Testing
import FremontCore
@testable import FremontSources

@Suite struct FeedListTests {
    static let sample = """
        # My feeds
        https://xkcd.com/rss.xml comics "~xkcd"

        \t# indented comment
        https://lwn.net/headlines/rss linux news
        "https://example.org/a feed" "two words" "~A \\"quoted\\" title"
        http://example.com/rss\r

        """

    @Test func readsURLsTagsTitlesAndComments() {
        let list = FeedList(parsing: Self.sample)
        #expect(list.warnings.isEmpty)
        #expect(list.entries == [
            FeedListEntry(url: "https://xkcd.com/rss.xml", title: "xkcd", tags: ["comics"]),
            FeedListEntry(url: "https://lwn.net/headlines/rss", tags: ["linux", "news"]),
            FeedListEntry(url: "https://example.org/a feed", title: "A \"quoted\" title", tags: ["two words"]),
            FeedListEntry(url: "http://example.com/rss"),
        ])
    }

    @Test func writingKeepsCommentsOrderAndUntouchedLines() {
        var list = FeedList(parsing: Self.sample)
        // Byte for byte, the CRLF line too.
        #expect(list.text == Self.sample)
        let added = list.add(FeedListEntry(url: "https://new.example/feed", title: "New, \"one\"", tags: ["a b", "c"]))
        let again = list.add(FeedListEntry(url: "https://xkcd.com/rss.xml"))
        let removed = list.remove(url: "https://lwn.net/headlines/rss")
        let missing = list.remove(url: "https://missing.example/")
        #expect(added && !again)
        #expect(removed?.tags == ["linux", "news"])
        #expect(missing == nil)
        let text = list.text
        #expect(text.hasPrefix("# My feeds\nhttps://xkcd.com/rss.xml comics \"~xkcd\"\n\n\t# indented comment\n\"https://example.org/a feed\""))
        #expect(text.hasSuffix("https://new.example/feed \"a b\" c \"~New, \\\"one\\\"\"\n"))
        // What was written reads back as the same list.
        let reread = FeedList(parsing: text)
        #expect(reread.entries == list.entries)
        #expect(reread.warnings.isEmpty)
    }

    @Test func badLinesAreWarnedByLineAndKept() {
        let text = """
            https://ok.example/feed
            not-a-url tag
            ftp://files.example/feed.xml
            https://ok.example/feed again
            https://open.example/feed "~unclosed
            "query:Unread Articles:unread = \\"yes\\"" important
            "exec:~/bin/my-feed"
            filter:~/bin/clean:https://example.org/feed
            "query:Broken:title = glow"
            "query:no expression"
            """
        let list = FeedList(parsing: text)
        #expect(list.entries == [FeedListEntry(url: "https://ok.example/feed")])
        #expect(list.warnings.map(\.description) == [
            "line 2: not a feed address (http or https): 'not-a-url': line ignored",
            "line 3: not a feed address (http or https): 'ftp://files.example/feed.xml': line ignored",
            "line 4: 'https://ok.example/feed' is already on line 1: line ignored",
            "line 5:27: a quote opened here is never closed: line ignored",
            "line 7: newsboat's exec: feeds are not supported yet: line ignored",
            "line 8: newsboat's filter: feeds are not supported yet: line ignored",
            "line 9: query feed 'Broken': Parse error at position 8: expected one of: quoted string, range, number: line ignored",
            "line 10: a query feed is \"query:Name:expression\": line ignored",
        ])
        // A query feed: its name, its expression read, its tags.
        #expect(list.queries.map(\.name) == ["Unread Articles"] && list.queries[0].tags == ["important"])
        #expect(list.queries[0].expression == (try? FilterExpression(parsing: "unread = \"yes\"")))
        // Bad lines are a person's to fix: writing the list back keeps them.
        #expect(list.text == text + "\n")
    }

    @Test func fileRoundTripCreatesTheFolderAndMissingIsNil() throws {
        let directory = try TestHome()
        let url = directory.root.appendingPathComponent("fremont/feeds")
        #expect(try FeedList.load(from: url) == nil)
        var list = FeedList()
        list.add(FeedListEntry(url: "https://xkcd.com/rss.xml", title: "xkcd", tags: ["comics"]))
        try list.save(to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "https://xkcd.com/rss.xml comics \"~xkcd\"\n")
        #expect(try FeedList.load(from: url)?.entries == list.entries)
    }

    @Test func directoriesFollowXDGAndIgnoreRelativePaths() {
        let set = FremontDirectories(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "/x/config", "XDG_CACHE_HOME": "/x/cache"])
        #expect(set.feedList.path == "/x/config/fremont/feeds")
        #expect(set.cacheDatabase.path == "/x/cache/fremont/cache.sqlite")
        let unset = FremontDirectories(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "relative"])
        #expect(unset.feedList.path == "/home/u/.config/fremont/feeds")
        #expect(unset.cacheDatabase.path == "/home/u/.cache/fremont/cache.sqlite")
    }
}

@Suite struct FeedListLongLineTests {
    /// A hand-edited or generated line with 200,000 tags (half of them repeats) reads whole.
    @Test func twoHundredThousandTags() {
        let tags = (0..<200_000).map { "t\($0 % 100_000)" }.joined(separator: " ")
        let list = FeedList(parsing: "https://example.org/rss \(tags) \"~T\"\n")
        #expect(list.entries.first?.tags.count == 100_000)
        #expect(list.entries.first?.title == "T")
    }
}
