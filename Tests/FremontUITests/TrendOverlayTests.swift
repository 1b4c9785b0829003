import Foundation
import FremontCore
import Testing
@testable import FremontUI

/// Issue 29: April 2016's counts joined with a month of made-up daily weather (the weather
/// history tests' formula, written out in `Fixtures/overlay/weather-2016-04.csv`), as `fremont
/// table fremont-2016-04.csv weather-2016-04.csv` joins them and hands them to the browser: as
/// CSV, read again.
enum JoinedApril {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FremontCoreTests/Fixtures/overlay")
    static let countsPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data/bikes/fremont-2016-04.csv").path

    /// fremont-2016-04: Northbound, Southbound, then weather-2016-04: the three, a row a day.
    static let table: SeriesTable = {
        let counts = try! SeriesLoader.load(.file(countsPath))
        let weather = try! SeriesLoader.load(.file(fixtures.appendingPathComponent("weather-2016-04.csv").path))
        let joined = SeriesJoin([SeriesJoin.Part(name: "fremont-2016-04", table: counts),
                                 SeriesJoin.Part(name: "weather-2016-04", table: weather)]).table
        var csv = ""
        SeriesExport.write(joined, as: .csv) { csv += $0 }
        return try! SeriesLoader.load(.bytes(Data(csv.utf8), name: "fremont-2016-04 + weather-2016-04"))
    }()

    /// pandas' day of each joined series (`Tests/Tools/pandas_join_check.py --overlay`): the
    /// header, and a row a day of numbers.
    static let pandasDays: (header: [String], rows: [[Double]]) = {
        let text = try! String(contentsOf: fixtures.appendingPathComponent("pandas-days.csv"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",").map(String.init)
        let rows = lines.dropFirst().map { line in line.split(separator: ",", omittingEmptySubsequences: false).dropFirst().map { Double($0) ?? .nan } }
        return (header, rows)
    }()

    static func browser(latitude: Double? = 47.65, colors: ColorSupport = .indexed256) -> BrowserState {
        var state = BrowserState(width: 80, height: 24, theme: Theme(colors: colors))
        state.stores.series.latitude = latitude
        _ = state.tableLoaded(source: "fremont-2016-04 + weather-2016-04", .success(table), at: "12:00:00")
        return state
    }
}

@Suite(.needsSharedData) struct TrendOverlayTests {
    private func expectScreen(_ state: BrowserState, _ expected: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let lines = screen(state).lines
        #expect(lines.count == expected.count, sourceLocation: sourceLocation)
        for (row, (line, want)) in zip(lines, expected).enumerated() where line != want {
            Issue.record("row \(row):\n  got  '\(line)'\n  want '\(want)'", sourceLocation: sourceLocation)
        }
    }

    /// The states the whole-screen tests show.
    static func overlaid(colors: ColorSupport = .indexed256) -> BrowserState {
        var state = JoinedApril.browser(colors: colors)
        press(&state, .character("t"), .character("o"), .character("o"))
        return state
    }

    static func modelled() -> (BrowserState, [BrowserEffect]) {
        var state = JoinedApril.browser()
        press(&state, .character("t"))
        let effects = press(&state, .character("m"))
        return (state, effects)
    }

    static func compared() -> BrowserState {
        var state = April.browser(width: 80, height: 24)
        press(&state, .character("p"), .character("f"))
        type(&state, "weekdays")
        press(&state, .enter, .character("F"))
        type(&state, "weekends")
        press(&state, .enter)
        return state
    }

