import Testing
import FremontCore
import FremontTestSupport
@testable import FremontUI

/// Any counter's table on the Table tab: its series under their names, a source total as one
/// column, rows shaded by the series chosen with `c`, and the heatmap's levels on 8 colours.
@Suite struct CounterTableTests {
    static let counter: SeriesTable = {
        let start = LocalDateTime(year: 2014, month: 1, day: 1)!
        let hours = 48
        let pedSouth = (0..<hours).map { Double($0 % 24 == 8 ? 40 : $0 % 5) }
        let bikeNorth: [Double] = (0..<hours).map { hour -> Double in
            if hour == 30 { return .nan }
            return hour % 24 == 17 ? 120 : Double(hour % 7)
        }
        let total = zip(pedSouth, bikeNorth).map { $0 + ($1.isNaN ? 0 : $1) }
        return SeriesTable(series: [Series(name: "Ped South"), Series(name: "Bike North"), Series(name: "BGT North of NE 70th Total", role: .total)],
                           times: (0..<hours).map { start.addingHours($0) }, values: [pedSouth, bikeNorth, total])
    }()

    private func browser(colors: ColorSupport = .indexed256, width: Int = 100, height: Int = 30) -> BrowserState {
        var state = BrowserState(width: width, height: height, theme: Theme(colors: colors))
        _ = state.tableLoaded(source: "bgt.csv", .success(Self.counter), at: "12:00:00")
        return state
    }

    @Test func seriesUnderTheirNamesAndTheSourcesTotalOnce() {
        let buffer = screen(browser())
        let header = buffer.row(containing: "Date")!
        #expect(buffer.line(header).contains("Ped South") && buffer.line(header).contains("Bike North"))
        // One total column: the source's, not a sum of the series added again.
        #expect(buffer.line(header).components(separatedBy: "Total").count == 2)
        let eight = buffer.row(containing: "January 1, 2014  8:00 AM")!
        #expect(buffer.line(eight).contains("40"))
        #expect(buffer.text.contains("Ped South 2") || buffer.text.contains("Ped South 1"))
        #expect(buffer.text.contains("c: shade by the next series"))
    }

    @Test func rowsAreShadedByTheChosenSeries() {
        var state = browser()
        var buffer = screen(state)
        // By Ped South first: its busiest hour (08:00) is the deepest green.
        let eight = buffer.row(containing: "January 1, 2014  8:00 AM")!
        let five = buffer.row(containing: "January 1, 2014  5:00 PM")
        #expect(buffer.style(of: "Wednesday", row: eight)?.background == .indexed(TerminalColor.nearestIndexed(0, 150, 0)))
        let effects = press(&state, .character("c"))
        #expect(effects.isEmpty)
        #expect(state.status.message?.contains("shading by Bike North") == true)
        buffer = screen(state)
        #expect(buffer.style(of: "Wednesday", row: eight)?.background != .indexed(TerminalColor.nearestIndexed(0, 150, 0)))
        if let five {
            #expect(buffer.style(of: "Wednesday", row: five)?.background == .indexed(TerminalColor.nearestIndexed(0, 150, 0)))
        }
    }

    @Test func theHeatmapShowsLevelsAsDensityOnEightColours() {
        var state = browser(colors: .ansi8)
        press(&state, .character("h"))
        let buffer = screen(state)
        let day = buffer.row(startingWith: "Wed 2014-01-01")!
        let cellWidth = 3
        // 08:00 is Ped South's busiest hour: a full block in green, quiet hours lighter ones.
        #expect(buffer[16 + 8 * cellWidth, day].text == "█")
        #expect(buffer[16 + 8 * cellWidth, day].style.foreground == .green)
        #expect(["░", "▒"].contains(buffer[16 + 1 * cellWidth, day].text))
        // The Fremont table on 8 colours: blue and red blocks, never blank cells.
        var april = April.browser(width: 100, height: 30, colors: .ansi8)
        press(&april, .character("h"))
        let aprilBuffer = screen(april)
        let tuesday = aprilBuffer.row(startingWith: "Tue 2016-04-19")!
        #expect(aprilBuffer[16 + 8 * 3, tuesday].text == "█")
        #expect(aprilBuffer[16 + 8 * 3, tuesday].style.foreground == .blue)
        #expect((0..<24).allSatisfy { aprilBuffer[16 + $0 * 3, tuesday].text != " " })
    }
}
