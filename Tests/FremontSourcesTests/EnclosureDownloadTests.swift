import FlyingFox
import Foundation
import FremontCore
import FremontTestSupport
import Testing
@testable import FremontSources

/// One enclosure downloaded over loopback: cut connections resume where they stopped, a server
/// that ignores the range starts the file over cleanly, the cap holds, and no file is ever
/// overwritten or left half under its final name.
@Suite struct EnclosureDownloadTests {
    /// A queue in a folder of the test's own; the record queued for `url`.
    func queued(_ url: String, in home: TestHome, cache: CacheDatabase, name: String = "episode.mp3") throws -> DownloadRecord {
        let path = home.file("podcasts").appendingPathComponent(name).path
        return try cache.enqueueDownload(DownloadRecord(url: url, feedTitle: "Feed", itemTitle: "Episode", path: path)).record
    }

    func files(_ home: TestHome) throws -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: home.file("podcasts").path).sorted()) ?? []
    }

    @Test func aDroppedConnectionResumesWithARangeCheckedByTheETag() async throws {
        let home = try TestHome()
        let cache = CacheDatabase()
        let size = 600_000
        let route = EnclosureRoute(EnclosureRoute.pattern(size), script: [EnclosureRoute.Answer(cutAfter: 250_000)])
        try await LoopbackServer.with { server in
            await server.route("GET /episode.mp3") { try await route.answer($0) }
            let record = try queued(server.address("/episode.mp3"), in: home, cache: cache)
            var download = EnclosureDownload(cache: cache, maximumBytes: 10 << 20)
            download.retryDelay = 0.05
            let ending = try await offPool { [download] in download.run(record) }
            guard case .done(let done) = ending else { Issue.record("\(ending)"); return }
            #expect(try Data(contentsOf: URL(fileURLWithPath: done.path)) == route.data)
            #expect(try files(home) == ["episode.mp3"])
            // The second request asked for the rest only, from the byte the first stopped at.
            let ranges = route.ranges
            #expect(ranges.count == 2)
            #expect(ranges.first == .some(nil))
            let resumedAt = Int((ranges.last??.dropFirst("bytes=".count).split(separator: "-").first) ?? "") ?? 0
            #expect(resumedAt > 0 && resumedAt <= 250_000, "\(ranges)")
            #expect(route.ifRanges.last == .some(route.etag))
            #expect(route.statuses == [200, 206])
            #expect(try cache.download(id: record.id)?.state == .done)
        }
    }

    @Test func aServerThatIgnoresTheRangeStartsTheFileOverCleanly() async throws {
        let home = try TestHome()
        let cache = CacheDatabase()
        let route = EnclosureRoute(EnclosureRoute.pattern(300_000), honoursRange: false, script: [EnclosureRoute.Answer(cutAfter: 120_000)])
        try await LoopbackServer.with { server in
            await server.route("GET /episode.mp3") { try await route.answer($0) }
            let record = try queued(server.address("/episode.mp3"), in: home, cache: cache)
            var download = EnclosureDownload(cache: cache, maximumBytes: 10 << 20)
            download.retryDelay = 0.05
            let ending = try await offPool { [download] in download.run(record) }
            guard case .done(let done) = ending else { Issue.record("\(ending)"); return }
            // Asked for a range, got the whole file (200): written from the start, not appended.
            #expect(route.statuses == [200, 200])
            #expect(route.ranges.last != .some(nil))
            #expect(try Data(contentsOf: URL(fileURLWithPath: done.path)) == route.data)
        }
    }

    @Test func aPartOfAnotherFileIsNotResumed() async throws {
        // A part left by an earlier run of a file that has changed since (another ETag): If-Range
        // brings the new file whole, and the part is replaced, not appended to.
        let home = try TestHome()
        let cache = CacheDatabase()
        let route = EnclosureRoute(EnclosureRoute.pattern(200_000), etag: "\"new\"")
        try await LoopbackServer.with { server in
            await server.route("GET /episode.mp3") { try await route.answer($0) }
            var record = try queued(server.address("/episode.mp3"), in: home, cache: cache)
            try FileManager.default.createDirectory(atPath: home.file("podcasts").path, withIntermediateDirectories: true)
            try Data(repeating: 0xEE, count: 50_000).write(to: URL(fileURLWithPath: record.partPath))
            record.etag = "\"old\""
            record.total = 200_000
            try cache.updateDownload(record)
            let ending = try await offPool { [record] in EnclosureDownload(cache: cache, maximumBytes: 10 << 20).run(record) }
            guard case .done(let done) = ending else { Issue.record("\(ending)"); return }
            #expect(route.ranges == ["bytes=50000-"])
            #expect(route.ifRanges == ["\"old\""])
            #expect(route.statuses == [200])
            #expect(try Data(contentsOf: URL(fileURLWithPath: done.path)) == route.data)
        }
    }

    @Test func aFileOverTheCapIsRefusedAndLeavesNothingUnderItsName() async throws {
        let home = try TestHome()
        let cache = CacheDatabase()
        let route = EnclosureRoute(EnclosureRoute.pattern(300_000))
        try await LoopbackServer.with { server in
            await server.route("GET /episode.mp3") { try await route.answer($0) }
            let record = try queued(server.address("/episode.mp3"), in: home, cache: cache)
            let ending = try await offPool { EnclosureDownload(cache: cache, maximumBytes: 100_000).run(record) }
            guard case .failed(let failed) = ending else { Issue.record("\(ending)"); return }
            #expect(failed.error == "the file is 292 KB, over the 97 KB limit for a download (download-max-size)")
            #expect(!FileManager.default.fileExists(atPath: record.path))
        }
    }

    @Test func aNameTakenIsNeverOverwritten() async throws {
        let home = try TestHome()
        let cache = CacheDatabase()
        let route = EnclosureRoute(EnclosureRoute.pattern(10_000))
        try await LoopbackServer.with { server in
            await server.route("GET /episode.mp3") { try await route.answer($0) }
            try FileManager.default.createDirectory(atPath: home.file("podcasts").path, withIntermediateDirectories: true)
            let mine = Data("my own file".utf8)
            try mine.write(to: home.file("podcasts/episode.mp3"))
            let record = try queued(server.address("/episode.mp3"), in: home, cache: cache)
            #expect(record.fileName == "episode (2).mp3")
            // And a file made under the new name while it downloads: linked under a third.
            try mine.write(to: home.file("podcasts/episode (2).mp3"))
            let ending = try await offPool { EnclosureDownload(cache: cache, maximumBytes: 1 << 20).run(record) }
            guard case .done(let done) = ending else { Issue.record("\(ending)"); return }
            #expect(done.fileName == "episode (3).mp3")
            #expect(try Data(contentsOf: home.file("podcasts/episode.mp3")) == mine)
            #expect(try Data(contentsOf: home.file("podcasts/episode (2).mp3")) == mine)
            #expect(try Data(contentsOf: URL(fileURLWithPath: done.path)) == route.data)
            #expect(try files(home) == ["episode (2).mp3", "episode (3).mp3", "episode.mp3"])
        }
    }

    @Test func aLockedPartIsLeftToItsHolder() async throws {
        let home = try TestHome()
        let cache = CacheDatabase()
        let record = try queued("http://127.0.0.1:9/episode.mp3", in: home, cache: cache)
        try FileManager.default.createDirectory(atPath: home.file("podcasts").path, withIntermediateDirectories: true)
        let holder = open(record.partPath, O_RDWR | O_CREAT, 0o644)
        defer { close(holder) }
        // flock locks belong to the open file: another open, in this process too, is refused.
        #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)
        let ending = EnclosureDownload(cache: cache, maximumBytes: 1 << 20).run(record)
        #expect(ending == .busy(record))
    }
}

