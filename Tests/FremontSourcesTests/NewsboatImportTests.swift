import Foundation
import FremontCore
@testable import FremontSources
import GRDB
import Testing

/// `NewsboatImport` over a newsboat folder made by hand: its `urls`, `config`, and a `cache.db`
/// with newsboat 2.21's own schema (as `newsboat -x reload` creates it).
@Suite struct NewsboatImportTests {
    static let feedA = "http://127.0.0.1:1/a.xml"
    static let feedB = "http://127.0.0.1:1/b.xml"

    /// newsboat 2.21's tables, as `sqlite3 cache.db .schema` prints them.
    static let schema = """
        CREATE TABLE rss_feed (  rssurl VARCHAR(1024) PRIMARY KEY NOT NULL,  url VARCHAR(1024) NOT NULL,  title VARCHAR(1024) NOT NULL , lastmodified INTEGER(11) NOT NULL DEFAULT 0, is_rtl INTEGER(1) NOT NULL DEFAULT 0, etag VARCHAR(128) NOT NULL DEFAULT "");
        CREATE TABLE rss_item (  id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,  guid VARCHAR(64) NOT NULL,  title VARCHAR(1024) NOT NULL,  author VARCHAR(1024) NOT NULL,  url VARCHAR(1024) NOT NULL,  feedurl VARCHAR(1024) NOT NULL,  pubDate INTEGER NOT NULL,  content VARCHAR(65535) NOT NULL, unread INTEGER(1) NOT NULL , enclosure_url VARCHAR(1024), enclosure_type VARCHAR(1024), enqueued INTEGER(1) NOT NULL DEFAULT 0, flags VARCHAR(52), deleted INTEGER(1) NOT NULL DEFAULT 0, base VARCHAR(128) NOT NULL DEFAULT "");
        CREATE TABLE google_replay (  id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,  guid VARCHAR(64) NOT NULL,  state INTEGER NOT NULL,  ts INTEGER NOT NULL );
        CREATE INDEX idx_rssurl ON rss_feed(rssurl);
        CREATE INDEX idx_guid ON rss_item(guid);
        CREATE INDEX idx_feedurl ON rss_item(feedurl);
        CREATE INDEX idx_lastmodified ON rss_feed(lastmodified);
        CREATE INDEX idx_deleted ON rss_item(deleted);
        CREATE TABLE metadata (  db_schema_version_major INTEGER NOT NULL,  db_schema_version_minor INTEGER NOT NULL );
        """

    /// A2 has no guid in its feed: newsboat keys it by its link and the date as the feed wrote it.
    static let a2Link = "http://127.0.0.1:1/a2.html"
    static let a2Date = Date(timeIntervalSince1970: 1_725_357_600)

    final class Folder {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("newsboat-import-\(UUID().uuidString)")
        var newsboat: URL { root.appendingPathComponent("newsboat") }
        var feedList: URL { root.appendingPathComponent("fremont/feeds") }
        var config: URL { root.appendingPathComponent("fremont/config") }
        init() throws { try FileManager.default.createDirectory(at: newsboat, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: root) }
    }

