import FremontCore
import FremontTestSupport
import Testing
@testable import FremontUI

/// The Log tab: every load's warnings and errors, newest first, readable at any width.
@Suite(.needsSharedData) struct LogViewTests {
    private func report(_ source: String, at time: String, warnings: [ParseWarning] = [], total: Int? = nil,
                        error: LoadError? = nil) -> LoadReport {
        LoadReport(view: .feeds, source: source, time: time, warnings: warnings, warningTotal: total, error: error)
    }

    private func logBrowser(width: Int = 80, height: Int = 24) -> BrowserState {
        var state = BrowserState(width: width, height: height, theme: Theme(colors: .none), current: .log)
        _ = state.update(.key(.character("4")))
        return state
    }

    @Test func warningsAndErrorsOfEveryLoadNewestFirst() throws {
        var state = logBrowser()
        #expect(screen(state).line(2).contains("Nothing yet"))
        let broken = try FeedsFixtures.parse("<rss version=\"2.0\"><channel><title>T</title>\n<item><title>Fish & Chips</title></item></channel></rss>",
                                             name: "/feeds/amp.xml")
        _ = state.update(FeedsFixtures.loaded("/feeds/amp.xml", broken, at: "09:00:00"))
        let missing = LoadError(source: "/data/april.xml", kind: .notFound, "cannot open: No such file or directory")
        _ = state.tableLoaded(source: "/data/april.xml", .failure(missing), at: "09:00:05")
        let lines = screen(state).lines
        #expect(state.active.sourceName == "2 entries")  // the header's right side from 87 columns
        #expect(lines[1] == " 09:00:05  error  april.xml")
        #expect(lines[2] == "   cannot open: No such file or directory")
        #expect(lines[3] == " 09:00:00  warning  amp.xml:2:19")
        #expect(lines[4].hasPrefix("   a bare '&' (not allowed in XML)"))
        #expect(lines[22].hasPrefix(" j/k move  PgUp/PgDn page  g/G newest/oldest"))
    }

    @Test func longMessagesWrapAndTheSelectionMovesByEntry() {
        var state = logBrowser(width: 40, height: 12)
        let long = ParseWarning(String(repeating: "word ", count: 20), at: SourceLocation(line: 7, column: 1))
        state.tableLoaded(source: "a.xml", .success(SeriesTable.fremont([], warnings: [long, long])), at: "08:00:00")
        let lines = screen(state).lines
        #expect(lines[1] == " 08:00:00  warning  a.xml:7:1")
        #expect(lines[2] == "   word word word word word word word")
        #expect(lines[3].hasPrefix("   word"))
        #expect(state.log.list.selected == 0)
        press(&state, .character("j"))
        #expect(state.log.list.selected == 1)
        press(&state, .character("g"))
        #expect(state.log.list.selected == 0)
    }

    @Test func aReaderPartWayDownStaysOnTheirEntryWhenNewOnesArrive() {
        var view = LogView()
        let area = Rect(x: 0, y: 1, width: 60, height: 10)
        view.layout(in: area)
        _ = view.receive(.report(report("a.xml", at: "1", warnings: (1...5).map { ParseWarning("w\($0)") })), in: area)
        _ = view.perform(.move(.down), in: area)
        _ = view.perform(.move(.down), in: area)
        let reading = view.entries[view.list.selected]
        _ = view.receive(.report(report("b.xml", at: "2", warnings: [ParseWarning("new")])), in: area)
        #expect(view.entries[0].message == "new")
        #expect(view.entries[view.list.selected] == reading)
    }

    @Test func warningsBeyondWhatALoadKeptAreCountedAndTheLogIsBounded() {
        var view = LogView()
        let area = Rect(x: 0, y: 1, width: 60, height: 10)
        view.layout(in: area)
        _ = view.receive(.report(report("big.xml", at: "1", warnings: [ParseWarning("first")], total: 5_000)), in: area)
        #expect(view.entries.map(\.message) == ["first", "4999 more warnings not kept"])
        let many = (0..<(LogView.maximumEntries + 50)).map { ParseWarning("w\($0)") }
        _ = view.receive(.report(report("huge.xml", at: "2", warnings: many)), in: area)
        #expect(view.entries.count == LogView.maximumEntries)
        #expect(view.dropped == 52)
        #expect(view.entries[0].message == "w0")
    }

    @Test func controlCharactersNeverReachTheScreen() {
        var state = logBrowser()
        let hostile = ParseWarning("evil \u{1B}]0;pwned\u{07} \u{202E}text", at: SourceLocation(line: 1))
        state.tableLoaded(source: "/x/\u{1B}[31mred.xml", .success(SeriesTable.fremont([], warnings: [hostile])), at: "1")
        let text = screen(state).text
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(text.contains("evil"))
    }
}