    /// `o` twice: Northbound's daily sums on the left, the daily mean of the highest
    /// temperature on a scale of its own on the right, each named with how its day is made.
    @Test func twoSeriesOnTwoScalesAt80x24() {
        expectScreen(Self.overlaid(), [
            " 1 Table  2 Feeds  3 Weather  4 Log  5 Search  6 Downloads  Northbound, all da…",
            "Daily sum of Northbound (left) · daily mean of weather-2016-04: te… (right), all",
            "Fri 2016-04-01  ⣿ Northbound, sum 1,928 · ━ temperature_2…, mean 20.4",
            "2,500┤     ⢠                                     ⡠⠤⣀⡀                        │",
            "     │    ⢠⠛⡄       ⢀⢄ ⣠                       ⡔⠉   ⠈⢢                       ├22",
            "     │   ⡠⠃ ⡇      ⡠⠃⠈⡰⠙⡄          ⢀          ⢠⠃      ⢱                      │",
            "2,000┤ ⡀⡰⠁  ⢣     ⡜  ⡰⠁⢆⡇         ⢠⢻          ⢸        ⡇          ⡤⣀         ├21",
            "     │ ⡰⠁   ⢸    ⡜  ⡰⠁ ⠘⢣        ⡰⠁ ⡇         ⢠⡇       ⢱         ⡜  ⠉⠉⠒⢆     │",
            "     │ ⠸⡀   ⠘⡄  ⡜  ⡰⠁   ⢸       ⡜   ⡇        ⢠⠃⢸       ⠸⡀ ⢠⡆    ⢰⠁     ⠘⡄    ├20",
            "1,500┤  ⡇    ⡇ ⡜  ⡜     ⠘⡄    ⢰⡜    ⢣⠎⠢⡀    ⡰⠁⠁⢸        ⡇⢠⠃⢱   ⢠⠃      ⡀⢱    │",
            "     │  ⢸    ⢣⠜  ⡜       ⡇   ⢀⠎⠘⡄  ⡠⢸  ⠈⠢⡀ ⡰⠁⢸  ⡇       ⢠⠃ ⢸   ⢸      ⡜⡇ ⠣⡀  │",
            "     │  ⠈⡆  ⡠⢸ ⢀⠎        ⢣⢇ ⢀⠎  ⠘⠔⠉ ⢸    ⠈⡔⠁⣀⡇  ⡇      ⢠⠃⢣ ⠈⡆  ⡇     ⡜ ⢸  ⠘⢄ ├19",
            "     │   ⢣⡠⠊ ⠘⣄⠎         ⢸⠘⢀⠎⡇       ⡇   ⡜      ⢸     ⡠⠃  ⢇ ⡇  ⡇   ⢀⠎  ⢸     │",
            "1,000┤   ⠈    ⠋          ⠘⣄⠎⢸        ⡇ ⢀⠜       ⢸    ⡰⠁   ⠈⡆⢱ ⢸   ⢠⠊   ⠘⡄    ├18",
            "     │                    ⠋ ⠃        ⢣⢀⠎         ⡇  ⡰⠁     ⢸⢸ ⢸  ⡰⠁     ⡇    │",
            "     │                               ⠸⠃          ⡇ ⡜        ⠈⡆⡇ ⡔⠁      ⡇    │",
            "  500┤                                           ⢸⠎         ⠸⡇⡇⡜        ⢸    ├17",
            "     │                                                       ⢱⡜         ⢸  ⡠ │",
            "     │                                                       ⠘          ⠘⡄⡰⠁ ├16",
            "    0┤                                                                   ⡷⠁  │",
            "     └─▲──────┴───────────────┴────────────────┴───────────────┴─────────────",
            "              Apr 4           Apr 11           Apr 18          Apr 25",
            " ←/→ move  [ ] day  { } year  c series  o overlay  m model  ? help  q back",
            " overlaid: daily mean of weather-2016-04: temperature_2m_max on the right-hand s",
        ])
    }

    /// Each day the overlay draws is pandas' day of the joined table (`pandas_join_check.py
    /// --overlay`): the counts' sums on the left, the temperature's means on the right, blanks
    /// where pandas has none.
    @Test func theOverlaysDaysArePandas() throws {
        let view = try #require(Self.overlaid().active as? TrendView)
        let chart = view.chart
        let secondary = try #require(chart.secondary)
        let pandas = JoinedApril.pandasDays
        let north = try #require(pandas.header.firstIndex(of: "fremont-2016-04: fremont_bridge_nb")) - 1
        let high = try #require(pandas.header.firstIndex(of: "weather-2016-04: temperature_2m_max")) - 1
        #expect(chart.values.count == pandas.rows.count && secondary.values.count == pandas.rows.count)
        #expect(chart.firstDay == LocalDateTime(year: 2016, month: 4, day: 1)!.dayNumber)
        for (day, row) in pandas.rows.enumerated() {
            #expect(chart.values[day] == row[north], "day \(day)")
            #expect(abs(secondary.values[day] - row[high]) <= 1e-12 * abs(row[high]), "day \(day): \(secondary.values[day]) vs \(row[high])")
        }
        // Each `o` overlays the next series but the charted one; past the last, none.
        var state = Self.overlaid()
        var overlaid: [String] = []
        for _ in 0..<10 {
            press(&state, .character("o"))
            guard let view = state.active as? TrendView, let secondary = view.secondary else { break }
            overlaid.append(view.table.series[secondary].label)
        }
        #expect(overlaid == ["weather-2016-04: temperature_2m_min", "weather-2016-04: precipitation_sum", "Total"])
        #expect(state.status.message == "no overlay")
    }

