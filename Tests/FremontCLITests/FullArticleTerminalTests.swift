import FlyingFox
import Foundation
import FremontTestSupport
import Testing

/// `x`, the real binary in tmux over a feed and its pages served on loopback: the full article
/// fetched and shown in place of the summary, kept in the cache (a restart with `--offline`
/// still shows it, and nothing is fetched again), found by a search for a word only it has; a
/// link to a video falls back to the summary and says why.
@Suite(.serialized, .needs("tmux")) struct FullArticleTerminalTests {
    static func feed(_ server: LoopbackServer) -> Data {
        Data("""
            <rss version="2.0"><channel><title>Gazette</title><link>http://example.com/</link>
            <item><guid>story</guid><title>Engine story</title><pubDate>Wed, 28 Oct 2026 09:00:00 GMT</pubDate>
            <description>Only a short summary.</description><link>\(server.address("/story.html"))</link></item>
            <item><guid>clip</guid><title>Clip story</title><pubDate>Tue, 27 Oct 2026 09:00:00 GMT</pubDate>
            <description>A summary of the clip.</description><link>\(server.address("/clip.mp4"))</link></item>
            </channel></rss>
            """.utf8)
    }

    static let story = Data("""
        <!DOCTYPE html><html><head><title>Engine story | The Gazette</title>
        <meta property="og:site_name" content="The Gazette"><meta name="author" content="Ada Lovelace">
        <meta property="article:published_time" content="2026-10-28T09:00:00Z"></head>
        <body><nav><a href="/">Home</a> <a href="/about">About</a></nav>
        <article><h2>How the engine ran</h2>
        <p>The analytical engine ran all night, and by the morning its tables of Bernoulli numbers were done, every one of them
        checked twice against the hand-computed values that the clerks had prepared, with no mistake found among them at all.</p>
        <p>Its operators, who had feared the worst, said that the quetzalcoatlus of machines had earned its rest, and that the
        cards would be punched again for the next run, which is to compute the orbits of the comets seen this autumn.</p>
        <ul><li>Bernoulli numbers, to the fortieth</li><li>Logarithms, checked <a href="/notes">against the notes</a></li></ul>
        <blockquote><p>It weaves algebraic patterns, just as the Jacquard loom weaves flowers and leaves.</p></blockquote>
        <pre>card 1: load
            card 2: add</pre></article>
        <footer>Copyright</footer></body></html>
        """.utf8)

    @Test func xShowsTheFullArticleKeptOfflineAndSearched() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            let feed = Self.feed(server)
            await server.route("GET /feed.xml") { _ in HTTPResponse(statusCode: .ok, headers: [.contentType: "application/rss+xml"], body: feed) }
            await server.route("GET /story.html") { _ in
                HTTPResponse(statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: Self.story)
            }
            await server.route("GET /clip.mp4") { _ in
                HTTPResponse(statusCode: .ok, headers: [.contentType: "video/mp4"], body: Data(repeating: 0, count: 4096))
            }
            try home.writeFeedList([server.address("/feed.xml")])
            let tmux = try await TmuxSession(width: 100, height: 40, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(Fremont.path); echo EXIT=$?")
            _ = try await tmux.waitFor("2/2")
            try await tmux.press("Enter")
            _ = try await tmux.waitFor("Clip story")
            try await tmux.press("Enter")
            _ = try await tmux.waitFor("Only a short summary.")
            try await tmux.press("x")
            let shown = try await tmux.waitFor("Full article:")
            for text in ["Byline: Ada Lovelace", "Site: The Gazette", "How the engine ran", "quetzalcoatlus", "• Bernoulli numbers",
                         "│ It weaves algebraic patterns", " card 1: load\n     card 2: add", "against the notes[1]",
                         "[1] \(server.address("/notes"))"] {
                #expect(shown.contains(text), "\(text) is not on\n\(shown)")
            }
            #expect(!shown.contains("Only a short summary.") && !shown.contains("Copyright") && !shown.contains("About"))
            // x: the summary again.
            try await tmux.press("x")
            _ = try await tmux.waitFor("Only a short summary.")
            // A video is no article: the summary stays, and the reason is said.
            try await tmux.press("n")
            _ = try await tmux.waitFor("A summary of the clip.")
            try await tmux.press("x")
            _ = try await tmux.waitFor("no full article: it is a video, not a web page")
            try await tmux.press("q")
            try await tmux.press("q")
            _ = try await tmux.waitFor("Gazette")
            try await tmux.press("q")
            try await tmux.expectShellRestored(status: "0")
            let fetched = server.targets.filter { $0 == "/story.html" }.count
            #expect(fetched == 1)

            // Offline, after a restart: the kept article, fetched no more.
            try await tmux.run("clear; \(Fremont.path) --offline; echo EXIT=$?")
            _ = try await tmux.waitFor("Gazette")
            try await tmux.press("Enter")
            _ = try await tmux.waitFor("Clip story")
            try await tmux.press("Enter")
            _ = try await tmux.waitFor("Only a short summary.")
            try await tmux.press("x")
            let offline = try await tmux.waitFor("Full article:")
            #expect(offline.contains("quetzalcoatlus") && offline.contains("How the engine ran"))
            try await tmux.press("q")
            try await tmux.press("q")
            try await tmux.press("q")
            try await tmux.expectShellRestored(status: "0")
            #expect(server.targets.filter { $0 == "/story.html" }.count == 1)
        }
        // The search finds the word only the full article has.
        let search = try await home.run("search", "quetzalcoatlus")
        #expect(search.status == 0, "\(search.errors)")
        #expect(search.output.contains("Engine story"), "\(search.output)")
        #expect(!(try await home.run("search", "quetzalcoatlus")).output.contains("Clip story"))
    }
}
