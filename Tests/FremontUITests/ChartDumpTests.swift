import FremontCore
import Testing
@testable import FremontUI

/// Charts to look at by eye: `FREMONT_CHART_DUMP=/tmp/charts.txt swift test --filter ChartDumpTests`
/// appends the text of the whole history's trend (in colour and without) and of the two
/// directions' profiles, at the sizes the browser meets, to that file.
@Suite(.needsSharedData) struct ChartDumpTests {
    @Test func dumpsTheHistoryAndTheProfile() {
        for (width, height) in [(200, 60), (120, 30), (80, 24), (40, 12), (20, 6)] {
            for colors in [ColorSupport.indexed256, .none] {
                var buffer = ScreenBuffer(width: width, height: height)
                ChartFixtures.trend(cursor: 1_295).render(into: &buffer, area: Rect(x: 0, y: 0, width: width, height: height), theme: Theme(colors: colors))
                buffer.dumpIfAsked("trend, colours \(colors)")
                #expect(buffer.line(0).hasPrefix("Tue 2016-04-19"))
            }
        }
        for (width, height) in [(100, 20), (80, 24), (40, 12)] {
            for colors in [ColorSupport.indexed256, .none] {
                var buffer = ScreenBuffer(width: width, height: height)
                let chart = ProfileChart(panels: [
                    .init(title: "northbound", lines: [ChartLine("weekdays", ChartFixtures.weekdays), ChartLine("weekends", ChartFixtures.weekends)]),
                    .init(title: "southbound", lines: [ChartLine("weekdays", ChartFixtures.weekdays.reversed()), ChartLine("weekends", ChartFixtures.weekends)]),
                ], cursor: 8)
                chart.render(into: &buffer, area: Rect(x: 0, y: 0, width: width, height: height), theme: Theme(colors: colors))
                buffer.dumpIfAsked("profile, colours \(colors)")
                #expect(buffer.line(0).hasPrefix("northbound  08:00"))
            }
        }
    }
}
