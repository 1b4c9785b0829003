import Foundation
import FremontTestSupport
import Testing

/// A password in an address is never shown, logged or kept: not on stdout or stderr, not in the
/// cache file.
@Suite struct CredentialTests {
    @Test func aPasswordInAnAddressIsRedactedEverywhere() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            let good = server.address("/data/feeds/real/nasa__breaking_news_2018-09-05.rss").replacingOccurrences(of: "http://", with: "http://reader:hunter2@")
            let missing = server.address("/data/no-such-file.xml").replacingOccurrences(of: "http://", with: "http://reader:hunter2@")
            for arguments in [["feed", good, "--format", "json"], ["feed", missing], ["bikes", missing, "--format", "csv"]] {
                let run = try await Fremont.run(arguments: arguments, environment: home.environment)
                #expect(!run.output.contains("hunter2") && !run.errors.contains("hunter2"), "\(arguments): \(run.errors)")
                if arguments[1] == missing { #expect(run.errors.contains("reader:***@"), "\(run.errors)") }
            }
            let offline = try await Fremont.run(arguments: ["feed", good, "--offline", "--format", "json"], environment: home.environment)
            #expect(offline.status == 0, "\(offline.errors)")
            #expect(!offline.errors.contains("hunter2"))
        }
        let folder = home.cacheDatabase.deletingLastPathComponent()
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let bytes = try Data(contentsOf: folder.appendingPathComponent(file))
            #expect(bytes.range(of: Data("hunter2".utf8)) == nil, "\(file) holds the password")
        }
    }
}