/// A server that goes silent after its headers and a few bytes: each try gives up after the
/// stall limit (it waited the 6 h total), the next resumes, and after the last the queue moves on.
@Suite struct DownloadStallTests {
    @Test func aServerSilentAfterItsHeadersIsGivenUpAfterTheStallLimit() async throws {
        let home = try TestHome()
        let cache = CacheDatabase()
        let route = EnclosureRoute(EnclosureRoute.pattern(200_000), script: [
            EnclosureRoute.Answer(pauseAfter: 50_000, pause: .seconds(60)), EnclosureRoute.Answer(pauseAfter: 10_000, pause: .seconds(60)),
        ])
        try await LoopbackServer.with { server in
            await server.route("GET /ep.mp3") { try await route.answer($0) }
            let path = home.file("podcasts").appendingPathComponent("ep.mp3").path
            let record = try cache.enqueueDownload(DownloadRecord(url: server.address("/ep.mp3"), feedTitle: "F", itemTitle: "E", path: path)).record
            var download = EnclosureDownload(cache: cache, maximumBytes: 10 << 20)
            download.retryDelay = 0.05
            download.attempts = 2
            download.stallTimeout = 1
            let started = ContinuousClock.now
            let ending = try await offPool { [download] in download.run(record) }
            guard case .failed(let failed) = ending else { Issue.record("\(ending)"); return }
            // Far less than the server's silences (two minutes): about 3 s alone, more on a busy machine.
            #expect(ContinuousClock.now - started < .seconds(50))
            #expect(failed.error?.contains("no bytes for 1 s") == true, "\(failed.error ?? "")")
            // The second try resumed where the first went silent.
            #expect(route.statuses == [200, 206], "\(route.statuses)")
        }
    }
}

