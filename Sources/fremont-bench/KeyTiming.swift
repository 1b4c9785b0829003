import Foundation
import FremontCore
import FremontUI

/// A key press timed as the browser pays for it: update the state, render the buffer.
enum KeyTiming {
    struct Figures {
        var mean: Double
        var p99: Double
        var worst: Double
    }

    /// Presses `keys` in turn `presses` times (calling `between` after each, untimed); the mean,
    /// 99th percentile and worst microseconds a press.
    static func measure(_ keys: [Key], presses: Int, state: inout BrowserState, buffer: inout ScreenBuffer,
                        between: (Int, inout BrowserState) -> Void = { _, _ in }) -> Figures {
        var samples: [UInt64] = []
        samples.reserveCapacity(presses)
        for press in 0..<presses {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = state.update(.key(keys[press % keys.count]))
            state.render(into: &buffer)
            samples.append(DispatchTime.now().uptimeNanoseconds - start)
            between(press, &state)
        }
        samples.sort()
        let mean = Double(samples.reduce(0, +)) / Double(samples.count) / 1000
        return Figures(mean: mean, p99: Double(samples[samples.count * 99 / 100]) / 1000, worst: Double(samples.last ?? 0) / 1000)
    }

    /// One line: the figures and whether a press stays within 1 ms.
    static func print(_ label: String, _ figures: Figures) {
        let verdict = figures.mean <= 1000 && figures.p99 <= 1000 ? "met (≤ 1 ms)" : "MISSED (> 1 ms)"
        Swift.print("\(NumberText.padRight(label, 24)) \(String(format: "%8.1f  %8.1f  %8.1f", figures.mean, figures.p99, figures.worst))   \(verdict)")
    }
}
