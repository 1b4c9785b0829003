import FlyingFox
import Foundation
import FremontSources
import FremontTestSupport
import Testing

/// `fremont download` as a person runs it, against a podcast host on loopback: it resumes after
/// being killed, two at once never fetch one file twice into one path, a full disk is one clear
/// line, and a terminal shows a progress bar.
@Suite struct DownloadCommandTests {
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
