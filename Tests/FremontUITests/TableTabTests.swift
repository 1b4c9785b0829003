import Foundation
import Testing
import FremontCore
import FremontTestSupport
@testable import FremontUI

/// The April 2016 counts, loaded once for all view tests.
enum April {
    static let counts: SeriesTable = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/data/bikes/fremont-2016-04.xml").path
        return try! SeriesLoader.load(.file(path))
    }()

    static func browser(width: Int, height: Int, colors: ColorSupport = .indexed256, source: String = "fremont-2016-04.xml") -> BrowserState {
        var state = BrowserState(width: width, height: height, theme: Theme(colors: colors))
        _ = state.tableLoaded(source: source, .success(counts), at: "12:00:00")
        return state
    }
}

func screen(_ state: BrowserState) -> ScreenBuffer {
    var buffer = ScreenBuffer(width: state.width, height: state.height)
    state.render(into: &buffer)
    return buffer
}

@discardableResult
func press(_ state: inout BrowserState, _ keys: Key...) -> [BrowserEffect] {
    keys.flatMap { state.update(.key($0)) }
}

func type(_ state: inout BrowserState, _ text: String) {
    for character in text { _ = state.update(.key(.character(character))) }
}

@Suite(.needsSharedData) struct TableTabTests {
    @Test func at80x24() {
        let buffer = screen(April.browser(width: 80, height: 24))
        let lines = buffer.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == " 1 Table  2 Feeds  3 Weather  4 Log  5 Search  6 Downloads  fremont-2016-04.xml")
        #expect(lines[0] == screen(April.browser(width: 80, height: 24, source: "/some/where/fremont-2016-04.xml")).line(0))
        #expect(lines[1] == " ▲ North 46,905  ▼ South 46,734  Total 93,639  N/S ratio 1.004")
        #expect(lines[2] == " Busiest ▲ 455 Tue 2016-04-19 08:00  ▼ 593 Mon 2016-04-18 17:00")
        #expect(lines[3].hasPrefix(" Shade:  ▲ more north   ▲ quiet   ▼ more south   ▼ quiet   = even"))
        #expect(lines[4] == "  Date                                     North  South  Total")
        #expect(lines[5] == "── Friday, April 1, 2016 ────────────────────────────── ▲1,928 ▼1,988 = 3,916 ──")
        #expect(lines[6] == "▼ Friday, April 1, 2016 12:00 AM               6      7     13  ▎")
        #expect(lines[12] == "▲ Friday, April 1, 2016  6:00 AM              94     43    137  ██▌")
        #expect(lines[22].hasPrefix(" j/k move  PgUp/PgDn page  [ ] day  / find date  h heatmap  ? help  q quit"))
        #expect(lines.count == 24)
    }

    @Test func at120x40ShowsMoreRowsAndLongerBars() {
        let buffer = screen(April.browser(width: 120, height: 40))
        #expect(buffer.line(1).hasSuffix("3,121.3/day over 30 days"))
        let eight = buffer.row(containing: "April 1, 2016  8:00 AM")!
        // 499 against the month's busiest hour (816): 117 eighths of 24 cells.
        #expect(buffer.line(eight) == "▲ Friday, April 1, 2016  8:00 AM             346    153    499  ██████████████▋")
        #expect(buffer.row(containing: "April 2, 2016") != nil)
    }

    @Test func at40x12IsCompact() {
        let buffer = screen(April.browser(width: 40, height: 12))
        let lines = buffer.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1] == "  Date                   North  South")
        #expect(lines[2] == "── Fri 2016-04-01 ──────────────────────")
        #expect(lines[3] == "▼ Fri 2016-04-01 00:00       6      7")
        #expect(lines[10] == " j/k move  [ ] day  ? help  q quit")
    }

    @Test func busiestHoursAreDeepBlueAndDeepRed() {
        var state = April.browser(width: 100, height: 30)
        type(&state, "/"); type(&state, "april 19 8:00 am"); press(&state, .enter)
        var buffer = screen(state)
        var row = buffer.row(containing: "Tuesday, April 19, 2016  8:00 AM")!
        press(&state, .down)  // move the selection off the row, to see its own shade
        buffer = screen(state)
        row = buffer.row(containing: "Tuesday, April 19, 2016  8:00 AM")!
        let north = buffer.style(of: "Tuesday", row: row)!
        #expect(north.background == .indexed(21))  // (0, 0, 255): the busiest northbound hour is full blue
        #expect(north.foreground == .indexed(231))  // white text stays readable on it

        type(&state, "/"); type(&state, "2016-04-18 17:00"); press(&state, .enter); press(&state, .up)
        buffer = screen(state)
        row = buffer.row(containing: "Monday, April 18, 2016  5:00 PM")!
        #expect(buffer.style(of: "Monday", row: row)!.background == .indexed(196))  // full red

        // A quiet hour keeps the terminal's own colours (no near-white slab on a dark theme); a
        // light tint has dark text.
        let styles = (0..<buffer.height).filter { buffer.line($0).contains("Monday, April 18, 2016") }
            .compactMap { buffer.style(of: "Monday", row: $0) }
        #expect(styles.contains(.plain))
        #expect(styles.contains { $0.background != .default && $0.foreground == .indexed(16) })
    }

    @Test func eightColoursAndNoColour() {
        var state = April.browser(width: 100, height: 30, colors: .ansi8)
        type(&state, "/"); type(&state, "april 19 8:00 am"); press(&state, .enter, .down)
        var buffer = screen(state)
        var row = buffer.row(containing: "Tuesday, April 19, 2016  8:00 AM")!
        #expect(buffer.style(of: "Tuesday", row: row) == Style(foreground: .white, background: .blue, attributes: [.bold]))

        state = April.browser(width: 100, height: 30, colors: .none)
        type(&state, "/"); type(&state, "april 19 8:00 am"); press(&state, .enter, .down)
        buffer = screen(state)
        row = buffer.row(containing: "Tuesday, April 19, 2016  8:00 AM")!
        #expect(buffer.line(row).hasPrefix("▲ Tuesday"))
        let style = buffer.style(of: "Tuesday", row: row)!
        #expect(style.background == .default && style.foreground == .default)
        #expect(style.attributes == [.bold])
    }

    @Test func theSelectedRowIsReversed() {
        let buffer = screen(April.browser(width: 80, height: 24))
        #expect(buffer.style(of: "Friday, April 1, 2016 12:00 AM", row: 6)!.attributes.contains(.reverse))
        #expect(!buffer.style(of: "Friday, April 1, 2016  1:00 AM", row: 7)!.attributes.contains(.reverse))
    }
}

