import Foundation
import FremontCore
import FremontUI

/// The Feeds tab with 8,000 real items (cycled from the real feeds) at 200×60: what a load costs
/// off the UI thread (HTML to text) and on it (wrapping), a resize (re-wrapping every item), and
/// a key press (update + render), which must not depend on how many items are loaded.
enum ItemListBenchmark {
    static func run(dataDirectory: String) throws {
        let bytes = makeLargeFeed(items: 8_000, folder: URL(fileURLWithPath: dataDirectory).appendingPathComponent("feeds/real"))
        let parsed = try FeedParser.parse(.bytes(bytes, name: "bench-feed.xml"))
        let clock = ContinuousClock()
        var state = BrowserState(width: 200, height: 60, theme: Theme(colors: .indexed256), current: .feeds)
        var buffer = ScreenBuffer(width: 200, height: 60)
        state.render(into: &buffer)
        // The loading thread parses, prepares and wraps for the tab's area, as the runtime has it do.
        var prepared: PreparedFeed?
        let prepare = clock.measure { prepared = PreparedFeed(parsed, source: "bench-feed.xml") }
        var payload: LoadPayload?
        let wrap = clock.measure { payload = LoadPayload.feed(prepared!).laidOut(for: state.contentArea) }
        // The UI thread: the arrival (update) and the frame after it, each a stall of its own.
        let show = clock.measure { _ = state.update(.loaded(.feeds, source: "bench-feed.xml", .success(payload!), at: "")) }
        let firstFrame = clock.measure { state.render(into: &buffer) }
        let stall = max(milliseconds(show), milliseconds(firstFrame))
        let resize = clock.measure {
            _ = state.update(.resize(width: 120, height: 40))
            _ = state.update(.resize(width: 200, height: 60))
        }
        print("\nFeeds tab, \(NumberText.grouped(parsed.feed.items.count)) items at 200×60, release build")
        print(String(format: "load: prepare %.0f ms and wrap %.0f ms (loading thread); on the UI thread, show %.1f ms and the frame after %.1f ms",
                     milliseconds(prepare), milliseconds(wrap), milliseconds(show), milliseconds(firstFrame)))
        print(String(format: "longest UI-thread stall while the items arrive: %.1f ms (a frame: 16 ms): %@",
                     stall, stall <= 16 ? "met" : "MISSED"))
        print(String(format: "a resize re-wraps every item on the UI thread: %.0f ms", milliseconds(resize) / 2))
        print("key                      mean µs    p99 µs    max µs   (update + render into the buffer)")
        for (label, keys) in [("j (next item)", [Key.character("j")]), ("PgDn (a page)", [Key.pageDown]),
                              ("Enter (expand, collapse)", [Key.enter]), ("G / g (end, start)", [Key.character("G"), Key.character("g")])] {
            KeyTiming.print(label, KeyTiming.measure(keys, presses: 2_000, state: &state, buffer: &buffer))
            _ = state.update(.key(.character("g")))
        }
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
