import Foundation
import FremontCore

/// `fremont feed FILE --format json|text` as a person runs it, on a 20 MB RSS document of 10,000
/// items with HTML descriptions, beside feedparser-rs (Rust, through its Python module) parsing
/// the same bytes, in the same run. Issue 15's goal: both commands faster than that parse.
/// Both read at most 10,000 items of a feed by default (fremont stops reading there), so the
/// document has 10,000 longer items, not 20,000: each then reads every byte.
enum FeedCommandBenchmark {
    static let itemCount = 10_000

    static func run() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fremont-bench-feed-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("big.xml")
        try syntheticFeed(items: Self.itemCount).write(to: file)
        let megabytes = Double((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0) / 1_000_000

        print("\nfremont feed FILE, \(NumberText.grouped(Self.itemCount)) items (\(String(format: "%.1f", megabytes)) MB RSS, HTML descriptions), best of 5, release build")
        guard let fremont = WholeCommand.fremont else {
            print("  (no fremont built beside this benchmark: swift build -c release --product fremont)")
            return
        }
        var best: [String: WholeCommand.Run] = [:]
        var bare: WholeCommand.Run?
        var peer: FeedparserTimes?
        var peerNote: String?
        for _ in 0..<5 {
            for format in ["json", "text"] {
                best[format] = WholeCommand.faster(best[format], WholeCommand.run(fremont, ["feed", file.path, "--format", format, "--max-warnings", "0"]))
            }
            bare = WholeCommand.faster(bare, WholeCommand.run(WholeCommand.benchmark, ["--peak-memory", "ceiling", file.path]))
            switch feedparserRS(file.path) {
            case .success(let times): peer = FeedparserTimes(sanitizing: min(times.sanitizing, peer?.sanitizing ?? .infinity),
                                                            plain: min(times.plain, peer?.plain ?? .infinity))
            case .failure(let note): peerNote = note.message
            }
        }
        if let peer {
            print(String(format: "  feedparser-rs parse: %.3f s as parse() runs by default (HTML sanitized), %.3f s with sanitize_html=False",
                         peer.sanitizing, peer.plain))
        } else {
            print("  feedparser-rs: \(peerNote ?? "not measured")")
        }
        if let bare {
            print(String(format: "  a process running only XMLParser (empty delegate) over the file: %.3f s, %.1f MB peak (the floor for any XMLParser reader)",
                         bare.seconds, bare.peakMegabytes))
        }
        for format in ["json", "text"] {
            guard let run = best[format] else { continue }
            var line = String(format: "  fremont feed --format %@: %.3f s, %.1f MB peak", format, run.seconds, run.peakMegabytes)
            if let peer {
                line += String(format: "; %.2f× feedparser-rs's default parse (%@), %.2f× its unsanitized one (%@)",
                               run.seconds / peer.sanitizing, run.seconds < peer.sanitizing ? "faster" : "SLOWER",
                               run.seconds / peer.plain, run.seconds < peer.plain ? "faster" : "slower")
            }
            if let bare { line += String(format: "; %.2f× the XMLParser floor", run.seconds / bare.seconds) }
            print(line)
        }
    }

    struct FeedparserTimes {
        var sanitizing: Double
        var plain: Double
    }

    struct PeerFailure: Error { var message: String }

    /// feedparser-rs's parse of the file's bytes, already in memory, as it runs by default and
    /// without its HTML sanitizing: the fastest of three each inside one Python process (its
    /// start and the read are not counted). Its item limit is raised past the document's.
    static func feedparserRS(_ path: String) -> Result<FeedparserTimes, PeerFailure> {
        let script = """
        import sys, time
        try:
            import feedparser_rs
        except ImportError:
            print("missing"); sys.exit(0)
        data = open(sys.argv[1], "rb").read()
        limits = feedparser_rs.ParserLimits(max_entries=1000000)
        times = []
        for sanitize in (True, False):
            best = 1e9
            for _ in range(3):
                start = time.perf_counter()
                result = feedparser_rs.parse_with_limits(data, limits=limits, sanitize_html=sanitize)
                best = min(best, time.perf_counter() - start)
            times.append(best)
        print(times[0], times[1], len(result.entries))
        """
        guard let output = WholeCommand.python(script, [path]) else { return .failure(PeerFailure(message: "python3 not found")) }
        let words = output.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        if words.first == "missing" { return .failure(PeerFailure(message: "not installed (pip install feedparser-rs)")) }
        guard words.count == 3, let sanitizing = Double(words[0]), let plain = Double(words[1]) else {
            return .failure(PeerFailure(message: "did not run"))
        }
        if words[2] != String(itemCount) { return .failure(PeerFailure(message: "read \(words[2]) entries, not \(itemCount)")) }
        return .success(FeedparserTimes(sanitizing: sanitizing, plain: plain))
    }

    /// An RSS 2.0 document of `items` items shaped like a news feed's: title, link, guid, date,
    /// author, two categories and a description of about 160 words of escaped HTML (paragraphs,
    /// links, emphasis, entities); every fifth in CDATA instead. Deterministic.
    static func syntheticFeed(items: Int) -> Data {
        let words = ["city", "council", "bridge", "riders", "count", "morning", "rain", "season", "report", "data",
                     "traffic", "the", "of", "and", "a", "to", "in", "new", "week", "north", "south", "trail",
                     "budget", "plan", "vote", "street", "crossing", "record", "summer", "winter", "night", "update"]
        var generator = SplitMix(seed: 15)
        var document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n<channel>\n"
        document += "<title>Benchmark News</title>\n<link>https://news.example.org/</link>\n<description>Generated items</description>\n"
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        for index in 0..<items {
            func sentence(_ count: Int) -> String {
                (0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
            }
            var html = ""
            for paragraph in 0..<6 {
                html += "<p>\(sentence(12)) <a href=\"https://news.example.org/\(index)/\(paragraph)\">\(sentence(3))</a> "
                html += "<em>\(sentence(4))</em> &amp; \(sentence(8)).</p>"
            }
            let description = index % 5 == 0 ? "<![CDATA[\(html)]]>" : html.replacingOccurrences(of: "&", with: "&amp;")
                .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            let day = index % 28 + 1, month = months[index / 28 % 12], hour = index % 24, minute = index % 60
            document += "<item>\n<title>\(sentence(7).capitalized) \(index)</title>\n"
            document += "<link>https://news.example.org/story/\(index)</link>\n"
            document += "<guid isPermaLink=\"false\">story-\(index)</guid>\n"
            document += "<pubDate>\(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][index % 7]), \(day < 10 ? "0" : "")\(day) \(month) 2026 \(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute):00 +0000</pubDate>\n"
            document += "<dc:creator>Reporter \(index % 40)</dc:creator>\n<category>\(words[index % words.count])</category><category>local</category>\n"
            document += "<description>\(description)</description>\n</item>\n"
        }
        document += "</channel>\n</rss>\n"
        return Data(document.utf8)
    }

    /// A small deterministic generator, so every run writes the same document.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