@Suite struct DownloadFilenameTests {
    let date = Date(timeIntervalSince1970: 1_700_000_000) // 2023-11-14 22:13:20 UTC

    func path(_ format: String, folder: String = "/srv/pod", url: String = "https://cdn.example.org/shows/ep%2042.mp3?token=1",
              feed: String = "Night Vale", title: String = "Episode 42: The Drawbridge") -> String {
        DownloadFilename(folder: folder, format: format, home: "/home/me", timeZone: TimeZone(identifier: "UTC")!)
            .path(url: url, feedTitle: feed, itemTitle: title, published: date)
    }

    @Test func newsboatsPlaceholders() {
        #expect(path("%n-%h-%u") == "/srv/pod/Night Vale-cdn.example.org-ep 42.mp3")
        #expect(path("%F %H%M%S %t.%e") == "/srv/pod/2023-11-14 221320 Episode 42: The Drawbridge.mp3")
        #expect(path("%y%m%d %b %Y %%") == "/srv/pod/231114 Nov 2023 %")
        #expect(path("%?u?%u&none?") == "/srv/pod/ep 42.mp3")
        #expect(path("%?u?%u&%Y-%b-%d-%H%M%S.unknown?", url: "https://example.org/") == "/srv/pod/2023-Nov-14-221320.unknown")
        #expect(path("%u", folder: "~/podcasts/%n") == "/home/me/podcasts/Night Vale/ep 42.mp3")
        #expect(path("%q%u") == "/srv/pod/%qep 42.mp3")
    }

    @Test func aFeedCannotLeaveTheFolder() {
        #expect(path("%t", title: "../../etc/passwd") == "/srv/pod/___.._etc_passwd")
        #expect(path("%n/%t", feed: "..", title: "..") == "/srv/pod/_____")
        #expect(path("%t", title: "a\u{1B}[2Jb\nc") == "/srv/pod/a_[2Jb_c")
        #expect(path("%t", title: "") == "/srv/pod/download")
        #expect(path("%t", title: String(repeating: "é", count: 300)).utf8.count <= "/srv/pod/".utf8.count + 200)
    }
}

/// No name a server or a feed gives becomes a hidden file, a path, or a name that is taken, and
/// nothing is written through a link: the one guard (`DownloadFilename.component`) and the
/// part's own checks.
@Suite struct DownloadNameGuardTests {
    func path(_ format: String, folder: String = "/srv/pod", url: String = "https://cdn.example.org/ep.mp3",
              feed: String = "Feed", title: String = "Title") -> String {
        DownloadFilename(folder: folder, format: format, home: "/home/me", timeZone: TimeZone(identifier: "UTC")!)
            .path(url: url, feedTitle: feed, itemTitle: title, published: Date(timeIntervalSince1970: 0))
    }

