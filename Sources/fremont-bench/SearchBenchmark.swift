import Foundation
import FremontCore
import FremontSources

/// Full-text search over 50,000 cached items: storing them (with their index) into a fresh cache
/// file, then each query's best time, next to the 16 ms a frame allows (a search runs off the UI
/// thread, but a person typing expects it within a frame or two).
enum SearchBenchmark {
    static let itemCount = 50_000

    static func run(dataDirectory: String) throws {
        let bytes = makeLargeFeed(items: 8_000, folder: URL(fileURLWithPath: dataDirectory).appendingPathComponent("feeds/real"))
        let parsed = try FeedParser.parse(.bytes(bytes, name: "bench-feed.xml")).feed
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fremont-bench-search-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try CacheDatabase(path: folder.appendingPathComponent("cache.sqlite").path)

        // Seven feeds of about 7,000 items each, every item with an id of its own.
        let feeds = 7
        let perFeed = itemCount / feeds + 1
        let clock = ContinuousClock()
        var stored = 0
        let storing = clock.measure {
            for feedIndex in 0..<feeds {
                var feed = Feed(format: .rss2, title: "Feed \(feedIndex)")
                feed.items = (0..<perFeed).compactMap { index in
                    guard stored + index < itemCount else { return nil }
                    var item = parsed.items[(feedIndex * perFeed + index) % parsed.items.count]
                    item.id = "\(feedIndex)-\(index)-" + item.id
                    return item
                }
                stored += feed.items.count
                _ = try? cache.storeFeed(feed, url: "https://bench.example/\(feedIndex).xml")
            }
        }
        print("Search, \(NumberText.grouped(stored)) cached items (real feed items, FTS5), release build")
        print(String(format: "store with the index: %.2f s (%.0f items/s)", seconds(storing), Double(stored) / seconds(storing)))
        print("query                      hits    best ms   (a frame: 16 ms)")
        for query in ["nasa", "space station", "launch crew", "james webb telescope", "zyzzyva", "a"] {
            var best = Double.infinity
            var hits = 0
            for _ in 0..<5 {
                let elapsed = clock.measure { hits = (try? cache.search(query, limit: 50).count) ?? -1 }
                best = min(best, seconds(elapsed))
            }
            let verdict = best * 1000 <= 16 ? "within a frame" : "OVER a frame"
            print("\(NumberText.padRight("'" + query + "'", 24)) \(String(format: "%6d  %9.2f", hits, best * 1000))   \(verdict)")
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
