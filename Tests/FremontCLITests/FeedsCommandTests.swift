import Foundation
import FremontTestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite struct FeedsCommandTests {
    @Test func addListRemove() async throws {
        let home = try TestHome()
        let empty = try await home.run("feeds", "list")
        #expect(empty.status == 0)
        #expect(empty.output == "")
        #expect(empty.errors == "fremont: no feeds in \(home.feedList.path) yet; add one with 'fremont feeds add URL'\n")

        let added = try await home.run("feeds", "add", "https://xkcd.com/rss.xml", "--title", "xkcd", "--tag", "comics", "--tag", "fun")
        #expect(added.status == 0)
        #expect(added.output == "added https://xkcd.com/rss.xml (1 feed in \(home.feedList.path))\n")
        #expect(try await home.run("feeds", "add", "https://lwn.net/headlines/rss").status == 0)
        #expect(try String(contentsOf: home.feedList, encoding: .utf8)
            == "https://xkcd.com/rss.xml comics fun \"~xkcd\"\nhttps://lwn.net/headlines/rss\n")

        let twice = try await home.run("feeds", "add", "https://lwn.net/headlines/rss")
        #expect(twice.status == 1)
        #expect(twice.errors == "fremont: https://lwn.net/headlines/rss is already in \(home.feedList.path)\n")
        let notAnAddress = try await home.run("feeds", "add", "feed.xml")
        #expect(notAnAddress.status != 0)
        #expect(notAnAddress.errors.hasPrefix("Error: 'feed.xml' is not an http or https address."))

        // `feeds` alone lists.
        for arguments in [["feeds", "list"], ["feeds"]] {
            let list = try await Fremont.run(arguments: arguments, environment: home.environment)
            #expect(list.output == "https://xkcd.com/rss.xml  xkcd  (comics, fun)\nhttps://lwn.net/headlines/rss\n")
        }

        let removed = try await home.run("feeds", "remove", "https://xkcd.com/rss.xml")
        #expect(removed.output == "removed https://xkcd.com/rss.xml (1 feed left)\n")
        let missing = try await home.run("feeds", "remove", "https://xkcd.com/rss.xml")
        #expect(missing.status == 1)
        #expect(missing.errors == "fremont: https://xkcd.com/rss.xml is not in \(home.feedList.path)\n")
        #expect(try await home.run("feeds", "list").output == "https://lwn.net/headlines/rss\n")
    }

    @Test func aHandEditedListKeepsItsCommentsAndBadLinesAreWarned() async throws {
        let home = try TestHome()
        try FileManager.default.createDirectory(at: home.feedList.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "# news\nhttps://lwn.net/headlines/rss linux\nnot a feed\n".write(to: home.feedList, atomically: true, encoding: .utf8)
        let list = try await home.run("feeds", "list")
        #expect(list.output == "https://lwn.net/headlines/rss  (linux)\n")
        #expect(list.errors == "\(home.feedList.path):3: warning: not a feed address (http or https): 'not': line ignored\n")
        _ = try await home.run("feeds", "add", "https://xkcd.com/rss.xml")
        #expect(try String(contentsOf: home.feedList, encoding: .utf8)
            == "# news\nhttps://lwn.net/headlines/rss linux\nnot a feed\nhttps://xkcd.com/rss.xml\n")
    }

    @Test func importThenExportRoundTrips() async throws {
        let home = try TestHome()
        let opml = home.root.appendingPathComponent("subs.opml")
        try """
            <?xml version="1.0"?>
            <opml version="1.1"><head><title>Mine</title></head><body>
              <outline text="Tech"><outline text="Linux">
                <outline text="LWN &amp; more" type="rss" xmlUrl="https://lwn.net/headlines/rss"/>
              </outline></outline>
              <outline text="xkcd" type="rss" xmlUrl="https://xkcd.com/rss.xml"/>
              <outline text="xkcd again" type="rss" xmlUrl="https://xkcd.com/rss.xml"/>
            </body></opml>
            """.write(to: opml, atomically: true, encoding: .utf8)
        _ = try await home.run("feeds", "add", "https://xkcd.com/rss.xml")
        let imported = try await home.run("feeds", "import", opml.path)
        #expect(imported.status == 0)
        #expect(imported.output == "imported 1 feed from \(opml.path) (1 already listed)\n")
        #expect(try await home.run("feeds", "list").output
            == "https://xkcd.com/rss.xml\nhttps://lwn.net/headlines/rss  LWN & more  (Tech, Linux)\n")

        let exported = try await home.run("feeds", "export")
        #expect(exported.status == 0)
        #expect(exported.output.contains("<outline type=\"rss\" text=\"LWN &amp; more\" title=\"LWN &amp; more\" xmlUrl=\"https://lwn.net/headlines/rss\" category=\"Tech,Linux\"/>"))
        // Valid XML, and another list imports it back to the same feeds.
        _ = try XMLDocumentCheck.parse(exported.output)
        let other = try TestHome()
        let file = other.root.appendingPathComponent("export.opml")
        try exported.output.write(to: file, atomically: true, encoding: .utf8)
        _ = try await other.run("feeds", "import", file.path)
        #expect(try await other.run("feeds", "list").output == (try await home.run("feeds", "list").output))

        let broken = try await home.run("feeds", "import", "/nonexistent/subs.opml")
        #expect(broken.status == 1)
        #expect(broken.errors.hasPrefix("fremont: /nonexistent/subs.opml: cannot open"))
    }
}

/// Parses with XMLParser to show that a text is well-formed XML.
enum XMLDocumentCheck {
    struct NotWellFormed: Error {}

    static func parse(_ text: String) throws -> Bool {
        #if canImport(FoundationXML)
        let parser = FoundationXML.XMLParser(data: Data(text.utf8))
        #else
        let parser = XMLParser(data: Data(text.utf8))
        #endif
        guard parser.parse() else { throw NotWellFormed() }
        return true
    }
}
