import Foundation
import FremontCore
@testable import FremontUI

/// Data shaped like the Fremont Bridge's history, made up so tests need no files: daily totals
/// from 2012-10-02 to 2025-07-31 (4,686 days) with a summer peak, weekend dips, a 2020 slump,
/// noise and a few missing days; and their rolling means.
enum ChartFixtures {
    static let historyStart = CivilCalendar.dayNumber(year: 2012, month: 10, day: 2)
    static let historyEnd = CivilCalendar.dayNumber(year: 2025, month: 7, day: 31)

    static func history(days: Int = historyEnd - historyStart + 1, from first: Int = historyStart) -> [Double] {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        return (0..<days).map { index in
            let day = first + index
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let noise = Double(seed >> 33) / Double(1 << 31) - 0.5  // -0.5..<0.5
            let (year, month, dayOfMonth) = CivilCalendar.civil(dayNumber: day)
            if month == 3, dayOfMonth >= 10, dayOfMonth <= 12, year == 2019 { return .nan }  // a counter outage
            let yearDay = Double(day - CivilCalendar.dayNumber(year: year, month: 1, day: 1))
            let season = 1 + 0.45 * -cos(2 * Double.pi * (yearDay - 15) / 365.25)
            let weekend = CivilCalendar.weekday(dayNumber: day) >= 6 ? 0.55 : 1
            let era = year < 2020 ? 1 : (year == 2020 ? 0.6 : 0.75)
            return (3_000 * season * weekend * era * (1 + 0.3 * noise)).rounded()
        }
    }

    /// The mean of the present values among the `window` days ending at each day; `.nan` until
    /// a whole window has passed, or when none is present.
    static func rollingMean(_ values: [Double], window: Int) -> [Double] {
        var sum = 0.0, present = 0
        return values.indices.map { index in
            if values[index].isFinite { sum += values[index]; present += 1 }
            let leaving = index - window
            if leaving >= 0, values[leaving].isFinite { sum -= values[leaving]; present -= 1 }
            return present > 0 && index >= window - 1 ? sum / Double(present) : .nan
        }
    }

    static func trend(cursor: Int? = nil, days: [Double] = history()) -> TrendChart {
        TrendChart(firstDay: historyStart, values: days, name: "total",
                   overlays: [ChartLine("7-day mean", rollingMean(days, window: 7)),
                              ChartLine("365-day mean", rollingMean(days, window: 365))],
                   cursor: cursor)
    }

    /// Mean counts by hour, the two commute peaks on weekdays and one broad afternoon on weekends.
    static let weekdays: [Double] = [12.1, 5.3, 3.2, 2.9, 9.8, 48.7, 161.2, 412.3, 521.8, 260.4, 120.6, 98.2,
                                     101.5, 104.9, 121.3, 190.8, 388.1, 457.6, 240.2, 120.5, 70.3, 45.1, 30.8, 19.4]
    static let weekends: [Double] = [20.4, 13.2, 8.1, 4.6, 3.5, 6.9, 14.8, 30.2, 57.1, 98.6, 140.3, 171.9,
                                     185.2, 190.4, 184.7, 170.3, 150.2, 121.8, 90.6, 60.1, 41.2, 30.5, 24.9, 19.8]

}

extension ScreenBuffer {
    /// Appends the buffer's text to the file FREMONT_CHART_DUMP names, when set: to look at a chart by eye.
    func dumpIfAsked(_ title: String) {
        guard let path = ProcessInfo.processInfo.environment["FREMONT_CHART_DUMP"] else { return }
        let dump = "── \(title) (\(width)×\(height))\n" + text + "\n"
        if let handle = FileHandle(forWritingAtPath: path) {
            handle.seekToEndOfFile()
            handle.write(Data(dump.utf8))
            handle.closeFile()
        } else {
            _ = FileManager.default.createFile(atPath: path, contents: Data(dump.utf8))
        }
    }
}