@Suite(.needsSharedData) struct TableNavigationTests {
    @Test func scrollToTheEndOfTheMonth() {
        var state = April.browser(width: 80, height: 24)
        press(&state, .character("G"))
        let buffer = screen(state)
        #expect(buffer.line(21) == "▼ Saturday, April 30, 2016 11:00 PM           10     17     27  ▌")
        #expect(buffer.style(of: "Saturday, April 30, 2016 11:00 PM", row: 21)!.attributes.contains(.reverse))
        press(&state, .character("g"))
        #expect(screen(state).line(6).hasPrefix("▼ Friday, April 1, 2016 12:00 AM"))
    }

    @Test func daysAndPages() {
        var state = April.browser(width: 80, height: 24)
        press(&state, .character("]"))
        var buffer = screen(state)
        #expect(buffer.line(5).hasPrefix("── Saturday, April 2, 2016"))
        #expect(state.table.selectedRow == 24)
        press(&state, .character("]"), .character("["))
        #expect(state.table.selectedRow == 24)
        press(&state, .pageDown)
        #expect(state.table.selectedRow == 24 + 16)  // a page: the 17 list rows less one kept for context
        buffer = screen(state)
        #expect(buffer.rows(styledWith: .reverse).count == 1)
        press(&state, .pageUp, .pageUp, .pageUp)
        #expect(state.table.selectedRow == 0)
    }

    @Test func searchForAMissingDateSaysSo() {
        var state = April.browser(width: 80, height: 24)
        type(&state, "/"); type(&state, "2017-01-01"); press(&state, .enter)
        #expect(screen(state).line(23).contains("2017-01-01 is not in the data: it runs from 2016-04-01 00:00"))
        #expect(state.table.selectedRow == 0)
    }

    @Test func heatmapDaysDownHoursAcross() {
        var state = April.browser(width: 100, height: 30)
        press(&state, .character("h"))
        let buffer = screen(state)
        let ruler = buffer.row(containing: "Day / hour")!
        #expect(buffer.line(ruler).hasPrefix("Day / hour      0  1  2  3"))
        let tuesday = buffer.row(startingWith: "Tue 2016-04-19")!
        // 8 AM that Tuesday: column 16 + 8 × 3.
        #expect(buffer[16 + 8 * 3, tuesday].style.background == .indexed(21))
        #expect(buffer[16 + 17 * 3, buffer.row(startingWith: "Mon 2016-04-18")!].style.background == .indexed(196))
        press(&state, .character("h"))
        #expect(screen(state).row(containing: "Day / hour") == nil)
    }

