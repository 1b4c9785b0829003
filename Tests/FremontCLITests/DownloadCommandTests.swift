import FlyingFox
import Foundation
import FremontSources
import FremontTestSupport
import Testing

/// `fremont download` as a person runs it, against a podcast host on loopback: it resumes after
/// being killed, two at once never fetch one file twice into one path, a full disk is one clear
/// line, and a terminal shows a progress bar.
@Suite(.needs("tmux")) struct DownloadCommandTests {
    /// A home whose config sends downloads to its own folder.
    func home(_ extra: String = "") throws -> (TestHome, URL) {
        let home = try TestHome()
        let folder = home.file("podcasts")
        try home.writeConfig("download-path \"\(folder.path)\"\n\(extra)")
        return (home, folder)
    }

    func files(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test func aKilledDownloadResumesWhereItStopped() async throws {
        let (home, folder) = try home()
        let size = 2_000_000
        // The first answer stops half way and hangs there, until fremont is killed.
        let route = EnclosureRoute(EnclosureRoute.pattern(size), script: [EnclosureRoute.Answer(pauseAfter: 1_000_000, pause: .seconds(60))])
        try await LoopbackServer.with { server in
            await server.route("GET /show/episode.mp3") { try await route.answer($0) }
            let child = try Fremont.start(arguments: ["download", server.address("/show/episode.mp3")], home: home, standardOutput: .path("/dev/null"))
            let part = folder.appendingPathComponent("episode.mp3.part").path
            var partSize = 0
            for _ in 0..<400 where partSize < 1_000_000 {
                try await Task.sleep(for: .milliseconds(50))
                partSize = ((try? FileManager.default.attributesOfItem(atPath: part))?[.size] as? Int) ?? 0
            }
            #expect(partSize == 1_000_000)
            #expect(child.signal(SIGKILL))
            let killed = await child.exit(timeout: .seconds(30))
            #expect(killed.signal == SIGKILL)
            #expect(files(folder) == ["episode.mp3.part"])
            // Run again, with no address: the queue in the cache knows it.
            let run = try await home.run("download")
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output.contains("resuming episode.mp3 at"), "\(run.output)")
            #expect(route.ranges == [nil, "bytes=1000000-"])
            #expect(route.statuses == [200, 206])
            #expect(files(folder) == ["episode.mp3"])
            #expect(try Data(contentsOf: folder.appendingPathComponent("episode.mp3")) == route.data)
        }
    }

    @Test func twoFremontsNeverDownloadOneFileTwiceIntoOnePath() async throws {
        let (home, folder) = try home()
        // Slow enough that both are running at once.
        let route = EnclosureRoute(EnclosureRoute.pattern(1_500_000), script: [EnclosureRoute.Answer(pauseAfter: 500_000, pause: .seconds(2))])
        try await LoopbackServer.with { server in
            await server.route("GET /episode.mp3") { try await route.answer($0) }
            let url = server.address("/episode.mp3")
            let runs = try await Fremont.runTogether([["download", url], ["download", url]], environment: home.environment)
            for run in runs { #expect(run.status == 0, "\(run.errors)") }
            let said = runs.map(\.output).joined()
            #expect(said.contains("another fremont is downloading it") || route.statuses.count == 1, "\(said)")
            // One request for the file, one file, whole.
            #expect(route.statuses == [200], "\(route.ranges)")
            #expect(files(folder) == ["episode.mp3"])
            #expect(try Data(contentsOf: folder.appendingPathComponent("episode.mp3")) == route.data)
        }
    }

    static func canMountTmpfs() async -> Bool {
        let result = try? await ChildProcess.run(["/usr/bin/unshare", "-Urm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /tmp"],
                                                 environment: ProcessInfo.processInfo.environment, timeout: .seconds(30))
        return result?.status == 0
    }

    /// A real full disk: the download folder is a 256 KB tmpfs of the run's own mount namespace.
    @Test(.enabled { await canMountTmpfs() }) func aFullDiskFailsCleanlyWithAMessage() async throws {
        let (home, folder) = try home()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let route = EnclosureRoute(EnclosureRoute.pattern(1_000_000))
        try await LoopbackServer.with { server in
            await server.route("GET /episode.mp3") { try await route.answer($0) }
            let script = #"mount -t tmpfs -o size=256k tmpfs "$FREMONT_DISK" && exec "$@""#
            let run = try await Fremont.run(arguments: ["download", server.address("/episode.mp3")],
                                            environment: home.environment.merging(["FREMONT_DISK": folder.path]) { $1 },
                                            wrapper: ["/usr/bin/unshare", "-Urm", "sh", "-c", script, "sh"])
            #expect(run.status == 1)
            #expect(run.output.contains("failed episode.mp3: the disk is full: no space left for episode.mp3 after"), "\(run.output)\(run.errors)")
            // Nothing under the final name (the tmpfs went with the namespace; the queue says so).
            let cache = try CacheDatabase(path: home.cacheDatabase.path)
            let record = try #require(try cache.downloads().first)
            #expect(record.state == .failed)
            #expect(record.error?.contains("the disk is full") == true)
            #expect(!FileManager.default.fileExists(atPath: record.path))
        }
    }

    @Test func aTerminalShowsTheProgressBar() async throws {
        let (home, folder) = try home()
        let route = EnclosureRoute(EnclosureRoute.pattern(2_000_000), script: [EnclosureRoute.Answer(pauseAfter: 1_000_000, pause: .seconds(3))])
        try await LoopbackServer.with { server in
            await server.route("GET /episode.mp3") { try await route.answer($0) }
            let tmux = try await TmuxSession(width: 100, height: 10, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(Fremont.path) download \(server.address("/episode.mp3"))")
            let halfway = try await tmux.waitUntil(timeout: 20, "the bar at 50 %") { $0.contains("[##########··········]  50%  976 KB of 1.9 MB") }
            #expect(halfway.contains("downloading episode.mp3"))
            #expect(halfway.contains("episode.mp3"))
            let done = try await tmux.waitFor("done \(folder.path)/episode.mp3 (1.9 MB)", timeout: 20)
            #expect(!done.contains("##########··"), "the bar is gone once done")
        }
    }
}

/// The browser: `e` on an item queues its enclosure, the Downloads tab shows it arrive with its
/// bar, and `P` on the item then plays the file, not the address.
@Suite(.serialized, .needs("tmux")) struct DownloadsTabTests {
    @Test func eQueuesTheTabShowsProgressAndPPlaysTheFile() async throws {
        let home = try TestHome()
        let folder = home.file("podcasts")
        let played = home.file("played.mp3")
        // The "player" copies what it is given: the file it was handed is the proof.
        try home.writeConfig("download-path \"\(folder.path)\"\ndownload-filename-format \"%n - %t.%e\"\nplayer \"cp %u \(played.path)\"\n")
        let route = EnclosureRoute(EnclosureRoute.pattern(2_000_000), script: [EnclosureRoute.Answer(pauseAfter: 1_000_000, pause: .seconds(4))])
        try await LoopbackServer.with { server in
            await server.route("GET /episode.mp3") { try await route.answer($0) }
            let feed = """
                <rss version="2.0"><channel><title>Night Pod</title>
                <item><guid>e1</guid><title>Episode One</title><pubDate>Tue, 04 Sep 2018 10:00:00 GMT</pubDate>
                <enclosure url="\(server.address("/episode.mp3"))" type="audio/mpeg" length="2000000"/></item>
                </channel></rss>
                """
            await server.route("GET /feed.xml") { _ in
                HTTPResponse(statusCode: .ok, headers: [.contentType: "application/rss+xml"], body: Data(feed.utf8))
            }
            try home.writeFeedList([server.address("/feed.xml")])
            let tmux = try await TmuxSession(width: 100, height: 20, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(Fremont.path); echo EXIT=$?")
            _ = try await tmux.waitFor("1/1")
            try await tmux.press("j", "j", "j", "Enter")
            _ = try await tmux.waitFor("Episode One")
            try await tmux.press("e")
            _ = try await tmux.waitFor("queued for download: Night Pod - Episode One.mp3")
            try await tmux.press("6")
            let halfway = try await tmux.waitUntil(timeout: 20, "the bar half way") { $0.contains("[#####·····]   50%  976 KB of 1.9 MB") }
            #expect(halfway.contains("downloading"))
            #expect(halfway.contains("Night Pod - Episode One.mp3"))
            let done = try await tmux.waitUntil(timeout: 20, "done") { $0.contains("done          [##########]  100%  1.9 MB") }
            #expect(done.contains("1 of 1 done"))
            let file = folder.appendingPathComponent("Night Pod - Episode One.mp3")
            #expect(try Data(contentsOf: file) == route.data)
            // Back to the item: P plays the downloaded file.
            try await tmux.press("2")
            try await tmux.press("P")
            _ = try await tmux.waitFor("played in cp")
            #expect(try Data(contentsOf: played) == route.data)
            try await tmux.press("q", "q")
            _ = try await tmux.waitFor("EXIT=0")
        }
    }
}

/// A file a server names like a dotfile is saved as a file one can see, under `~/…`, where `~` is `$HOME`.
@Suite(.needs("tmux")) struct DownloadNameCommandTests {
    /// A spawned fremont with `HOME` pointing elsewhere downloads under that home.
    @Test func aDownloadUnderTildeGoesUnderHOME() async throws {
        let home = try TestHome()
        try home.writeConfig("download-path \"~/pod\"\n")
        let route = EnclosureRoute(EnclosureRoute.pattern(10_000))
        try await LoopbackServer.with { server in
            await server.route("GET /.bash_profile") { try await route.answer($0) }
            var environment = home.environment
            environment["HOME"] = home.root.path
            let result = try await Fremont.run(arguments: ["download", server.address("/.bash_profile")], environment: environment)
            #expect(result.status == 0, "\(result.errors)")
            let saved = (try? FileManager.default.contentsOfDirectory(atPath: home.root.appendingPathComponent("pod").path)) ?? []
            #expect(saved == ["_bash_profile"], "\(saved) \(result.output)")
        }
    }
}
