import FlyingFox
import Foundation
import FremontTestSupport
import Testing

/// A password in an address is never shown, logged or kept: not on stdout or stderr, not in the
/// cache file.
@Suite(.needsSharedData) struct CredentialTests {
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

/// Every other form a credential takes in an address, and every place an address is said or kept.
@Suite(.needsSharedData) struct CredentialFormTests {
    /// The secrets used below: none may appear on stdout, on stderr or in a cache file.
    static let secrets = ["hunter2", "TOKEN4711", "QSECRET"]

    func expectNoSecret(_ run: Fremont.Result, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for secret in Self.secrets {
            #expect(!run.output.contains(secret) && !run.errors.contains(secret), "\(what): \(run.output) \(run.errors)", sourceLocation: sourceLocation)
        }
    }

    func expectNoSecretInTheCache(_ home: TestHome, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = home.cacheDatabase.deletingLastPathComponent()
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let bytes = try Data(contentsOf: folder.appendingPathComponent(file))
            for secret in Self.secrets {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file) holds \(secret)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func aTokenAsTheUserAndASecretQueryParameterAreRedacted() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            let token = server.address("/data/no-such-file.xml").replacingOccurrences(of: "http://", with: "http://TOKEN4711@")
            let query = server.address("/data/no-such-file.xml?api_key=QSECRET&page=2")
            let good = server.address("/data/feeds/real/nasa__breaking_news_2018-09-05.rss?access_token=QSECRET")
                .replacingOccurrences(of: "http://", with: "http://TOKEN4711@")
            for address in [token, query] {
                let run = try await Fremont.run(arguments: ["feed", address], environment: home.environment)
                #expect(run.status == 1)
                expectNoSecret(run, address)
            }
            let failed = try await Fremont.run(arguments: ["feed", token], environment: home.environment)
            #expect(failed.errors.hasPrefix("fremont: http://***@127.0.0.1:\(server.port)/data/no-such-file.xml: "), "\(failed.errors)")
            let fetched = try await Fremont.run(arguments: ["feed", good, "--format", "json"], environment: home.environment)
            #expect(fetched.status == 0, "\(fetched.errors)")
            expectNoSecret(fetched, good)
            let offline = try await Fremont.run(arguments: ["feed", good, "--offline"], environment: home.environment)
            #expect(offline.status == 0, "\(offline.errors)")
            #expect(offline.errors.contains("http://***@127.0.0.1:\(server.port)/data/feeds/real/nasa__breaking_news_2018-09-05.rss?access_token=***: cached"),
                    "\(offline.errors)")
            expectNoSecret(offline, "offline")
        }
        try expectNoSecretInTheCache(home)
    }

    @Test func feedsAddListAndRemoveNeverEchoThePassword() async throws {
        let home = try TestHome()
        let address = "https://reader:hunter2@example.org/feed.xml"
        let added = try await home.run("feeds", "add", address)
        #expect(added.status == 0)
        #expect(added.output.hasPrefix("added https://reader:***@example.org/feed.xml ("), "\(added.output)")
        let again = try await home.run("feeds", "add", address)
        #expect(again.status == 1)
        #expect(again.errors.hasPrefix("fremont: https://reader:***@example.org/feed.xml is already in"), "\(again.errors)")
        let token = try await home.run("feeds", "add", "https://TOKEN4711@example.org/other.xml")
        #expect(token.output.hasPrefix("added https://***@example.org/other.xml ("), "\(token.output)")
        let list = try await home.run("feeds", "list")
        let removed = try await home.run("feeds", "remove", address)
        #expect(removed.output.hasPrefix("removed https://reader:***@example.org/feed.xml ("), "\(removed.output)")
        let missing = try await home.run("feeds", "remove", address)
        #expect(missing.status == 1)
        for (run, what) in [(added, "add"), (again, "add again"), (token, "add token"), (list, "list"), (removed, "remove"), (missing, "remove again")] {
            expectNoSecret(run, what)
        }
        // The list itself keeps the address as given: it is what is fetched.
        #expect(try String(contentsOf: home.feedList, encoding: .utf8).contains("https://TOKEN4711@example.org/other.xml"))
    }

    @Test func aWeatherEndpointsPasswordIsNeverShownNorKept() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            let endpoint = server.address("").replacingOccurrences(of: "http://", with: "http://reader:hunter2@")
            let environment = home.environment.merging(["LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"]) { $1 }
            let live = try await Fremont.run(arguments: ["weather", "--at", "47.65,-122.35", "--endpoint", endpoint], environment: environment)
            #expect(live.status == 0, "\(live.errors)")
            expectNoSecret(live, "weather")
            let offline = try await Fremont.run(arguments: ["weather", "--at", "47.65,-122.35", "--endpoint", endpoint, "--offline"], environment: environment)
            #expect(offline.status == 0, "\(offline.errors)")
            #expect(offline.errors.hasPrefix("fremont: http://reader:***@127.0.0.1:\(server.port)/v1/forecast?"), "\(offline.errors)")
            expectNoSecret(offline, "weather --offline")
            let wrong = endpoint + "/nowhere"
            let failed = try await Fremont.run(arguments: ["weather", "--at", "47.65,-122.35", "--endpoint", wrong], environment: environment)
            #expect(failed.status == 1)
            #expect(failed.errors.contains("reader:***@"), "\(failed.errors)")
            expectNoSecret(failed, "weather to a wrong endpoint")
        }
        try expectNoSecretInTheCache(home)
    }

    /// Relative links resolve against the real address, without its user part: not against the
    /// shown one, whose `***` would make every link a wrong password.
    @Test func relativeLinksOfAFeedFetchedWithAPasswordWork() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            await server.route("GET /news/feed.xml") { _ in
                let rss = """
                    <rss version="2.0"><channel><title>News</title><link>/news/</link>
                    <item><title>One</title><link>items/1.html</link><guid>1</guid>
                    <description>&lt;a href="../about.html"&gt;about&lt;/a&gt;</description></item></channel></rss>
                    """
                return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/rss+xml"], body: Data(rss.utf8))
            }
            let address = server.address("/news/feed.xml").replacingOccurrences(of: "http://", with: "http://alice:hunter2@")
            let run = try await Fremont.run(arguments: ["feed", address, "--format", "json"], environment: home.environment)
            #expect(run.status == 0, "\(run.errors)")
            expectNoSecret(run, "feed")
            #expect(!run.output.contains("***"), "\(run.output)")
            let links = run.output.replacingOccurrences(of: "\\/", with: "/")
            #expect(links.contains("\"http://127.0.0.1:\(server.port)/news/items/1.html\""), "\(run.output)")
            #expect(links.contains("http://127.0.0.1:\(server.port)/about.html"), "\(run.output)")
        }
        try expectNoSecretInTheCache(home)
    }
}
