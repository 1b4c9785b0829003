import Foundation
import FremontCore

/// MB/s for `FeedParser` on a large RSS document made of the real feeds' items, next to the
/// ceiling: `XMLParser` with a delegate that does nothing, on the same bytes through the same
/// streaming path. Target: at least 70 % of the ceiling in a release build.
func runFeedBenchmark(dataDirectory: String = "../shared/data") {
    let bytes = makeLargeFeed(items: 8_000, folder: URL(fileURLWithPath: dataDirectory).appendingPathComponent("feeds/real"))
    let source = InputSource.bytes(bytes, name: "bench-feed.xml")
    let megabytes = Double(bytes.count) / 1_048_576

    var itemCount = 0
    var warningCount = 0
    // The previous result is freed before the clock starts: freeing is not parsing.
    var last: FeedParseResult?
    let model = best(of: 8, before: { last = nil }) {
        last = try? FeedParser.parse(source)
        itemCount = last?.feed.items.count ?? -1
        warningCount = last?.warnings.count ?? -1
    }
    // The same bytes as if downloaded: the address is then the base of every relative link, and
    // each item's HTML is scanned for them.
    let web = InputSource.bytes(bytes, name: "https://example.org/feeds/bench-feed.xml")
    let fromTheWeb = best(of: 8, before: { last = nil }) { last = try? FeedParser.parse(web) }
    var wellFormed = false
    let ceiling = best(of: 8) { wellFormed = (try? XMLStreamBaseline.parse(source)) ?? false }
    if warningCount != 0 { print("feed: \(warningCount) warnings (the model took the repair path)") }
    if !wellFormed { print("feed: the benchmark document is not well-formed XML") }

    print(String(format: "feed: %d items, %.1f MB: model %.1f MB/s (%.0f ms), XMLParser empty-delegate ceiling %.1f MB/s (%.0f ms): %.0f %% of the ceiling",
                 itemCount, megabytes, megabytes / model, model * 1000, megabytes / ceiling, ceiling * 1000, ceiling / model * 100))
    print(String(format: "feed from a web address (relative links resolved): %.1f MB/s (%.0f ms): %.0f %% of the ceiling",
                 megabytes / fromTheWeb, fromTheWeb * 1000, ceiling / fromTheWeb * 100))
}

/// The fastest of `rounds` runs of `body`, in seconds; `before` runs, untimed, ahead of each.
private func best(of rounds: Int, before: () -> Void = {}, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    var fastest = Double.infinity
    for _ in 0..<rounds {
        before()
        let elapsed = clock.measure(body)
        fastest = min(fastest, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return fastest
}

/// An RSS 2.0 document with `items` items, cycling through the items of the shared real RSS feeds
/// (their namespace declarations gathered on the root, so every prefix they use is bound).
func makeLargeFeed(items count: Int, folder: URL) -> Data {
    let files = ["nasa__breaking_news_2018-09-05.rss", "nasa__breaking_news_2022-01-12.rss", "feedjira__TechCrunch.xml",
                 "feed-rs__rss_2.0_cloudflare.xml", "feed-rs__rss_2.0_nightvale.xml", "feed-rs__rss_2.0_bbc.xml",
                 "rust-syndication-rss__rss092.xml", "rust-syndication-rss__rss2sample.xml"]
    var namespaces: [String: String] = [:]
    var items: [String] = []
    for file in files {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else { continue }
        let declaration = try! NSRegularExpression(pattern: #"xmlns:([A-Za-z0-9_-]+)="([^"]*)""#)
        for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let prefix = String(text[Range(match.range(at: 1), in: text)!])
            namespaces[prefix] = String(text[Range(match.range(at: 2), in: text)!])
        }
        var rest = text[...]
        while let start = rest.range(of: "<item>"), let end = rest.range(of: "</item>", range: start.upperBound..<rest.endIndex) {
            items.append(String(rest[start.lowerBound..<end.upperBound]))
            rest = rest[end.upperBound...]
        }
    }
    guard !items.isEmpty else { fatalError("no items found in \(folder.path)") }
    let bindings = namespaces.sorted { $0.key < $1.key }.map { "xmlns:\($0.key)=\"\($0.value)\"" }.joined(separator: " ")
    var document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" \(bindings)>\n<channel>\n"
    document += "<title>Benchmark</title>\n<link>https://example.org/</link>\n<description>Real items, repeated</description>\n"
    for index in 0..<count { document += items[index % items.count] + "\n" }
    document += "</channel>\n</rss>\n"
    return Data(document.utf8)
}
