import Foundation
import FremontCore
import FremontUI

/// The UI thread's longest stall in the scale benchmark's scenarios that the pseudo-terminal
/// cannot separate from the cache's work: a resize of the river with 8,000 items, collapsed and
/// every one expanded (update + the frame after; a frame is 16 ms).
enum ScaleStalls {
    static func run(corpus: ScaleCorpus) throws {
        let bytes = makeLargeFeed(items: 8_000, folder: URL(fileURLWithPath: "\(corpus.dataDirectory)/feeds/real"))
        let parsed = try FeedParser.parse(.bytes(bytes, name: "bench-feed.xml"))
        var state = BrowserState(width: 120, height: 40, theme: Theme(colors: .indexed256), current: .feeds)
        var buffer = ScreenBuffer(width: 120, height: 40)
        let payload = LoadPayload.feed(PreparedFeed(parsed, source: "bench-feed.xml")).laidOut(for: state.contentArea)
        _ = state.update(.loaded(.feeds, source: "bench-feed.xml", .success(payload), at: ""))
        state.render(into: &buffer)
        for (label, keys) in [("collapsed", [Key]()), ("every item expanded (E)", [Key.character("E")])] {
            for key in keys { _ = state.update(.key(key)); state.render(into: &buffer) }
            var longest = 0.0
            for (width, height) in [(119, 40), (120, 40), (100, 30), (120, 40)] {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = state.update(.resize(width: width, height: height))
                buffer = ScreenBuffer(width: width, height: height)
                state.render(into: &buffer)
                longest = max(longest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            print(String(format: "  a resize of the river, %@ items %@: %.1f ms on the UI thread → %@", NumberText.grouped(parsed.feed.items.count),
                         label, longest, longest <= 16 ? "met (≤ 16 ms)" : "MISSED (> 16 ms)"))
        }
    }
}
