import Foundation
import FremontCore
import FremontUI

/// The browser's costs: a key press (update the state and render the buffer) over the whole
/// history at 200×60, and, on the real binary in a pseudo-terminal, the time from start to the
/// first frame with data and the bytes each key sends to the terminal.
enum BrowserBenchmark {
    static func run(dataDirectory: String) throws {
        let history = try BikeDataLoader.load(.file(dataDirectory + "/bikes/city-export-2012-10-02_to_2025-07-31.csv"))
        print("Browser, whole history (\(NumberText.grouped(history.rows.count)) rows) at 200×60, release build")
        print("key                      mean µs    max µs   (update + render into the buffer)")
        for (label, keys) in [("j (one row)", [Key.character("j")]),
                              ("PgDn (a page)", [Key.pageDown]),
                              ("G / g (end, start)", [Key.character("G"), Key.character("g")]),
                              ("] (next day)", [Key.character("]")]),
                              ("h h (heatmap and back)", [Key.character("h")])] {
            let (mean, maximum) = measureKeys(keys, counts: history, presses: 2_000)
            print("\(NumberText.padRight(label, 24)) \(String(format: "%8.1f  %8.1f", mean, maximum))   \(mean <= 1000 ? "met (≤ 1 ms)" : "MISSED (> 1 ms)")")
        }
    }

    /// Presses `keys` in turn `presses` times; returns the mean and worst microseconds per press.
    private static func measureKeys(_ keys: [Key], counts: BikeCounts, presses: Int) -> (Double, Double) {
        var state = BrowserState(width: 200, height: 60, theme: Theme(colors: .indexed256))
        _ = state.update(.bikesLoaded(source: "history", .success(counts), at: "00:00:00"))
        var buffer = ScreenBuffer(width: 200, height: 60)
        state.render(into: &buffer)
        var total: UInt64 = 0
        var worst: UInt64 = 0
        for press in 0..<presses {
            let key = keys[press % keys.count]
            let start = DispatchTime.now().uptimeNanoseconds
            _ = state.update(.key(key))
            state.render(into: &buffer)
            let elapsed = DispatchTime.now().uptimeNanoseconds - start
            total += elapsed
            worst = max(worst, elapsed)
            // Keep the selection moving through the whole history, not bouncing at its end.
            if press % 500 == 499, key == .character("j") || key == .pageDown { _ = state.update(.key(.character("g"))) }
        }
        return (Double(total) / Double(presses) / 1000, Double(worst) / 1000)
    }
}