    @Test func withoutColourTheSecondScaleIsAGlyphLine() {
        let lines = screen(Self.overlaid(colors: .none)).lines
        #expect(lines[2] == "Fri 2016-04-01  ⣿ Northbound, sum 1,928 · • temperature_2…, mean 20.4")
        #expect(lines[3...19].contains { $0.contains("•") })
    }

    /// `m`: the fit runs as background work (off the UI thread in the browser), and its answer
    /// overlays predicted on observed, with R² and the residuals' spread in the heading: the
    /// figures `fremont model` prints for the same days (FremontCore's `RidershipModel`).
    @Test func predictedAgainstObservedAt80x24() throws {
        var (state, effects) = Self.modelled()
        guard case .run(let computation, let address)? = effects.first else { Issue.record("no fit: \(effects)"); return }
        #expect(screen(state).lines[1] == "Fitting Northbound against the weather…, all days, 30 days")
        _ = state.update(.replied(address, computation.run(BrowserServices()), at: "1"))
        expectScreen(state, [
            " 1 Table  2 Feeds  3 Weather  4 Log  5 Search  6 Downloads  Northbound, all da…",
            "Predicted vs observed Northbound: R² 0.649, residuals ±398/day, 30 days",
            "Fri 2016-04-01  ⣿ observed 1,928 · ━ predicted 1,724.5",
            "2,500┤                                             ⡠⠤⣀⡀",
            "     │               ⢀⢄                          ⡔⠉   ⠈⢢",
            "     │             ⢀⠔⢀⡄⢆                        ⢰⠁   ⢀⠦⢄⡀",
            "2,000┤ ⡀        ⢀⠦⢄⡀⡠⠃⠸⡀⢆                       ⡸    ⡎  ⠈⢆          ⢀⢄⡀ ⢀⠴⡀",
            "     │ ⢣       ⢀⠎⢠⠃⠈   ⢱⠸⡀     ⢠⠤⣀⡠⠔⠊⠢⢄         ⡇   ⡸    ⠈⢆        ⢀⠎⠉⠒⠔⠁⠲⢇",
            "     │ ⢆⡀     ⢀⠎⢠⠃      ⢇⢇     ⡎       ⠉⠒⢤     ⢰⠁⡖⠢⠴⠁     ⠈⡆      ⢀⠎      ⠘⡄",
            "1,500┤ ⠘⡄     ⡎⢠⠃       ⠘⡄⡀   ⢀⠇⡄     ⡔⠑⢄ ⢇    ⡸⢸         ⢸⠸⡀     ⡎        ⢱",
            "     │  ⢱    ⢰⠁⠃         ⢱⢇   ⢸⡇⠘⡄  ⡠⠊   ⠑⠈⡆   ⡇⡇          ⡇⢣    ⢸⠇        ⠈⢆⡀",
            "     │  ⠈⢇  ⢀⡎           ⠈⡆⡀  ⡇  ⠘⠔⠉       ⠸⡀⢄⣰⢰⠁          ⠘⠈⡆   ⡇          ⠈⢆⢄",
            "     │   ⠈⠢⡀⢰⠁            ⠘⡄⡀⢰⠁             ⠱⡀ ⡎            ⠸⠸⡀ ⢰⠁           ⠈⢆",
            "1,000┤   ⠈ ⠑⠎              ⠈⢆⡸               ⠈⢶⠁             ⢱⢱ ⡎⡇",
            "     │                      ⠈⠃                               ⠈⡆⢳⠁",
            "     │                                                        ⢱ ⡸",
            "  500┤                                                        ⠘⡄⡇",
            "     │                                                         ⢳⠁",
            "     │                                                         ⠈",
            "    0┤",
            "     └─▲──────┴────────────────┴─────────────────┴────────────────┴─────────────",
            "              Apr 4            Apr 11            Apr 18           Apr 25",
            " ←/→ move  [ ] day  { } year  c series  o overlay  m model  ? help  q back",
            " fitted 30 days: R² 0.649",
        ])
        // The same fit from the model's own code, on the same joined days.
        let table = JoinedApril.table
        let counts = SeriesTable(series: [table.series[0]], times: table.times, values: [table.values[0]])
        let weather = SeriesTable(series: table.series[2...].map { Series(name: TrendModelFit.ownName($0.name), kind: $0.kind) },
                                  times: table.times, values: Array(table.values[2...]))
        let days = try RidershipDays(counts: counts, weather: weather)
        let model = RidershipModel(days: days.days, latitude: 47.65, samples: 0)
        let view = try #require(state.active as? TrendView)
        guard case .fitted(let fit)? = view.model else { Issue.record("not fitted"); return }
        #expect(fit.rSquared == model.rSquared && fit.residualSpread == model.residualStandardError)
        #expect(Array(fit.predicted) == model.predicted)
        // April's total: the figures `fremont model fremont-2016-04.csv weather-2016-04.csv
        // --latitude 47.65` prints (R² 0.698; residual standard error 776 riders a day).
        var total = JoinedApril.browser()
        press(&total, .character("t"))
        for _ in 0..<10 {
            guard let view = total.active as? TrendView, view.table.series[view.series].label != "Total" else { break }
            press(&total, .character("c"))
        }
        guard case .run(let fit, let address)? = press(&total, .character("m")).first else { Issue.record("no fit"); return }
        _ = total.update(.replied(address, fit.run(BrowserServices()), at: "1"))
        #expect(screen(total).lines[1] == "Predicted vs observed Total: R² 0.698, residuals ±776/day, 30 days")
        // Again: off.
        press(&state, .character("m"))
        #expect(screen(state).lines[1].hasPrefix("Daily totals of"))
    }