    /// Below the folder, no component a placeholder made starts with a dot, has a separator or a
    /// control or bidi character: for every placeholder, and the name they make together.
    @Test func noNameStartsWithADotHidesAPathOrCarriesControls() {
        let hostile = [".bash_profile", "..", ".", ". ssh", " .profile", "a/../../.ssh/authorized_keys", "..\\..\\x",
                       "\u{202E}3pm.exe", "x\u{1B}]0;owned\u{7}", "\u{0}.bashrc", "...", ".mp3"]
        for value in hostile {
            for (format, folder) in [("%u", "/srv/pod"), ("%t", "/srv/pod"), ("%n", "/srv/pod"), ("%t.%e", "/srv/pod"), ("%u", "/srv/pod/%n"),
                                     ("%h", "/srv/pod")] {
                let made = path(format, folder: folder, url: "https://\(value.contains("/") ? "h" : "h")/\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")",
                                feed: value, title: value)
                #expect(made.hasPrefix("/srv/pod/"), "\(value) \(format): \(made)")
                let below = made.dropFirst("/srv/pod/".count).split(separator: "/", omittingEmptySubsequences: false)
                for component in below {
                    #expect(!component.hasPrefix(".") && !component.isEmpty, "\(value) \(format): \(made)")
                    #expect(!component.unicodeScalars.contains(where: TerminalSafeText.isUnsafe), "\(value) \(format): \(made)")
                }
            }
        }
        #expect(path("%u", url: "https://h/.bash_profile") == "/srv/pod/_bash_profile")
        #expect(path("%t.%e", title: "") == "/srv/pod/_mp3")
    }

    /// A symbolic link, even one pointing nowhere, takes its name: ` (2)` is given instead.
    @Test func aDanglingLinkTakesTheName() throws {
        let home = try TestHome()
        let folder = home.file("podcasts")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let outside = home.file("outside")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("ep.mp3").path, withDestinationPath: outside.path)
        let cache = CacheDatabase()
        let record = try cache.enqueueDownload(DownloadRecord(url: "http://127.0.0.1:9/ep.mp3", feedTitle: "F", itemTitle: "E",
                                                              path: folder.appendingPathComponent("ep.mp3").path)).record
        #expect(record.path == folder.appendingPathComponent("ep (2).mp3").path)
    }

    /// A part that is a link (made by anyone, to anywhere) is never followed or written through.
    @Test func aLinkedPartIsNeverWrittenThrough() async throws {
        let home = try TestHome()
        let cache = CacheDatabase()
        let route = EnclosureRoute(EnclosureRoute.pattern(50_000))
        try await LoopbackServer.with { server in
            await server.route("GET /ep.mp3") { try await route.answer($0) }
            let folder = home.file("podcasts")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let record = try cache.enqueueDownload(DownloadRecord(url: server.address("/ep.mp3"), feedTitle: "F", itemTitle: "E",
                                                                  path: folder.appendingPathComponent("ep.mp3").path)).record
            // After it was queued: the part made a link to a file outside, then a hard link to one.
            let outside = home.file("outside.txt")
            try FileManager.default.createSymbolicLink(atPath: record.partPath, withDestinationPath: outside.path)
            let ending = EnclosureDownload(cache: cache, maximumBytes: 1 << 20).run(record)
            guard case .failed(let failed) = ending else { Issue.record("\(ending)"); return }
            #expect(failed.error?.contains("symbolic link") == true, "\(failed.error ?? "")")
            #expect(!FileManager.default.fileExists(atPath: outside.path))
            try FileManager.default.removeItem(atPath: record.partPath)
            try Data("mine".utf8).write(to: outside)
            #expect(link(outside.path, record.partPath) == 0)
            let again = EnclosureDownload(cache: cache, maximumBytes: 1 << 20).run(record)
            guard case .failed(let linked) = again else { Issue.record("\(again)"); return }
            #expect(linked.error?.contains("linked to another file") == true, "\(linked.error ?? "")")
            #expect(try String(contentsOf: outside, encoding: .utf8) == "mine")
        }
    }
}

/// `~` is `$HOME` (as a shell takes it), not the account's home: for `download-path`, the
/// exports and the password file alike.
@Suite struct HomeFolderTests {
    @Test func tildeIsHOME() {
        #expect(FremontDirectories.home(["HOME": "/tmp/elsewhere"]) == "/tmp/elsewhere")
        #expect(FremontDirectories.home(["HOME": "relative"]) == NSHomeDirectory())
        #expect(FremontDirectories.expandingTilde("~/pod/x", home: "/h") == "/h/pod/x")
        #expect(FremontDirectories.expandingTilde("~user/x", home: "/h") == "~user/x")
        let expected = (ProcessInfo.processInfo.environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()) + "/pod/ep.mp3"
        #expect(DownloadFilename(folder: "~/pod", format: "%u").path(url: "https://h/ep.mp3", feedTitle: "", itemTitle: "", published: nil) == expected)
    }
}
