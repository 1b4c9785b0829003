import Foundation
import FremontCore
import FremontUI

/// The Feeds tab with 8,000 real items (cycled from the real feeds) at 200×60: what a load costs
/// off the UI thread (HTML to text) and on it (wrapping), a resize (re-wrapping every item), and
/// a key press (update + render), which must not depend on how many items are loaded.
enum FeedsTabBenchmark {
    static func run(dataDirectory: String) throws {
        let bytes = makeLargeFeed(items: 8_000, folder: URL(fileURLWithPath: dataDirectory).appendingPathComponent("feeds/real"))
        let parsed = try FeedParser.parse(.bytes(bytes, name: "bench-feed.xml"))
        let clock = ContinuousClock()
        var prepared: PreparedFeed?
        let prepare = clock.measure { prepared = PreparedFeed(parsed, source: "bench-feed.xml") }
        var state = BrowserState(width: 200, height: 60, theme: Theme(colors: .indexed256), current: .feeds)
        let show = clock.measure { _ = state.update(.feedsLoaded(source: "bench-feed.xml", .success(prepared!), at: "")) }
        let resize = clock.measure {
            _ = state.update(.resize(width: 120, height: 40))
            _ = state.update(.resize(width: 200, height: 60))
        }
        print("\nFeeds tab, \(NumberText.grouped(parsed.feed.items.count)) items at 200×60, release build")
        print(String(format: "load: prepare %.0f ms (loading thread), show and wrap %.0f ms (UI thread); a resize re-wraps in %.0f ms",
                     milliseconds(prepare), milliseconds(show), milliseconds(resize) / 2))
        print("key                      mean µs    p99 µs    max µs   (update + render into the buffer)")
        var buffer = ScreenBuffer(width: 200, height: 60)
        for (label, keys) in [("j (next item)", [Key.character("j")]), ("PgDn (a page)", [Key.pageDown]),
                              ("Enter (expand, collapse)", [Key.enter]), ("G / g (end, start)", [Key.character("G"), Key.character("g")])] {
            var samples: [UInt64] = []
            for press in 0..<2_000 {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = state.update(.key(keys[press % keys.count]))
                state.render(into: &buffer)
                samples.append(DispatchTime.now().uptimeNanoseconds - start)
            }
            _ = state.update(.key(.character("g")))
            samples.sort()
            let mean = Double(samples.reduce(0, +)) / Double(samples.count) / 1000
            let p99 = Double(samples[samples.count * 99 / 100]) / 1000
            let verdict = mean <= 1000 && p99 <= 1000 ? "met (≤ 1 ms)" : "MISSED (> 1 ms)"
            print("\(NumberText.padRight(label, 24)) \(String(format: "%8.1f  %8.1f  %8.1f", mean, p99, Double(samples.last ?? 0) / 1000))   \(verdict)")
        }
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
