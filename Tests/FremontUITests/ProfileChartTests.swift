import FremontCore
import Testing
@testable import FremontUI

/// The hourly profile drawn into buffers: one panel whole, small multiples on one scale, what
/// does not fit, gaps, the cursor and its readout.
@Suite(.needsSharedData) struct ProfileChartTests {
    static let colour = Theme(colors: .indexed256)

    static func render(_ chart: ProfileChart, width: Int, height: Int, theme: Theme = colour) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        chart.render(into: &buffer, area: Rect(x: 0, y: 0, width: width, height: height), theme: theme)
        return buffer
    }

    static var commute: ProfileChart {
        ProfileChart(lines: [ChartLine("weekdays", ChartFixtures.weekdays), ChartLine("weekends", ChartFixtures.weekends)], cursor: 8)
    }

    static var twoDirections: ProfileChart {
        ProfileChart(panels: [
            .init(title: "northbound", lines: [ChartLine("weekdays", ChartFixtures.weekdays), ChartLine("weekends", ChartFixtures.weekends)]),
            .init(title: "southbound", lines: [ChartLine("weekdays", ChartFixtures.weekdays.reversed()), ChartLine("weekends", ChartFixtures.weekends)]),
        ], cursor: 17)
    }

    @Test func onePanelWhole() {
        let screen = Self.render(Self.commute, width: 60, height: 12)
        #expect(screen.text == """
            08:00  ━ weekdays 521.8 · ━ weekends 57.1
               │                   ⣠
               │                  ⡰⠁⡇                   ⣠
            400┤                 ⡰⠁ ⠸⡀                ⢀⠜ ⢇
               │                ⢠⠃   ⢣               ⢀⠎  ⠈⡆
               │                ⡜    ⠘⡄              ⡜    ⠸⡀
            200┤               ⢰⠁     ⠘⢄    ⣀⣀⣀⣀⣀⣀⣀ ⡜      ⠱⡀
               │              ⢠⠃       ⢀⡠⠒⠉⠉    ⢀⣀⠔⠉⠉⠒⠤⢄⣀⡀  ⠈⢆
               │             ⡔⠁    ⣀⡠⠔⠊⠁ ⠉⠒⠒⠒⠒⠊⠉⠁        ⠈⠑⠒⠤⣀⡀⢄⣀
              0┤ ⠤⠤⠤⠤⠤⠤⣀⣀⣀⣀⣀⣀⣀⠤⠤⠔⠒⠉                           ⠈⠉⠉⠒⠒⠒⠒⠢⠤
               └─┴───┴────┴────┴───▲────┴────┴───┴────┴────┴───┴────┴───
                 0   2    4    6   8    10   12  14   16   18  20   22
            """)
        // Each line's swatch in its colour: blue and red, apart for colour-blind eyes too.
        #expect(screen.style(of: "━ weekdays", row: 0) == Self.colour.chart(.blue))
        #expect(screen.style(of: "━ weekends", row: 0) == Self.colour.chart(.red))
        #expect(screen.style(of: "08:00", row: 0) == Self.colour.title)
        // The morning peak is drawn in the weekdays' colour, the cursor's column reversed.
        let peak = (1..<10).first { screen.line($0).contains("⣠") }!
        #expect(screen.style(of: "⣠", row: peak)?.foreground == Self.colour.chart(.blue).foreground)
        let cursorColumn = screen.line(10).firstIndex(of: "▲").map { screen.line(10).distance(from: screen.line(10).startIndex, to: $0) }!
        #expect((1..<10).allSatisfy { screen[cursorColumn, $0].style.attributes.contains(.reverse) })
    }

    @Test func everyHourLabelledWhenThereIsRoom() {
        let screen = Self.render(Self.commute, width: 100, height: 12)
        #expect(screen.line(11) == "      0   1   2   3   4   5   6   7   8   9   10  11  12  13  14  15  16  17  18  19  20  21  22  23")
        let layout = ProfileChart.Layout(Self.commute, area: Rect(x: 0, y: 0, width: 100, height: 12))!
        for hour in 0..<24 {
            let column = layout.plotX + layout.slots.cell(of: hour)
            #expect(screen[column, 10].text == (hour == 8 ? "▲" : "┴"), "\(hour)")
            #expect(screen.line(11).dropFirst(column).hasPrefix(String(hour)), "\(hour)")
        }
    }

    @Test func smallMultiplesShareOneScaleAndOneHourAxis() {
        let screen = Self.render(Self.twoDirections, width: 80, height: 24)
        #expect(screen.line(0) == "northbound  17:00  ━ weekdays 457.6 · ━ weekends 121.8")
        #expect(screen.line(11) == "southbound  17:00  ━ weekdays 161.2 · ━ weekends 121.8")
        // The same labels on the same rows of each panel.
        let north = (1..<11).map { screen.line($0).prefix(4) }, south = (12..<22).map { screen.line($0).prefix(4) }
        #expect(north == south)
        #expect(north.contains("400┤") && north.last == "  0┤")
        #expect(screen.line(22).hasPrefix("   └") && screen.line(23).hasPrefix("     0"))
        // Without a cursor, each panel's title and legend.
        var legend = Self.twoDirections
        legend.cursor = nil
        #expect(Self.render(legend, width: 80, height: 24).line(0) == "northbound  ━ weekdays · ━ weekends")
    }

    @Test func panelsThatDoNotFitAreCountedNotSquashed() {
        var three = Self.twoDirections
        three.panels.append(.init(title: "total", lines: [ChartLine("weekdays", ChartFixtures.weekdays)]))
        let screen = Self.render(three, width: 80, height: 10)
        #expect(screen.line(0).hasPrefix("northbound  17:00"))
        #expect(screen.line(4) == "southbound  17:00  ━ weekdays 161.2 · ━ weekends 121.8  (+1 below: enlarge)")
        #expect(!screen.text.contains("total"))
    }

    @Test func aMissingHourIsAGap() {
        var hours = ChartFixtures.weekdays
        hours[12] = .nan
        let chart = ProfileChart(lines: [ChartLine("weekdays", hours)], cursor: 12)
        let screen = Self.render(chart, width: 100, height: 12)
        let layout = ProfileChart.Layout(chart, area: Rect(x: 0, y: 0, width: 100, height: 12))!
        let before = layout.plotX + layout.slots.cell(of: 11), after = layout.plotX + layout.slots.cell(of: 13)
        for x in (before + 1)..<after {
            for y in 1..<10 { #expect(screen[x, y].text == " ", "(\(x), \(y))") }
        }
        #expect(screen.line(0) == "12:00  ━ weekdays —")
    }

    @Test func withoutColourTheSecondLineIsDots() {
        let screen = Self.render(Self.commute, width: 60, height: 12, theme: Theme(colors: .none))
        #expect(screen.line(0) == "08:00  ⠤⠤ weekdays 521.8 · • weekends 57.1")
        #expect((1..<10).contains { screen.line($0).contains("•") })
    }

    @Test func tooSmallSaysSo() {
        for (width, height) in [(19, 12), (60, 5)] {
            #expect(Self.render(Self.commute, width: width, height: height).line(0)
                    == TextLayout.truncate("Too small for the chart (20×6 at least).", to: width))
        }
        #expect(Self.render(ProfileChart(panels: []), width: 60, height: 12).line(0) == "Nothing to chart.")
    }

    @Test func theCursorMovesByHoursAndReadsClicks() {
        let chart = Self.commute
        #expect(chart.cursor(movedByHours: 1) == 9 && chart.cursor(movedByHours: 30) == 23 && chart.cursor(movedByHours: -30) == 0)
        var none = chart
        none.cursor = nil
        #expect(none.cursor(movedByHours: 1) == 0 && none.cursor(movedByHours: -1) == 23)
        let area = Rect(x: 0, y: 0, width: 60, height: 12)
        let layout = ProfileChart.Layout(chart, area: area)!
        for hour in 0..<24 { #expect(chart.cursor(atScreenX: layout.plotX + layout.slots.cell(of: hour), in: area) == hour) }
        #expect(chart.cursor(atScreenX: 0, in: area) == nil)
    }
}
