import FremontCore
import Testing
@testable import FremontUI

/// Issue 29: each year a line over January to December, the year × month pivot's numbers.
@Suite(.needsSharedData) struct YearOverYearViewTests {
    static let area = Rect(x: 0, y: 1, width: 80, height: 21)

    static func render(_ view: YearOverYearView, width: Int = 80, height: Int = 24) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        view.render(into: &buffer, area: Rect(x: 0, y: 1, width: width, height: height - 3), theme: Theme(colors: .none))
        return buffer
    }

    /// The last four years, October (the tab's first row) under the cursor; without colour each
    /// year its own mark.
    @Test func theCityAt80x24() {
        var state = SeriesViewFixtures.cityBrowser(width: 80, height: 24)
        press(&state, .character("Y"))
        SeriesViewFixtures.expectLines(screen(state).lines, [
            " 1 Table   2 Feeds   3 Weather   4 Log   5 Search   6 Downloads        all days",
            "Monthly totals of Total by year, all days",
            "October  ⠤⠤ 2022 74,451 · • 2023 79,185 · ━ 2024 84,052 · + 2025 —  PgUp: earlie",
            "120,000┤                              ++++    ━━━",
            "       │                         +++++   ++•━━•••━━━━━",
            "100,000┤                       ++ ••••••••+━   ⣀⡠⠤⠤⠔⠒⠢━━━",
            "       │                     ++  • ━━━━━━━++⡠⠔⠉        ⠈•━━━━",
            "       │                   ++   ━━━      ⡠⠔++              ••━━━━",
            " 80,000┤                 ++ ━━━━     ⢀⠤⠒⠉   +                ⠈•••━━",
            "       │                +━━━  •  ⢀⡠⠔⠊⠁      ++                  ⠉⠢•━",
            "       │             ━++     •⡠⠔⠊⠁           ++                   ⠘⢄━•",
            " 60,000┤   +       ━━+•••••••⠁                +                     ⠑━━•",
            "       │    +++━━━━++•⠒⠉                      ++                     ⠈⠢━━━",
            "       │   ━━━━++++⠔⠉                                                  ⠈⠢⡀━━━━",
            " 40,000┤    ⣀⣀⠤⠤⠒⠊                                                       ⠈⢆  •",
            "       │   ⠉                                                               ⠑⢄",
            "       │                                                                     ⠁",
            " 20,000┤",
            "       │",
            "      0┤",
            "       └───┴─────┴─────┴─────┴─────┴─────┴─────┴─────┴─────┴─────▲─────┴─────┴──",
            "           Jan   Feb   Mar   Apr   May   Jun   Jul   Aug   Sep   Oct   Nov   Dec",
            " ←/→ month  PgUp/PgDn years  m per day  ? help  q back",
            "",
        ])
    }

    @Test func aprilAt120x40() {
        var state = April.browser(width: 120, height: 40, colors: .indexed256)
        press(&state, .character("Y"))
        SeriesViewFixtures.expectLines(screen(state).lines, [
            " Fremont  1 Table   2 Feeds   3 Weather   4 Log   5 Search   6 Downloads                                       all days",
            "Monthly totals of Total (North + South) by year, all days",
            "April  ━ 2016 93,639",
            "      │                                ⢀",
            "      │",
            "      │",
            "      │",
            "      │",
            "80,000┤",
            "      │",
            "      │",
            "      │",
            "      │",
            "      │",
            "      │",
            "60,000┤",
            "      │",
            "      │",
            "      │",
            "      │",
            "      │",
            "      │",
            "40,000┤",
            "      │",
            "      │",
            "      │",
            "      │",
            "      │",
            "      │",
            "20,000┤",
            "      │",
            "      │",
            "      │",
            "      │",
            "      │",
            "     0┤",
            "      └────┴─────────┴────────┴────────▲─────────┴────────┴─────────┴────────┴─────────┴────────┴────────┴─────────┴────",
            "           Jan       Feb      Mar      Apr       May      Jun       Jul      Aug       Sep      Oct      Nov       Dec",
            " ←/→ month  PgUp/PgDn years  m per day  ? help  q back",
            "",
        ])
    }

    @Test func keysMoveTheMonthAndTheYears() {
        var view = YearOverYearView(series: SeriesStore(SeriesViewFixtures.city), cursorTime: LocalDateTime(year: 2016, month: 4, day: 1))
        #expect(view.shownRows == [10, 11, 12, 13])
        press(&view, "l", area: Self.area)
        #expect(Self.render(view).line(2).hasPrefix("May  ⠤⠤ 2022 73,495 · • 2023 105,"))
        _ = view.perform(.years(-10), in: Self.area)
        #expect(view.shownRows == [0, 1, 2, 3])
        #expect(Self.render(view).line(2).hasPrefix("May  ⠤⠤ 2012 — · • 2013 108,574"))
        _ = view.perform(.years(2), in: Self.area)
        #expect(view.shownRows == [2, 3, 4, 5])
        press(&view, "m", area: Self.area)
        #expect(view.perDay && view.shownRows == [2, 3, 4, 5])
        #expect(Self.render(view).line(1).hasPrefix("Per-day means by month of Total by year"))
    }
}
