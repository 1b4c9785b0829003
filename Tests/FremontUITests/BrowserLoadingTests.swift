import Testing
import FremontCore
import FremontTestSupport
@testable import FremontUI

@Suite(.needsSharedData) struct BrowserLoadingTests {
    @Test func progressShowsOnTheStatusLine() {
        var state = April.browser(width: 100, height: 24)
        _ = state.update(.loadStarted(.table, source: "https://data.seattle.gov/resource/4xy5-26gy.json"))
        _ = state.update(.loadProgress(.table, bytes: 1_234_567, expected: 3_400_000))
        let status = screen(state).line(23)
        #expect(status.contains("loading https://data.seattle.gov/resource/4xy5-26gy.json… 1.2 MB of 3.4 MB (Esc cancels)"))
        _ = state.update(.loadProgress(.table, bytes: 812_000, expected: nil))
        #expect(screen(state).line(23).contains("… 812 KB (Esc cancels)"))
        // The data already shown stays while the download runs.
        #expect(screen(state).line(6).hasPrefix("▼ Friday, April 1, 2016 12:00 AM"))
    }

    @Test func escapeCancelsALoadAndTheCancellationIsNoError() {
        var state = April.browser(width: 100, height: 24)
        _ = state.update(.loadStarted(.table, source: "https://example.org/may.json"))
        #expect(press(&state, .escape) == [.cancelLoads(.table)])
        _ = state.tableLoaded(source: "https://example.org/may.json", .failure(LoadError(source: "https://example.org/may.json", kind: .cancelled, "cancelled")), at: "12:00:00")
        let buffer = screen(state)
        #expect(buffer.line(23).contains("loading cancelled"))
        #expect(state.status.lastError == nil)
        #expect(state.table.times.count == 720)
        // With nothing loading, Escape cancels nothing.
        #expect(press(&state, .escape) == [])
    }

    @Test func anglesAskForTheNeighbouringMonths() {
        var state = April.browser(width: 100, height: 24)
        #expect(commands(press(&state, .character(">"))) == [TableCommands.load(month: TableMonth(year: 2016, month: 5))])
        #expect(commands(press(&state, .character("<"))) == [TableCommands.load(month: TableMonth(year: 2016, month: 3))])
        // A month that came is the one `r` reloads.
        _ = state.tableLoaded(source: "May", .success(April.counts), at: "12:00:00", month: TableMonth(year: 2016, month: 5))
        #expect(commands(press(&state, .character("r"))) == [TableCommands.load(month: TableMonth(year: 2016, month: 5))])
        // Only on Table, and only with data.
        press(&state, .character("3"))
        #expect(commands(press(&state, .character(">"))) == [])
        var empty = BrowserState(width: 100, height: 24, theme: Theme(colors: .none))
        #expect(press(&empty, .character(">")) == [])
    }

    @Test func monthsWrapAcrossYears() {
        var december = BrowserState(width: 100, height: 24, theme: Theme(colors: .none))
        let rows = [BikeRow(date: LocalDateTimeParser.parse("2015-12-31T23:00")!, northbound: 1, southbound: 2)]
        _ = december.tableLoaded(source: "dec", .success(SeriesTable.fremont(rows)), at: "00:00:00")
        #expect(commands(press(&december, .character(">"))) == [TableCommands.load(month: TableMonth(year: 2016, month: 1))])
        #expect(commands(press(&december, .character("<"))) == [TableCommands.load(month: TableMonth(year: 2015, month: 11))])
    }
}

@Suite(.needsSharedData) struct BrowserErrorClearingTests {
    private func failure(_ source: String) -> LoadError {
        LoadError(source: source, location: SourceLocation(line: 1, column: 2), "broken")
    }

    @Test func aGoodReloadClearsItsOwnErrorAndNoOther() throws {
        var state = BrowserState(width: 100, height: 24, theme: Theme(colors: .none), current: .weather)
        let path = "/data/weather/forecast.json"
        // A regression: errors name the file, and the weather tab compared them with the path.
        _ = state.weatherLoaded(source: path, .failure(failure(path)), at: "12:00:00")
        #expect(state.status.lastError?.message == "forecast.json:1:2: broken")
        _ = state.weatherLoaded(source: path, .success(try WeatherFixtures.sanFrancisco()), at: "12:01:00")
        #expect(state.status.lastError == nil)

        // Table loading fine does not clear the weather's error.
        _ = state.weatherLoaded(source: path, .failure(failure(path)), at: "12:02:00")
        _ = state.tableLoaded(source: "/data/april.xml", .success(April.counts), at: "12:03:00")
        #expect(state.status.lastError?.message == "forecast.json:1:2: broken")
    }
}
