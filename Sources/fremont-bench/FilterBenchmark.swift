import Foundation
import FremontCore
import FremontSources

/// Filter expressions (newsboat's language) over the window benchmark's cache of 1,000,000
/// items in 500 feeds, evaluated in SQL: the count (every item tested), the first window of 100
/// rows (the list walked newest first until 100 match), and the next one. Then lists in another
/// order than the date (`article-sort-order`), and lists and the feed list's counts with a display
/// mode ignore rule (`ignore-mode display`, each item tested).
enum FilterBenchmark {
    static let window = 100

    static func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fremont-bench-filter-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cache.sqlite").path
        try ItemWindowBenchmark.fill(path)
        let cache = try CacheDatabase(path: path)
        // Half the feeds tagged `even`, as a feeds file would.
        let urls = (0..<ItemWindowBenchmark.feeds).map { "https://feed\($0).example/rss" }
        var tags: [String: [String]] = [:]
        for (index, url) in urls.enumerated() { tags[url] = index % 2 == 0 ? ["even", "news"] : ["odd"] }
        let feeds = FilterFeedList(urls: urls, tags: tags)
        print("Filter expressions over \(NumberText.grouped(ItemWindowBenchmark.items)) cached items in \(ItemWindowBenchmark.feeds) feeds, release build")
        print("expression                                            matches     count   first 100   next 100   (best of 3, ms)")
        let expressions = [
            "title =~ \"headline 4242$\"",
            "title =~ \"7$\"",
            "title =~ \"^headline (12|34)[0-9]*5$\" or title =~ \"99$\"",
            "unread = \"yes\" and title =~ \"42\"",
            "tags # \"even\" and unread = \"yes\"",
            "rssurl = \"https://feed7.example/rss\"",
            "age < 400 and feedtitle =~ \"feed 1\"",
            "( unread_count > 0 and unread_count < 10 ) or total_count > 100",
        ]
        for text in expressions {
            let query = ItemQuery.filter(try FilterParser.parse(text), feeds: feeds)
            var count = Double.infinity, first = Double.infinity, next = Double.infinity
            var total = 0
            for _ in 0..<3 {
                count = min(count, try seconds { total = try cache.itemCount(query) })
                var rows: [ItemHeadline] = []
                first = min(first, try seconds { rows = try cache.itemWindow(query, .start, limit: window) })
                if let after = rows.last?.cursor {
                    next = min(next, try seconds { rows = try cache.itemWindow(query, .after(after), limit: window) })
                }
            }
            print("\(NumberText.padRight(text, 52)) \(NumberText.padLeft(NumberText.grouped(total), 9))"
                  + String(format: "  %8.1f   %9.1f  %9.1f", count * 1000, first * 1000, next.isFinite ? next * 1000 : 0))
        }
        // newsboat's display mode below: stored, hidden from every list and count (a tenth of the items, in every feed).
        let rule = "title =~ \"7[0-9][0-9][0-9]$\""
        print("")
        print("list (display rule: \(rule))        rows     count   first 100   next 100   (best of 3, ms)")
        let feed7 = ItemQuery.feed("https://feed7.example/rss")
        for (label, query, order) in [("all items, article-sort-order title", ItemQuery.all, ItemOrder(.title)),
                                      ("unread, article-sort-order title-desc", .unread, ItemOrder(.title, ascending: false)),
                                      ("one feed, article-sort-order title", feed7, ItemOrder(.title))] {
            try list(cache, label, query, order)
        }
        let statuses = try best { _ = try cache.feedStatuses() }
        print(NumberText.padRight("feed list counts (every feed's), no rule", 62) + String(format: "  %8.1f", statuses * 1000))
        cache.hideItems(matching: try FilterParser.parse(rule))
        for (label, query) in [("all items, ignore-mode display", ItemQuery.all), ("unread, ignore-mode display", .unread),
                               ("one feed, ignore-mode display", feed7)] {
            try list(cache, label, query, .newestFirst)
        }
        let hidden = try best { _ = try cache.feedStatuses() }
        print(NumberText.padRight("feed list counts (every feed's), ignore-mode display", 62) + String(format: "  %8.1f", hidden * 1000))
        cache.hideItems(matching: nil)
    }

    /// One list's count, first window and the next, best of 3.
    private static func list(_ cache: CacheDatabase, _ label: String, _ query: ItemQuery, _ order: ItemOrder) throws {
        var count = Double.infinity, first = Double.infinity, next = Double.infinity
        var total = 0
        for _ in 0..<3 {
            count = min(count, try seconds { total = try cache.itemCount(query) })
            var rows: [ItemHeadline] = []
            first = min(first, try seconds { rows = try cache.itemWindow(query, .start, limit: window, order: order) })
            if let after = rows.last?.cursor {
                next = min(next, try seconds { rows = try cache.itemWindow(query, .after(after), limit: window, order: order) })
            }
        }
        print("\(NumberText.padRight(label, 52)) \(NumberText.padLeft(NumberText.grouped(total), 9))"
              + String(format: "  %8.1f   %9.1f  %9.1f", count * 1000, first * 1000, next.isFinite ? next * 1000 : 0))
    }

    private static func best(_ work: () throws -> Void) rethrows -> Double {
        var fastest = Double.infinity
        for _ in 0..<3 { fastest = min(fastest, try seconds(work)) }
        return fastest
    }

    private static func seconds(_ work: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