    @Test func mouseWheelAndClick() throws {
        var state = April.browser(width: 80, height: 24)
        _ = state.update(.mouse(MouseEvent(x: 5, y: 12, kind: .press)))
        #expect(state.table.selectedRow == 6)
        _ = state.update(.mouse(MouseEvent(x: 5, y: 12, kind: .wheelDown)))
        #expect(state.table.selectedRow == 9)
        // A click on the tab's label, wherever the header's width put it.
        let header = screen(state).line(0)
        let weatherTab = try #require(header.range(of: "3 Weather")).lowerBound
        _ = state.update(.mouse(MouseEvent(x: header.distance(from: header.startIndex, to: weatherTab) + 2, y: 0, kind: .press)))
        #expect(state.current == .weather)
    }

    @Test func resizeKeepsTheSelectionVisible() {
        var state = April.browser(width: 120, height: 40)
        press(&state, .character("G"))
        _ = state.update(.resize(width: 40, height: 12))
        let buffer = screen(state)
        #expect(buffer.rows(styledWith: .reverse).count == 1)
        #expect(buffer.text.contains("Sat 2016-04-30 23:00"))
    }

    @Test func tooSmallSaysSo() {
        let state = April.browser(width: 20, height: 5)
        #expect(screen(state).text.contains("Window too small"))
    }

    @Test func helpListsTheKeysAndAnyKeyClosesIt() {
        var state = April.browser(width: 80, height: 30)
        press(&state, .character("?"))
        // The help is longer than 30 rows: it scrolls, and its end holds the Table keys.
        #expect(!screen(state).text.contains("previous month (open-data API)"))
        press(&state, .character("G"))
        #expect(screen(state).text.contains("next hour matching the search"))
        #expect(screen(state).text.contains("previous month (open-data API)"))
        press(&state, .character("x"))
        #expect(!screen(state).text.contains("any other key closes"))
    }

    @Test func aFailedLoadKeepsTheLastGoodData() {
        var state = April.browser(width: 80, height: 24)
        let error = LoadError(source: "broken.xml", location: SourceLocation(line: 1, column: 5001), "the document ends before </response> (is it cut off?)")
        _ = state.tableLoaded(source: "broken.xml", .failure(error), at: "12:34:56")
        let buffer = screen(state)
        #expect(buffer.line(6).hasPrefix("▼ Friday, April 1, 2016 12:00 AM"))
        #expect(buffer.line(23).hasPrefix(" the document ends before </response>"))
        #expect(buffer.line(23).hasSuffix(" · broken.xml:1:5001 · 12:34:56"))
        var fresh = BrowserState(width: 80, height: 24, theme: Theme(colors: .indexed256))
        _ = fresh.tableLoaded(source: "/data/broken.xml", .failure(LoadError(source: "/data/broken.xml", location: SourceLocation(line: 1, column: 5001), "cut off")), at: "12:34:56")
        #expect(screen(fresh).line(2) == " No data: broken.xml:1:5001: cut off")
        #expect(state.table.times.count == 720)
    }

    @Test func qQuits() {
        var state = April.browser(width: 80, height: 24)
        #expect(press(&state, .character("q")) == [.quit])
    }
}

extension ScreenBuffer {
    func row(startingWith prefix: String) -> Int? {
        (0..<height).first { line($0).hasPrefix(prefix) }
    }

    /// Rows where some cell has `attribute`.
    func rows(styledWith attribute: TextAttributes) -> [Int] {
        (0..<height).filter { y in (0..<width).contains { self[$0, y].style.attributes.contains(attribute) } }
    }
}

@Suite(.needsSharedData) struct TableDateSearchTests {
    private func land(_ query: String) -> String {
        var state = April.browser(width: 100, height: 30)
        type(&state, "/"); type(&state, query); press(&state, .enter)
        return DateText.compact(state.table.times[state.table.selectedRow])
    }

    /// The cases: a day lands on its first hour, and the forms people write all work.
    @Test func searchesLandWhereAsked() {
        #expect(land("april 20") == "Wed 2016-04-20 00:00")
        #expect(land("2016-04-20 11:00 PM") == "Wed 2016-04-20 23:00")
        #expect(land("20 apr 2016 23:00") == "Wed 2016-04-20 23:00")
        #expect(land("tuesday 8am") == "Tue 2016-04-05 08:00")
    }
}
