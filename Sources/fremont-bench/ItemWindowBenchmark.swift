import Foundation
import FremontCore
import FremontSources
import FremontUI
import FremontBrowser
import GRDB

/// An item list over a cache of 1,000,000 items in 500 feeds, as a window: opening (the count
/// and the first 100 rows), the next pages, the last page, a jump to the middle; then the peak
/// memory of a process that opens and pages such a list, beside one that reads the same cache
/// whole the way *All items* did (every feed with its items): the ceiling a window beats.
enum ItemWindowBenchmark {
    static let items = 1_000_000
    static let feeds = 500
    static let window = 100

    static func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fremont-bench-window-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cache.sqlite").path
        let filling = try seconds { try fill(path) }
        let cache = try CacheDatabase(path: path)
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        print("Item list windows, \(NumberText.grouped(items)) cached items in \(feeds) feeds, \(window) rows a window, release build")
        print(String(format: "cache filled in SQL in %.1f s (%.0f MB)", filling, Double(size) / 1_000_000))
        print("list              items     open    next page   last page   middle   (best of 5, ms; a frame: 16 ms)")
        let tag = ItemQuery.tag("half", feeds: Set((0..<feeds / 2).map { "https://feed\($0 * 2).example/rss" }))
        let queries: [(String, ItemQuery)] = [("all", .all), ("unread", .unread), ("one feed", .feed("https://feed7.example/rss")),
                                              ("a tag of 250", tag), ("starred", .starred)]
        for (name, query) in queries {
            var open = Double.infinity, next = Double.infinity, last = Double.infinity, middle = Double.infinity
            var total = 0
            for _ in 0..<5 {
                var rows: [ItemHeadline] = []
                open = min(open, try seconds {
                    let read = try cache.countedItemWindow(query) { _ in (.start, limit: window) }
                    total = read.total
                    rows = read.rows
                })
                if let after = rows.last?.cursor {
                    next = min(next, try seconds { rows = try cache.itemWindow(query, .after(after), limit: window) })
                }
                last = min(last, try seconds { rows = try cache.itemWindow(query, .end, limit: window) })
                let plan = ItemSeek.offset(total / 2)
                middle = min(middle, try seconds { rows = try cache.itemWindow(query, plan, limit: window) })
            }
            print("\(NumberText.padRight(name, 14)) \(NumberText.padLeft(NumberText.grouped(total), 9))"
                  + String(format: "  %7.2f   %9.2f   %9.2f  %7.2f", open * 1000, next * 1000, last * 1000, middle * 1000))
        }
        let view = try HeadlineDrive(cache: cache)
        print("the headline list itself (the browser's state at 120×40; a key counts the window reads its frame waits for, "
              + "not those read ahead between keys; ms):")
        print(String(format: "  open All items to its first frame %.2f; j: median %.3f, worst %.3f; PgDn: median %.2f, worst %.2f; G %.2f; g %.2f; "
                     + "%d reads ahead between keys, p99 %.2f",
                     view.open * 1000, view.down.median * 1000, view.down.worst * 1000, view.page.median * 1000, view.page.worst * 1000,
                     view.end * 1000, view.home * 1000, view.readAheads, view.readAheadP99 * 1000))
        print("peak memory (a process of its own, VmHWM):")
        for (mode, label) in [("none", "opening the cache only"), ("window", "a window: open, 100 pages, the end, the middle"),
                              ("view", "the headline list: open, 300 j, 100 PgDn, G, g"),
                              ("whole", "the cache read whole (every feed's items)")] {
            let start = DispatchTime.now().uptimeNanoseconds
            let peak = WholeCommand.output(of: WholeCommand.benchmark, ["--window-peak", mode, path])
                .flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }.map { $0 / 1024 }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            print("  \(NumberText.padRight(label, 48)) \(peak.map { String(format: "%7.1f MB", $0) } ?? "      ?")  \(String(format: "%6.2f s", elapsed))")
        }
    }

    /// Called in a child process: does one thing to the cache at `path` and prints its peak RSS in kB.
    static func reportPeakMemory(mode: String, path: String) {
        if let cache = try? CacheDatabase(path: path) {
            switch mode {
            case "window":
                var rows = (try? cache.countedItemWindow(.all) { _ in (.start, limit: window) })?.rows ?? []
                for _ in 0..<100 {
                    guard let after = rows.last?.cursor else { break }
                    rows = (try? cache.itemWindow(.all, .after(after), limit: window)) ?? []
                }
                _ = try? cache.itemWindow(.all, .end, limit: window)
                _ = try? cache.itemWindow(.all, .offset(items / 2), limit: window)
            case "view":
                _ = try? HeadlineDrive(cache: cache)
            case "whole":
                // Every feed held at once, as a list of all items held them (the peak is a high-water mark).
                var kept: [CachedFeed] = []
                for feed in 0..<feeds {
                    if let cached = try? cache.cachedFeed(url: "https://feed\(feed).example/rss") { kept.append(cached) }
                }
            default: break
            }
        }
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        print(line.split(separator: " ").dropFirst().first ?? "?")
    }

    /// The cache made by `CacheDatabase` (every migration), then filled in SQL in one
    /// transaction: dates a permutation of the items over two years, two items a minute, one
    /// in 101 undated, one in three read, one in a thousand starred; a headline's columns only.
    static func fill(_ path: String) throws {
        _ = try CacheDatabase(path: path)
        var configuration = Configuration()
        configuration.prepareDatabase { db in CacheDatabase.registerFunctions(db) }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.write { db in
            try db.execute(sql: "PRAGMA cache_size = -262144")
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(feeds - 1))
                INSERT INTO feed (url, title) SELECT 'https://feed' || i || '.example/rss', 'Feed ' || i FROM n;
                WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(items - 1))
                INSERT INTO item (feedKey, id, position, title, published, isRead, firstSeen, lastSeen)
                SELECT 1 + i % \(feeds), 'item-' || i, i / \(feeds), 'Headline ' || i,
                       CASE WHEN i % 101 = 0 THEN NULL ELSE 1600000000 + (i * 7919 % \(items)) / 2 * 60 END,
                       i % 3 = 0, 1704067200, 1704067200
                FROM n;
                INSERT INTO starred (source, id, title, feedName, date, starredAt)
                SELECT feed.url, item.id, item.title, 'Feed', strftime('%Y-%m-%d %H:%M:%f', item.published, 'unixepoch'), '2024-01-01 00:00:00.000'
                FROM item JOIN feed ON feed.key = item.feedKey WHERE item.rowid % 1000 = 0;
                """)
        }
    }

    private static func seconds(_ work: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}

/// The browser's feed list over the cache, All items opened and paged by keys: what a person
/// waits for. Before a key's frame, only the window reads the frame needs (the screen lacks rows,
/// `BrowserState.isWaitingForRows`) run, each as the run's `ItemCacheService` reads it; the reads the list asks
/// ahead (the window past the screen, the list's ends) and its count run after the frame, between
/// keys, as the loader runs them off the UI thread, and are counted apart (`readAheads`).
struct HeadlineDrive {
    var open = 0.0
    var down: (median: Double, worst: Double) = (0, 0)
    var page: (median: Double, worst: Double) = (0, 0)
    var end = 0.0
    var home = 0.0

    /// The longest a key kept the UI thread (update and render, the window reads left out: a loader's work).
    var longestUIWork = 0.0
    /// The 99th percentile of j and of PgDn.
    var downP99 = 0.0
    var pageP99 = 0.0
    /// The reads run between keys (read ahead, ends, counts): how many, and the 99th percentile of one read.
    var readAheads = 0
    var readAheadP99 = 0.0

    init(cache: CacheDatabase, sources: [String] = (0..<ItemWindowBenchmark.feeds).map { "https://feed\($0).example/rss" },
         openRow: Int = 0) throws {
        let feeds = sources.map { FollowedFeed(source: $0) }
        var state = BrowserState(width: 120, height: 40, theme: Theme(colors: .indexed256), current: .feeds, feeds: FeedListView(feeds: feeds))
        var buffer = ScreenBuffer(width: 120, height: 40)
        var longest = 0.0
        var asked: [(command: Command, address: ScreenAddress)] = []
        var between: [Double] = []
        func ask(_ effects: [BrowserEffect]) {
            for case .run(let command, let address) in effects where command.key == ItemCommands.windowKey || command.key == ItemCommands.countKey {
                asked.append((command, address))
            }
        }
        // The list's windows read as a run reads them (the run's item cache over this cache).
        var services = BrowserServices()
        services.provide((any ItemCache).self, ItemCacheService(settings: FetchSettings(), cache: { cache }))
        // A window read as the run reads it; returns the read's nanoseconds.
        func read(_ asked: (command: Command, address: ScreenAddress)) throws -> UInt64 {
            let start = DispatchTime.now().uptimeNanoseconds
            let reply = asked.command.run(services)
            if case .failure(let error) = reply.result { throw error }
            let reading = DispatchTime.now().uptimeNanoseconds - start
            let landing = DispatchTime.now().uptimeNanoseconds
            ask(state.update(.replied(asked.address, reply, at: "")))
            longest = max(longest, Double(DispatchTime.now().uptimeNanoseconds - landing) / 1e9)
            return reading
        }
        func press(_ key: Key) throws -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            var reading: UInt64 = 0
            ask(state.update(.key(key)))
            var rounds = 0
            // What the frame needs: a window the screen lacks (a count has a lane of its own).
            while state.isWaitingForRows, let index = asked.firstIndex(where: { $0.command.lane != .count }), rounds < 10 {
                rounds += 1
                reading += try read(asked.remove(at: index))
            }
            state.render(into: &buffer)
            let elapsed = DispatchTime.now().uptimeNanoseconds - start
            longest = max(longest, Double(elapsed - reading) / 1e9)
            // Between keys, off the UI thread: the reads asked ahead, each landing as the loader hands it back.
            rounds = 0
            while !asked.isEmpty, rounds < 10 {
                rounds += 1
                between.append(Double(try read(asked.removeFirst())) / 1e9)
            }
            return Double(elapsed) / 1e9
        }
        for _ in 0..<openRow { _ = try press(.character("j")) }
        open = try press(.enter)
        var downs: [Double] = [], pages: [Double] = []
        for _ in 0..<300 { downs.append(try press(.character("j"))) }
        for _ in 0..<100 { pages.append(try press(.pageDown)) }
        end = try press(.character("G"))
        home = try press(.character("g"))
        longestUIWork = longest
        downs.sort()
        pages.sort()
        between.sort()
        downP99 = downs[downs.count * 99 / 100]
        pageP99 = pages[pages.count * 99 / 100]
        down = (downs[downs.count / 2], downs.last!)
        page = (pages[pages.count / 2], pages.last!)
        readAheads = between.count
        readAheadP99 = between.isEmpty ? 0 : between[between.count * 99 / 100]
    }
}
