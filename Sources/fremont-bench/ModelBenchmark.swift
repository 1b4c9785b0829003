import Foundation
import FremontCore

/// Issue 29's join and model over the whole Fremont history (112,440 hours) and a made-up daily
/// weather table over its 4,686 days: the join (hours summed into days beside the weather), the
/// model's days, one fit, and the fit with 1,000 bootstrap samples.
enum ModelBenchmark {
    static func run(dataDirectory: String, repetitions: Int) throws {
        let path = dataDirectory + "/bikes/city-export-2012-10-02_to_2025-07-31.csv"
        let counts = try SeriesLoader.load(.file(path))
        let weather = madeUpWeather(from: counts.times.first!.startOfDay, through: counts.times.last!.startOfDay)
        print("Join and model: \(NumberText.grouped(counts.rowCount)) hours × \(counts.series.count) series with \(NumberText.grouped(weather.rowCount)) days of weather, best of \(repetitions) runs")
        print("what                                        ms")
        func measure(_ label: String, runs: Int = repetitions, _ body: () throws -> Int) rethrows {
            var best = Double.infinity
            var sink = 0
            for _ in 0..<max(1, runs) {
                let start = DispatchTime.now().uptimeNanoseconds
                sink &+= try body()
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            print("\(NumberText.padRight(label, 40)) \(String(format: "%9.2f", best))\(sink == 0 ? " (nothing computed)" : "")")
        }
        measure("join: hours into days, beside weather") {
            SeriesJoin([SeriesJoin.Part(name: "bridge", table: counts), SeriesJoin.Part(name: "weather", table: weather)]).table.rowCount
        }
        let days = try RidershipDays(counts: counts, weather: weather)
        try measure("model's days (total, join, left out)") { try RidershipDays(counts: counts, weather: weather).days.count }
        measure("fit \(days.days.count) days, no bootstrap") { RidershipModel(days: days.days, latitude: 47.61, samples: 0).rank }
        measure("fit with 1,000 bootstrap samples", runs: min(repetitions, 3)) {
            RidershipModel(days: days.days, latitude: 47.61, samples: 1000).rank
        }
    }

    /// A Seattle-like year of days: a seasonal temperature, rain on about half of them.
    static func madeUpWeather(from first: LocalDateTime, through last: LocalDateTime) -> SeriesTable {
        var generator = SplitMix64(seed: 29)
        var times: [LocalDateTime] = [], highs: [Double] = [], lows: [Double] = [], rain: [Double] = []
        var day = first
        while day <= last {
            let season = sin(Double(day.dayNumber - 100) / 365.25 * 2 * Double.pi)
            let high = 15 + 9 * season + Double(generator.next() % 60) / 10 - 3
            times.append(day)
            highs.append(high)
            lows.append(high - 6 - Double(generator.next() % 40) / 10)
            rain.append(generator.next() % 2 == 0 ? 0 : Double(generator.next() % 200) / 10)
            day = day.addingHours(24)
        }
        return SeriesTable(series: [Series(name: "temperature_2m_max", kind: .measure), Series(name: "temperature_2m_min", kind: .measure),
                                    Series(name: "precipitation_sum", kind: .count)],
                           times: times, values: [highs, lows, rain])
    }
}
