import Foundation
import Testing
import FremontCore
@testable import FremontSources

/// A feed that churns its item ids cannot grow the cache without end: what the last fetch listed
/// stays, and of the rest the newest `max-items`; the file shrinks back as items go.
@Suite struct CachePruningTests {
    private func feed(_ round: Int, items: Int) -> Feed {
        Feed(format: .rss2, title: "Churn", items: (0..<items).map { index in
            FeedItem(id: "r\(round)-\(index)", title: "Round\(round)x item \(index)", link: "https://example.org/\(round)/\(index)",
                     summary: String(repeating: "words of a summary ", count: 20))
        })
    }

    @Test func sixtyThousandChurnedItemsStayBounded() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fremont-prune-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cache.sqlite").path
        let cache = CacheDatabase.open(at: URL(fileURLWithPath: path))
        #expect(cache.notice == nil)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var sizes: [Int] = []
        for round in 0..<60 {
            try cache.storeFeed(feed(round, items: 1_000), url: "https://churn.example/rss",
                                fetchedAt: start.addingTimeInterval(Double(round) * 60), keepingVanished: 300)
            if round % 20 == 19 {
                sizes.append((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
            }
        }
        let cached = try #require(try cache.cachedFeed(url: "https://churn.example/rss"))
        // The last fetch's 1,000 and the newest 300 of the vanished: round 58's first (newest) ones.
        #expect(cached.feed.items.count == 1_300)
        #expect(cached.feed.items.first?.id == "r59-0")
        #expect(cached.feed.items.contains { $0.id == "r58-299" } && !cached.feed.items.contains { $0.id == "r58-300" })
        #expect(!cached.feed.items.contains { $0.id == "r57-0" })
        // The search index lost the pruned items too.
        #expect(try cache.search("Round30x").isEmpty)
        #expect(!(try cache.search("Round59x").isEmpty))
        // The file stopped growing: the same size (within a little) after 40 rounds as after 60.
        #expect(sizes.last! <= sizes[1] + sizes[1] / 5, "\(sizes)")
    }

    @Test func maxItemsComesFromTheConfig() throws {
        let config = try FremontConfig.parse("max-items = 50\nmax-items = lots\n", name: "config")
        #expect(config.maxItems == 50)
        #expect(config.warnings.map(\.message) == ["max-items must be a whole number from 0 to 1000000, not 'lots'; ignored"])
    }
}