    private func makeNewsboat(_ folder: Folder, config: String = "") throws {
        try Data("""
            \(Self.feedA) news "~Feed A"
            \(Self.feedB) podcasts
            "query:Unread:unread = \\"yes\\"" special
            exec:~/bin/make-feed
            # a comment
            not-an-address
            """.utf8).write(to: folder.newsboat.appendingPathComponent("urls"))
        try Data(config.utf8).write(to: folder.newsboat.appendingPathComponent("config"))
        let queue = try DatabaseQueue(path: folder.newsboat.appendingPathComponent("cache.db").path)
        try queue.write { db in
            try db.execute(sql: Self.schema)
            try db.execute(sql: "INSERT INTO rss_feed (rssurl, url, title) VALUES (?, '', 'Feed A'), (?, '', 'Feed B')",
                           arguments: [Self.feedA, Self.feedB])
            let insert = "INSERT INTO rss_item (guid, title, author, url, feedurl, pubDate, content, unread, flags, deleted) VALUES (?, ?, '', ?, ?, ?, ?, ?, ?, ?)"
            let rows: [[any DatabaseValueConvertible]] = [
                ["a-1", "A one", "", Self.feedA, 1_725_000_000, "", 0, "", 0],
                [Self.a2Link + "Tue, 03 Sep 2024 10:00:00 +0000", "A two", Self.a2Link, Self.feedA, 1_725_357_600, "", 0, "", 0],
                ["a-3", "A three", "", Self.feedA, 1_725_000_000, "", 1, "", 1],
                ["b-1", "B one", "", Self.feedB, 1_725_000_000, "", 0, "", 0],
                ["b-2", "B two", "http://127.0.0.1:1/b2.html", Self.feedB, 1_725_000_000, "<p>Starred <a href=\"http://x/\">text</a></p>", 1, "s", 0],
                ["b-3", "B three", "", Self.feedB, 1_725_000_000, "", 1, "", 1],
                ["c-1", "C one", "", "http://127.0.0.1:1/gone.xml", 1_725_000_000, "", 0, "", 0],
            ]
            for row in rows { try db.execute(sql: insert, arguments: StatementArguments(row)) }
        }
    }

    private func feed(_ ids: [String], links: [String: String] = [:], dates: [String: Date] = [:]) -> Feed {
        var feed = Feed(format: .rss2, title: "feed")
        feed.items = ids.map { FeedItem(id: $0, title: $0, link: links[$0] ?? "", published: dates[$0]) }
        return feed
    }