    /// `p`, then `f` weekdays and `F` weekends: each panel draws the two spans' means by hour,
    /// each line named by its filter.
    @Test func twoSpansProfiledAt80x24() {
        expectScreen(Self.compared(), [
            " 1 Table  2 Feeds  3 Weather  4 Log  5 Search  6 Downloads  weekdays vs weeken…",
            "Mean count by hour of day: weekdays vs weekends",
            "Northbound  00:00  ━ weekdays 4.2 · ━ weekends 8.3",
            "500┤",
            "   │",
            "   │                       ⡠⠔⠒⠉⠢⣀",
            "   │                     ⡠⠊      ⠑⢄⡀                    ⢀⡠⠔⠒⠤⠤⣀⡀",
            "  0┤ ⢀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⠤⠤⠤⠤⠤⠤⠔⠒⠒⠒⠒⠒⠊⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠑⠒⠒⠒⠒⠒⠒⠤⠤⠤⠤⠤⠤⠤⠤⠤⢄⣀⣀⣀⣀⡀",
            "Southbound  00:00  ━ weekdays 5.5 · ━ weekends 8.9",
            "500┤",
            "   │                                                      ⢀⢄⡀",
            "   │                                                     ⡰⠁ ⠈⠢⢄",
            "   │                        ⢀⣀⠤⢄⣀⡀                   ⢀⡠⠔⠊      ⠉⠢⢄⡀",
            "  0┤ ⢀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⠤⠤⠤⠤⠤⠤⠤⠤⠤⠔⠒⠒⠒⠒⠒⠒⠒⠒⠒⠉⠉⠉⠒⠒⠒⠊⠉⠉⠑⠒⠒⠒⠒⠒⠒⠒⠒⠒⠤⠤⠤⠤⠤⠤⢄⣀⣀⣀⣀⣀⣀⣀⡀",
            "Total  00:00  ━ weekdays 9.8 · ━ weekends 17.2",
            "500┤                          ⢀                           ⡰⠑⢄⡀",
            "   │                       ⢀⠤⠊⠁⠑⢄                       ⢀⠜   ⠈⠢⡀",
            "   │                      ⡠⠃    ⠈⠢⡀                   ⢀⡠⠊      ⠈⢆",
            "   │                    ⣀⠜        ⠈⢀⣀⣀⡠⠤⠤⠤⠤⠤⠤⠒⠒⠒⠤⠤⠤⠔⠒⠒⠢⠤⠤⠤⠤⠤⠤⣀⣀⡀ ⠑⠤⣀",
            "  0┤ ⠠⠤⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⠤⠤⠤⠤⠤⠤⠒⠒⠒⠊⠉⠉⠁  ⠈⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠁            ⠈⠉⠒⠒⠒⠒⠒⠢⠤⠤⠤⠤⠤⠤⠤⠄",
            "   └─▲──┴──┴───┴──┴──┴──┴──┴──┴───┴──┴──┴──┴──┴──┴───┴──┴──┴──┴──┴──┴───┴──┴──┴─",
            "     0  1  2   3  4  5  6  7  8   9  10 11 12 13 14  15 16 17 18 19 20  21 22 23",
            " ←/→ hour  c series  f/F span/compare  ? help  q back",
            " comparing weekdays with weekends",
        ])
    }

