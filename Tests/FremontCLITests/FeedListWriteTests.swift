import Foundation
import FremontTestSupport
import Testing

/// Writing the feeds file: through a symlink to its target, keeping its mode, lines fremont did
/// not change byte for byte, and twenty `feeds add` at once all kept.
@Suite struct FeedListWriteTests {
    @Test func twentyAddsAtOnceKeepAllTwenty() async throws {
        let home = try TestHome()
        let environment = home.environment
        let runs = try await Fremont.runTogether((0..<20).map { ["feeds", "add", "https://example.org/\($0).xml"] }, environment: environment)
        #expect(runs.allSatisfy { $0.status == 0 }, "\(runs.map(\.errors))")
        let list = try String(contentsOf: home.config.appendingPathComponent("fremont/feeds"), encoding: .utf8)
        #expect(Set(list.split(separator: "\n")) == Set((0..<20).map { "https://example.org/\($0).xml" }))
    }

    @Test func throughASymlinkKeepingModeAndBytes() async throws {
        let home = try TestHome()
        let folder = home.config.appendingPathComponent("fremont")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let elsewhere = home.config.appendingPathComponent("dotfiles")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let target = elsewhere.appendingPathComponent("urls")
        // A Latin-1 comment (é as one byte 0xE9), CRLF on one line: unchanged lines come back as they were.
        var original = Data("# caf".utf8) + Data([0xE9]) + Data("\nhttps://a.example/rss \"~A\"\r\n".utf8)
        try original.write(to: target)
        chmod(target.path, 0o640)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("feeds"), withDestinationURL: target)

        let run = try await home.run("feeds", "add", "https://b.example/rss")
        #expect(run.status == 0, "\(run.errors)")
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("feeds").path)
        #expect(link == target.path)
        original.append(Data("https://b.example/rss\n".utf8))
        #expect(try Data(contentsOf: target) == original)
        var status = stat()
        stat(target.path, &status)
        #expect(status.st_mode & 0o777 == 0o640)
        // No temporary file left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == ["urls"])
    }
}