    @Test func newsboatGuidFallbackMapsToFremontIDs() {
        // link + the feed's date string: fremont's link + "#" + ISO 8601 first, the guid itself after.
        #expect(NewsboatCacheReader.fremontIDs(guid: Self.a2Link + "Tue, 03 Sep 2024 10:00:00 +0000", link: Self.a2Link, published: Self.a2Date)
            == [Self.a2Link + "#2024-09-03T10:00:00Z", Self.a2Link + "Tue, 03 Sep 2024 10:00:00 +0000"])
        #expect(NewsboatCacheReader.fremontIDs(guid: Self.a2Link, link: Self.a2Link, published: Self.a2Date) == [Self.a2Link])
        #expect(NewsboatCacheReader.fremontIDs(guid: "urn:x", link: Self.a2Link, published: nil) == ["urn:x"])
        #expect(NewsboatCacheReader.fremontIDs(guid: "", link: "", published: nil) == [])
    }

    @Test func importsFeedsSettingsReadStateStarsAndTombstones() throws {
        let folder = try Folder()
        try makeNewsboat(folder, config: """
            browser "w3m %u"
            reload-time 30
            bind-key j down
            color background white black
            feedbin-flag-star "s"

            """)
        try FileManager.default.createDirectory(at: folder.config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("reload-time = 10\n".utf8).write(to: folder.config)
        let cache = try CacheDatabase(path: folder.root.appendingPathComponent("cache.sqlite").path)
        // Feed A is cached already, every item unread; B is not fetched yet.
        try cache.storeFeed(feed(["a-1", Self.a2Link + "#2024-09-03T10:00:00Z", "a-3"], links: [:]), url: Self.feedA)
        let importer = NewsboatImport(files: NewsboatFiles.locate(from: folder.newsboat), feedList: folder.feedList, config: folder.config)
        let report = try importer.run(cache: cache)

        let list = try #require(try FeedList.load(from: folder.feedList))
        #expect(list.entries.map(\.url) == [Self.feedA, Self.feedB])
        #expect(list.entries[0].title == "Feed A" && list.entries[0].tags == ["news"])
        #expect(list.text.contains("\"query:Unread:unread = \\\"yes\\\"\" special\n") && list.text.contains("exec:~/bin/make-feed\n"))
        #expect(report.feedsAdded == 2 && report.newsboatOnlyLines.count == 2)
        // Only the line that is no feed; the config's blank lines are no problem.
        #expect(report.notImported.count == 1 && report.notImported[0].contains("not-an-address"), "\(report.notImported)")

        let config = String(decoding: try Data(contentsOf: folder.config), as: UTF8.self)
        #expect(config.hasPrefix("reload-time = 10\n"))
        #expect(config.contains("browser \"w3m %u\"\nbind-key j down\n") && !config.contains("reload-time 30") && !config.contains("color"))
        #expect(report.settingsImported == ["browser", "bind-key"] && report.settingsAlreadySet == ["reload-time"])
        #expect(report.settingsNotShared == ["color", "feedbin-flag-star"])
        // fremont reads what was appended with no warning.
        #expect(try FremontConfig.parse(config, name: "config").warnings.isEmpty)

        // A: read state applied to what is stored, the deleted item gone.
        let a = try #require(try cache.cachedFeed(url: Self.feedA))
        #expect(a.readItemIDs == ["a-1", Self.a2Link + "#2024-09-03T10:00:00Z"])
        #expect(a.feed.items.map(\.id).contains("a-3") == false)
        #expect(report.marks.appliedToStored == 3 && report.marks.waiting == 3 && report.marks.tombstones == 2 && report.marks.starred == 1)
        #expect(report.items.unfollowed == 1)

        // The next fetches: A's deleted item does not come back; B's read item starts read, its
        // deleted one is never stored, its starred one is starred.
        try cache.storeFeed(feed(["a-1", "a-3", "a-4"]), url: Self.feedA)
        #expect(try cache.cachedFeed(url: Self.feedA)?.feed.items.map(\.id).contains("a-3") == false)
        let b = try #require(try cache.storeFeed(feed(["b-1", "b-2", "b-3"]), url: Self.feedB).cached)
        #expect(b.feed.items.map(\.id) == ["b-1", "b-2"])
        #expect(b.readItemIDs == ["b-1"])
        #expect(b.starredIDs == ["b-2"])
        let star = try #require(try cache.starredItems().first)
        #expect(star.title == "B two" && star.feedName == "Feed B" && star.links == ["http://x/"])

        // Again: nothing changes, nothing duplicates.
        let feedsBefore = try Data(contentsOf: folder.feedList)
        let configBefore = try Data(contentsOf: folder.config)
        let again = try importer.run(cache: cache)
        #expect(try Data(contentsOf: folder.feedList) == feedsBefore)
        #expect(try Data(contentsOf: folder.config) == configBefore)
        #expect(again.feedsAdded == 0 && again.feedsAlreadyListed == 2 && again.newsboatOnlyLines.isEmpty && again.settingsImported.isEmpty)
        #expect(try cache.starredItems().count == 1)
        #expect(try cache.cachedFeed(url: Self.feedB)?.feed.items.count == 2)
    }

    @Test func starFlagFromTheCommandWhenTheConfigNamesNone() throws {
        let folder = try Folder()
        try makeNewsboat(folder)
        let cache = CacheDatabase(inMemoryBecause: nil)
        let none = try NewsboatImport(files: NewsboatFiles.locate(from: folder.newsboat), feedList: folder.feedList,
                                      config: folder.config).run(cache: cache)
        #expect(none.marks.starred == 0 && none.lines.contains { $0.contains("--star-flag") })
        let given = try NewsboatImport(files: NewsboatFiles.locate(from: folder.newsboat), feedList: folder.feedList,
                                       config: folder.config, starFlag: "s").run(cache: cache)
        #expect(given.marks.starred == 1)
    }

    /// The config a password is copied into stays the reader's alone (0600), a link to it stays a
    /// link (its target written), and nothing read from newsboat's files reaches the report or the
    /// config with a control character in it (it became 0644 with the password, and an ESC
    /// sequence retitled the window).
    @Test func aPrivateOrLinkedConfigStaysSoAndNothingReadCarriesControls() throws {
        let folder = try Folder()
        try makeNewsboat(folder, config: "ttrss-password \"hunter2\"\n\u{1B}]0;PWNED\u{7} yes\nreload-time 30\n"
                     + "ignore-article * \"title =~ \\\"((a{1,100}){1,100}){1,100}\\\"\"\n")
        try Data("not-a-feed \u{1B}]0;TITLE\u{7}\n".utf8).write(to: folder.newsboat.appendingPathComponent("urls"), options: .atomic)
        // fremont's config: a link to a private file elsewhere (a dotfiles repository's).
        let real = folder.root.appendingPathComponent("dotfiles/fremont-config")
        try FileManager.default.createDirectory(at: real.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("browser \"w3m %u\"\n".utf8).write(to: real)
        chmod(real.path, 0o600)
        try FileManager.default.createDirectory(at: folder.config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.config, withDestinationURL: real)
        let report = try NewsboatImport(files: NewsboatFiles.locate(from: folder.newsboat), feedList: folder.feedList,
                                        config: folder.config).run(cache: CacheDatabase())
        #expect(report.settingsImported.contains("ttrss-password"))
        var status = stat()
        #expect(lstat(folder.config.path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
        #expect(stat(real.path, &status) == 0 && status.st_mode & 0o777 == 0o600)
        let written = try String(contentsOf: real, encoding: .utf8)
        #expect(written.contains("ttrss-password \"hunter2\"") && written.hasPrefix("browser"))
        #expect(!written.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" })
        for line in report.lines { #expect(!line.unicodeScalars.contains(where: TerminalSafeText.isUnsafe), "\(line.debugDescription)") }
        #expect(report.notImported.contains { $0.contains("control characters") })
        // A rule fremont would refuse (a pattern too costly) is not copied.
        #expect(report.notImported.contains { $0.contains("too complex") }, "\(report.notImported)")
        #expect(!written.contains("{1,100}"))
        // A config that was 0644 with a password copied in: 0600.
        let open = folder.root.appendingPathComponent("open-config")
        try Data("browser \"w3m %u\"\n".utf8).write(to: open)
        chmod(open.path, 0o644)
        _ = try NewsboatImport(files: NewsboatFiles.locate(from: folder.newsboat), feedList: folder.feedList, config: open).run(cache: CacheDatabase())
        #expect(stat(open.path, &status) == 0 && status.st_mode & 0o777 == 0o600)
    }

    @Test func aFolderWithoutNewsboatFilesIsRefused() throws {
        let folder = try Folder()
        let importer = NewsboatImport(files: NewsboatFiles.locate(from: folder.newsboat), feedList: folder.feedList, config: folder.config)
        #expect(throws: LoadError.self) { try importer.run(cache: CacheDatabase(inMemoryBecause: nil)) }
        #expect(!FileManager.default.fileExists(atPath: folder.feedList.path) && !FileManager.default.fileExists(atPath: folder.config.path))
    }

    /// A lock file a newsboat left behind (it ended without removing it), held by no one, does not
    /// stop the import. (A running newsboat's lock refuses it: the test against a real newsboat in
    /// FremontCLITests holds one.)
    @Test func aLockFileHeldByNoOneDoesNotStopTheImport() throws {
        let folder = try Folder()
        try makeNewsboat(folder)
        try Data("4242".utf8).write(to: folder.newsboat.appendingPathComponent("cache.db.lock"))
        let importer = NewsboatImport(files: NewsboatFiles.locate(from: folder.newsboat), feedList: folder.feedList, config: folder.config)
        #expect(try importer.run(cache: CacheDatabase(inMemoryBecause: nil)).feedsAdded == 2)
    }
}
