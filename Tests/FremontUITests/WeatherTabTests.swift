import FremontCore
import Testing
@testable import FremontUI

/// The Weather tab's behaviour: empty and hostile forecasts, units, alerts, glyphs, scrolling,
/// and its routing through `BrowserState`.
@Suite(.needsSharedData) struct WeatherTabTests {
    @Test func aBareForecastSaysThereIsNoData() throws {
        let state = WeatherFixtures.browser(try WeatherFixtures.bare(), width: 80, height: 24)
        let screen = WeatherFixtures.screen(state)
        #expect(screen.line(1) == " 37.8267°N, 122.4233°W · America/Los_Angeles")
        #expect(screen.line(3) == " No forecast data in this response.")
        #expect((4...21).allSatisfy { screen.line($0).isEmpty })
        let narrow = WeatherFixtures.screen(WeatherFixtures.browser(try WeatherFixtures.bare(), width: 40, height: 12))
        #expect(narrow.line(1) == " 37.8267°N, 122.4233°W")
        #expect(narrow.line(2) == " America/Los_Angeles")
        #expect(narrow.line(4) == " No forecast data in this response.")
    }

    @Test func hostileTextIsShownHarmlessly() throws {
        let forecast = try WeatherFixtures.parse(#"""
            {"timezone": "Evil\u001b]0;x\u0007", "flags": {"units": "si"},
             "currently": {"time": 1552614606, "summary": "Clear\u001b[2J \u202eevil\u009b", "temperature": 12.4,
                           "icon": "clear-day", "precipType": "r\u001b[5main", "precipProbability": 0.5},
             "alerts": [{"title": "\u001b[31mAlert", "severity": "\u0007warning", "description": "a\u0000b\u202e\nline\ttwo"}],
             "hourly": {"summary": "\u001b[1mBold\u001b[0m", "data": [{"time": 1552614606, "temperature": 11}]},
             "daily": {"summary": "Days\u0085", "data": [{"time": 1552546800, "summary": "Sun\u001b[?1049l", "temperatureMin": 5, "temperatureMax": 15}]}}
            """#)
        let screen = WeatherFixtures.screen(WeatherFixtures.browser(forecast, width: 80, height: 24))
        for cell in screen.cells {
            #expect(!cell.text.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) }, "\(cell.text.unicodeScalars.map(\.value))")
        }
        let text = screen.text
        #expect(text.contains("Clear[2J evil"))
        #expect(text.contains("50% chance of r[5main"))
        #expect(text.contains("⚠ [31mAlert (warning)"))
        #expect(text.contains("  ab"))
        #expect(text.contains("Next hours  [1mBold[0m"))
        #expect(text.contains("Sun[?1049l"))
        #expect(text.contains("12°C"))
    }

    @Test func unitsComeFromTheResponse() throws {
        let celsius = try WeatherFixtures.parse(#"{"flags": {"units": "ca"}, "currently": {"temperature": 12.4, "apparentTemperature": 10.6, "windSpeed": 20, "windBearing": 90}}"#)
        let screen = WeatherFixtures.screen(WeatherFixtures.browser(celsius, width: 80, height: 24))
        #expect(screen.line(2) == " ·   12°C · feels like 11°C")
        #expect(screen.line(3) == "     wind 20 km/h from E")
        let none = try WeatherFixtures.parse(#"{"currently": {"temperature": 12.4, "summary": "Mild", "icon": "meteor"}}"#)
        #expect(WeatherFixtures.screen(WeatherFixtures.browser(none, width: 80, height: 24)).line(2) == " ·   12°  Mild")
    }

    @Test func alertsShowWithTheirTextWrapped() throws {
        let forecast = try WeatherFixtures.parse(#"""
            {"offset": 1, "currently": {"time": 1552614606, "temperature": -0.4, "icon": "snow"},
             "alerts": [{"title": "Storm", "severity": "warning", "expires": 1552700000,
                         "description": "Line one.\n   Line two is a longer line that has to wrap at forty columns."}]}
            """#)
        let state = WeatherFixtures.browser(forecast, width: 40, height: 24)
        let screen = WeatherFixtures.screen(state)
        let title = try #require(screen.row(containing: "⚠ Storm"))
        #expect(Array((title...(title + 4)).map(screen.line)) == [
            " ⚠ Storm (warning), until Sat 16 Mar",
            " 02:33",
            "   Line one.",
            "   Line two is a longer line that has",
            "   to wrap at forty columns.",
        ])
        #expect(screen.style(of: "⚠ Storm", row: title) == state.theme.warning)
        // Without a summary, the icon says what it is.
        #expect(screen.line(2) == " ❄   0°  snow")
    }

    @Test func everyIconIsTwoColumnsWide() {
        for icon in WeatherIcon.allCases + [nil] {
            #expect(DisplayWidth.of(WeatherGlyph.of(icon)) == WeatherGlyph.width, "\(String(describing: icon))")
        }
        #expect(Set(WeatherIcon.allCases.map(WeatherGlyph.of)).count == WeatherIcon.allCases.count)
    }

    @Test func barsSitOnTheWeeksRangeInHalfCells() {
        let layout = WeatherLayout(forecast: Forecast(), width: 80)
        func bar(_ low: Double?, _ high: Double?, _ range: ClosedRange<Double> = 0...10, width: Int = 5) -> String {
            layout.bar(low: low, high: high, range: range, width: width).map(\.text).joined()
        }
        #expect(bar(0, 10) == "━━━━━")
        #expect(bar(0, 5) == "━━╾──")
        #expect(bar(5, 10) == "──╼━━")
        #expect(bar(3, 7) == "─╼━╾─")
        #expect(bar(4.9, 5.1) == "──━──")
        #expect(bar(nil, 7) == "─────")
        #expect(bar(3, 3, 3...3) == "━━━━━")
        #expect(bar(.nan, 3) == "─────")
    }

    // MARK: - Scrolling

    @Test func scrollingStaysWithinTheContent() throws {
        var state = WeatherFixtures.browser(try WeatherFixtures.sanFrancisco(), width: 40, height: 12)
        let maximum = state.weather.maximumTopLine(state.contentArea)
        #expect(maximum > 10)
        for _ in 0..<(maximum + 5) { _ = state.update(.key(.character("j"))) }
        #expect(state.weather.topLine == maximum)
        let screen = WeatherFixtures.screen(state)
        #expect(screen.line(9).hasPrefix(" Thu  ☀☁   51°"))
        _ = state.update(.key(.up))
        #expect(state.weather.topLine == maximum - 1)
        _ = state.update(.key(.character("g")))
        #expect(state.weather.topLine == 0)
        _ = state.update(.key(.character("k")))
        #expect(state.weather.topLine == 0)
        _ = state.update(.key(.pageDown))
        #expect(state.weather.topLine == state.contentArea.height - 1)
        for _ in 0..<10 { _ = state.update(.key(.character(" "))) }
        #expect(state.weather.topLine == maximum)
        _ = state.update(.key(.pageUp))
        #expect(state.weather.topLine == maximum - (state.contentArea.height - 1))
        _ = state.update(.key(.home))
        for _ in 0..<3 { _ = state.update(.mouse(MouseEvent(x: 5, y: 5, kind: .wheelDown))) }
        #expect(state.weather.topLine == 9)
        _ = state.update(.mouse(MouseEvent(x: 5, y: 5, kind: .wheelUp)))
        #expect(state.weather.topLine == 6)
        _ = state.update(.key(.end))
        #expect(state.weather.topLine == maximum)
        // A bigger window holds everything: the view goes back to the top.
        _ = state.update(.resize(width: 120, height: 40))
        #expect(state.weather.topLine == 0)
        #expect(state.weather.maximumTopLine(state.contentArea) == 0)
        _ = state.update(.key(.character("G")))
        #expect(state.weather.topLine == 0)
    }

    @Test func aClickChangesNothing() throws {
        var state = WeatherFixtures.browser(try WeatherFixtures.sanFrancisco(), width: 80, height: 24)
        let before = WeatherFixtures.screen(state)
        _ = state.update(.mouse(MouseEvent(x: 10, y: 14, kind: .press)))
        #expect(WeatherFixtures.screen(state) == before)
    }

    // MARK: - Routing through the browser

    @Test func key3ShowsTheWeatherTab() throws {
        var state = BrowserState(width: 80, height: 24, theme: Theme(colors: .indexed256))
        #expect(state.current == .table)
        _ = state.update(.key(.character("3")))
        #expect(state.current == .weather)
        _ = state.update(.loadStarted(.weather, source: "sf.json"))
        var screen = WeatherFixtures.screen(state)
        #expect(screen.line(2) == " Loading the forecast…")
        #expect(screen.line(23).contains("loading sf.json…"))
        #expect(screen.style(of: "3 Weather", row: 0) == state.theme.activeTab)
        _ = state.weatherLoaded(source: "sf.json", .success(try WeatherFixtures.sanFrancisco()), at: "12:00:00")
        screen = WeatherFixtures.screen(state)
        #expect(screen.line(1).hasPrefix(" Now, Thu 14 Mar 18:50"))
        #expect(SourceName.file(state.active.sourceName) == "sf.json")  // the header's right side from 87 columns
        #expect(screen.line(23).isEmpty)
        // Tab cycles on to the weather too, and a click on its label.
        _ = state.update(.key(.character("1")))
        _ = state.update(.key(.tab))
        _ = state.update(.key(.tab))
        #expect(state.current == .weather)
        _ = state.update(.key(.character("1")))
        _ = state.update(.mouse(MouseEvent(x: 32, y: 0, kind: .press)))
        #expect(state.current == .weather)
    }

    @Test func aFailedLoadKeepsTheLastForecastAndShowsTheError() throws {
        var state = WeatherFixtures.browser(try WeatherFixtures.sanFrancisco(), width: 80, height: 24)
        let before = WeatherFixtures.screen(state)
        let error = LoadError(source: "sf.json", location: SourceLocation(line: 3, column: 15), "not valid JSON: unexpected 'n'")
        _ = state.weatherLoaded(source: "sf.json", .failure(error), at: "12:34:56")
        #expect(state.weather.forecast == (try WeatherFixtures.sanFrancisco()))
        #expect(state.status.loading[.weather] == nil)
        let screen = WeatherFixtures.screen(state)
        #expect((1...21).allSatisfy { screen.line($0) == before.line($0) })
        #expect(screen.line(23) == " not valid JSON: unexpected 'n' · sf.json:3:15 · 12:34:56")
        #expect(screen.style(of: "12:34:56", row: 23) == state.theme.error)
        // A good load clears the error again.
        _ = state.weatherLoaded(source: "sf.json", .success(try WeatherFixtures.bare()), at: "12:35:00")
        #expect(state.status.lastError == nil)
        #expect(WeatherFixtures.screen(state).line(3) == " No forecast data in this response.")
    }

    @Test func aFailedFirstLoadSaysWhyOnTheTab() {
        var state = BrowserState(width: 40, height: 12, theme: Theme(colors: .ansi8), current: .weather)
        let error = LoadError(source: "forecast.json", "not a forecast: an HTML page ('503 Service Unavailable'), where JSON was expected")
        _ = state.weatherLoaded(source: "forecast.json", .failure(error), at: "09:00:00")
        let screen = WeatherFixtures.screen(state)
        #expect(Array((2...5).map(screen.line)) == [
            " No forecast: forecast.json: not a",
            " forecast: an HTML page ('503 Service",
            " Unavailable'), where JSON was expected",
            "",
        ])
        #expect(screen.style(of: "No forecast", row: 2) == state.theme.warning)
    }

    @Test func searchHintsAndHelpOnTheWeatherTab() throws {
        var state = WeatherFixtures.browser(try WeatherFixtures.sanFrancisco(), width: 120, height: 40)
        _ = state.update(.key(.character("/")))
        #expect(state.status.message == "the Weather tab has no search")
        #expect(WeatherFixtures.screen(state).line(38) == " j/k scroll  ←/→ hours  PgUp/PgDn page  g/G top/end  ? help  q quit")
        _ = state.update(.key(.character("?")))
        let help = WeatherFixtures.screen(state)
        let section = try #require(help.row(containing: "scroll down a line")) - 1
        #expect(help.line(section).hasSuffix("  Weather"))
        #expect(help.line(section + 1).contains("j ↓") && help.line(section + 1).contains("scroll down a line"))
        #expect(help.line(section + 6).contains("G End") && help.line(section + 6).contains("end"))
    }
}
