import Foundation
import FremontCore
import FremontUI

/// What a chart costs to draw into a buffer (everything but the terminal): the trend chart of
/// daily totals with a 7-day and a 365-day mean, and the hourly profile, at the sizes the
/// browser meets. The work should grow with the days and the cells, nothing else, and stay far
/// under a frame (16 ms).
enum ChartBenchmark {
    static func run(repetitions: Int) {
        print("Charts, rendered into a buffer (release build)")
        print("chart                              mean µs    p99 µs    max µs")
        for (days, width, height) in [(5_000, 200, 60), (5_000, 80, 24), (50_000, 200, 60), (500, 200, 60)] {
            let values = synthetic(days: days)
            let chart = TrendChart(firstDay: CivilCalendar.dayNumber(year: 2012, month: 10, day: 2), values: values, name: "total",
                                   overlays: [ChartLine("7-day mean", rollingMean(values, window: 7)),
                                              ChartLine("365-day mean", rollingMean(values, window: 365))],
                                   cursor: days / 3)
            let figures = measure(width: width, height: height, repetitions: repetitions) { chart.render(into: &$0, area: $1, theme: $2) }
            report("trend, \(NumberText.grouped(days)) days at \(width)×\(height)", figures)
        }
        let hours = (0..<24).map { Double(100 + ($0 * 37) % 400) }
        let profile = ProfileChart(panels: [
            .init(title: "northbound", lines: [ChartLine("weekdays", hours), ChartLine("weekends", hours.reversed())]),
            .init(title: "southbound", lines: [ChartLine("weekdays", hours.reversed()), ChartLine("weekends", hours)]),
        ], cursor: 8)
        report("profile, 2 panels at 200×60", measure(width: 200, height: 60, repetitions: repetitions) { profile.render(into: &$0, area: $1, theme: $2) })
    }

    /// Renders `repetitions` × 200 frames; the mean, 99th percentile and worst microseconds.
    private static func measure(width: Int, height: Int, repetitions: Int,
                                _ render: (inout ScreenBuffer, Rect, Theme) -> Void) -> (Double, Double, Double) {
        var buffer = ScreenBuffer(width: width, height: height)
        let area = Rect(x: 0, y: 0, width: width, height: height), theme = Theme(colors: .indexed256)
        render(&buffer, area, theme)  // warm up
        var samples: [UInt64] = []
        for _ in 0..<(repetitions * 200) {
            let start = DispatchTime.now().uptimeNanoseconds
            render(&buffer, area, theme)
            samples.append(DispatchTime.now().uptimeNanoseconds - start)
        }
        samples.sort()
        let mean = Double(samples.reduce(0, +)) / Double(samples.count) / 1000
        return (mean, Double(samples[samples.count * 99 / 100]) / 1000, Double(samples[samples.count - 1]) / 1000)
    }

    private static func report(_ label: String, _ figures: (Double, Double, Double)) {
        print("\(NumberText.padRight(label, 32)) \(String(format: "%8.1f  %8.1f  %8.1f", figures.0, figures.1, figures.2))")
    }

    /// Daily totals shaped like the bridge's: a summer peak, weekend dips, noise, a few gaps.
    private static func synthetic(days: Int) -> [Double] {
        var seed: UInt64 = 42
        return (0..<days).map { day in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            if seed >> 58 == 0 { return .nan }
            let season = 1 + 0.45 * -cos(2 * Double.pi * Double(day % 365) / 365.25)
            let weekend = day % 7 >= 5 ? 0.55 : 1
            return (3_000 * season * weekend * (0.85 + 0.3 * Double(seed >> 40) / Double(1 << 24))).rounded()
        }
    }

    private static func rollingMean(_ values: [Double], window: Int) -> [Double] {
        var sum = 0.0, present = 0
        return values.indices.map { index in
            if values[index].isFinite { sum += values[index]; present += 1 }
            if index >= window, values[index - window].isFinite { sum -= values[index - window]; present -= 1 }
            return present > 0 && index >= window - 1 ? sum / Double(present) : .nan
        }
    }
}