    /// Without a weather source's place, `m` asks for the latitude; a bad answer is said.
    @Test func theLatitudeIsAskedForWhenNotKnown() {
        var state = JoinedApril.browser(latitude: nil)
        press(&state, .character("t"), .character("m"))
        #expect(screen(state).lines[22].contains("Latitude of the counter"))
        type(&state, "north")
        press(&state, .enter)
        #expect(state.status.message == "a latitude is a number from -90 to 90, not 'north'")
        press(&state, .character("m"))
        type(&state, "47.65")
        let effects = press(&state, .enter)
        guard case .run(let fit, _)? = effects.first, fit.lane == .compute else { Issue.record("no fit: \(effects)"); return }
        #expect((state.active as? TrendView)?.latitude == 47.65)
    }

    /// Counts with no weather beside them, or a measure charted: the reason, and the trend as it was.
    @Test func noWeatherOrNoCountsIsSaid() {
        var state = April.browser(width: 80, height: 24)
        state.stores.series.latitude = 47.65
        press(&state, .character("t"))
        let effects = press(&state, .character("m"))
        guard case .run(let computation, let address)? = effects.first else { Issue.record("no fit: \(effects)"); return }
        _ = state.update(.replied(address, computation.run(BrowserServices()), at: "1"))
        #expect(state.status.message?.hasPrefix("no model: the weather has no precipitation series") == true)
        #expect(screen(state).lines[1] == "Daily totals of Total (North + South), all days, 30 days")
        let refused = TrendModelFit.fit(table: JoinedApril.table, series: 2, filter: SeriesFilter(), latitude: 47.65, firstDay: 0, dayCount: 30)
        guard case .refused(let reason) = refused else { Issue.record("fitted a temperature"); return }
        #expect(reason == "the model fits daily counts: chart a count series first (c)")
    }

    /// An answer for a fit no longer wanted (`c` charted another series meanwhile) is dropped.
    @Test func aStaleFitIsDropped() {
        var (state, effects) = Self.modelled()
        guard case .run(let computation, let address)? = effects.first else { Issue.record("no fit"); return }
        press(&state, .character("c"))
        _ = state.update(.replied(address, computation.run(BrowserServices()), at: "1"))
        #expect((state.active as? TrendView)?.model == nil)
        #expect(screen(state).lines[1].hasPrefix("Daily totals of Southbound"))
    }

    /// `F` none goes back to one span; a filter it cannot read is said.
    @Test func theComparisonIsClearedAndABadFilterSaid() {
        var state = Self.compared()
        press(&state, .character("F"))
        type(&state, "someday")
        press(&state, .enter)
        #expect(state.status.message?.isEmpty == false)
        #expect((state.active as? ProfileView)?.comparison?.days == .weekends)
        press(&state, .character("F"))
        type(&state, "none")
        press(&state, .enter)
        #expect((state.active as? ProfileView)?.comparison == nil)
        #expect(screen(state).lines[1] == "Mean count by hour of day, weekdays")
    }
}
