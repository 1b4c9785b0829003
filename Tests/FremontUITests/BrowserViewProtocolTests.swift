import FremontCore
import FremontTestSupport
import Testing
@testable import FremontUI

/// A view that records what reaches it, to test the protocol and the routing on their own.
private struct CounterView: BrowserView {
    enum Action: Sendable, Hashable { case increment, open, child, back, link, ask, compute }

    let id: ViewID
    var title: String
    var count = 0
    var received: [String] = []
    var areas: [Rect] = []

    init(_ name: String) {
        id = ViewID(name)
        title = name.capitalized
    }

    var keymap: Keymap<Action> {
        Keymap([
            KeyBinding(.character("+"), .increment, "count one more"),
            KeyBinding(.enter, .child, "open a child view"),
            KeyBinding(.character("x"), .back, "close this view"),
            KeyBinding(.character("L"), .link, "ask the host to open a link"),
            KeyBinding(.character("a"), .ask, "ask for a number to count to"),
            KeyBinding(.character("w"), .compute, "count to a number worked out off the UI thread"),
        ], footer: [KeyHint("+", "count", for: [.character("+")])])
    }

    mutating func layout(in area: Rect) { areas.append(area) }

    mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        switch action {
        case .increment:
            count += 1
            return [.message("\(title) at \(count)")]
        case .open: return []
        case .child: return [.push(CounterView(id.name + "-child"))]
        case .back: return [.pop]
        case .link: return [.host(.runProgram(.open(link: "https://example.org/\(count)")))]
        case .ask: return [.prompt(label: "Count to")]
        case .compute:
            let start = count
            return [.run(Command(.compute, key: "count", subject: start) { _, _ in start + 40 })]
        }
    }

    mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] {
        switch message {
        case .loadStarted(let source): received.append("started \(source)")
        case .loaded(let source, _): received.append("loaded \(source)")
        case .loadFailed(let source, let error): received.append("failed \(source) \(error.kind)")
        case .report(let report): received.append("report \(report.source) \(report.warningTotal)")
        case .answer(let text): count = Int(text) ?? -1
        case .programFinished(let outcome): received.append("program \(outcome.message)")
        case .revealed: received.append("revealed")
        case .reply(let reply):
            let value = (try? reply.value(as: Int.self)?.get()).map { " \($0)" } ?? ""
            received.append("reply \(reply.key)\(value)")
        }
        return []
    }

    func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        buffer.fill(area, style: .plain)
        buffer.write("\(title): \(count)", x: area.x, y: area.y)
    }
}

@Suite struct BrowserViewProtocolTests {
    private func browser() -> BrowserState {
        BrowserState(width: 60, height: 12, theme: Theme(colors: .none), views: [CounterView("one"), CounterView("two")])
    }

    @Test func keysGoToTheActiveViewThroughItsKeymap() {
        var state = browser()
        #expect(state.update(.key(.character("+"))) == [])
        #expect(state.view(CounterView.self)?.count == 1)
        #expect(state.status.message == "One at 1")
        _ = state.update(.key(.character("2")))
        #expect(state.current == ViewID("two"))
        _ = state.update(.key(.character("+")))
        #expect(state.tabs[1][0] is CounterView)
        #expect((state.tabs[1][0] as! CounterView).count == 1)
        #expect((state.tabs[0][0] as! CounterView).count == 1)
        // A key no keymap names does nothing.
        #expect(state.update(.key(.character("z"))) == [])
    }

    @Test func theHeaderAndFooterComeFromTheViews() {
        var state = browser()
        var buffer = ScreenBuffer(width: 60, height: 12)
        state.render(into: &buffer)
        #expect(buffer.line(0).hasPrefix(" Fremont  1 One   2 Two"))
        #expect(buffer.line(1) == "One: 0")
        #expect(buffer.line(10) == " + count  ? help  q quit")
        _ = state.update(.key(.tab))
        state.render(into: &buffer)
        #expect(buffer.line(1) == "Two: 0")
    }

    @Test func hostEffectsReturnToTheCaller() {
        var state = browser()
        _ = state.update(.key(.character("+")))
        #expect(state.update(.key(.character("L"))) == [.runProgram(.open(link: "https://example.org/1"))])
        // `r` asks the view what loading takes: a view that loads nothing, nothing.
        #expect(state.update(.key(.character("r"))) == [])
        #expect(state.update(.key(.control("c"))) == [.quit])
    }

    @Test func aViewPushesAChildAndQGoesBackOneLevel() {
        var state = browser()
        _ = state.update(.key(.enter))
        #expect(state.tabs[0].count == 2)
        #expect(state.active.id == ViewID("one-child"))
        #expect((state.tabs[0][1] as! CounterView).areas == [state.contentArea])
        var buffer = ScreenBuffer(width: 60, height: 12)
        state.render(into: &buffer)
        #expect(buffer.line(1) == "One-Child: 0")
        #expect(buffer.line(10).hasSuffix("q back"))
        // The tab keeps its place: the header still names the registered view.
        #expect(buffer.line(0).hasPrefix(" Fremont  1 One "))
        #expect(state.update(.key(.character("q"))) == [])
        #expect(state.tabs[0].count == 1)
        _ = state.update(.key(.enter))
        _ = state.update(.key(.character("x")))  // the child pops itself
        #expect(state.tabs[0].count == 1)
        #expect(state.update(.key(.character("q"))) == [.quit])
    }

    @Test func aViewAsksForALineAndTheAnswerComesBackToIt() {
        var state = browser()
        _ = state.update(.key(.character("a")))
        var buffer = ScreenBuffer(width: 60, height: 12)
        state.render(into: &buffer)
        #expect(buffer.line(10) == " Count to:")
        #expect(buffer[11, 10].style.attributes == buffer[10, 10].style.attributes.symmetricDifference(.reverse))  // the cursor, inverted
        for key in [Key.character("4"), .character("2"), .backspace, .character("3"), .enter] { _ = state.update(.key(key)) }
        #expect(state.view(CounterView.self)?.count == 43)
        // Digits went to the prompt, not to the tab keys.
        #expect(state.current == ViewID("one"))
        _ = state.update(.key(.character("a")))
        _ = state.update(.key(.character("9")))
        _ = state.update(.key(.escape))
        #expect(state.view(CounterView.self)?.count == 43)
    }

    @Test func workIsHandedToTheHostAndItsAnswerReachesTheViewThatAsked() {
        var state = browser()
        _ = state.update(.key(.character("+")))
        let effects = state.update(.key(.character("w")))
        guard case .run(let work, let address)? = effects.first, effects.count == 1, work.lane == .compute else {
            Issue.record("no work: \(effects)")
            return
        }
        #expect(address.view == ViewID("one"))
        // The state only routes: the work runs wherever the host runs it.
        #expect(state.view(CounterView.self)?.received == [])
        _ = state.update(.replied(address, work.run(BrowserServices()), at: "1"))
        #expect((state.tabs[0][0] as! CounterView).received == ["reply count 41"])
        #expect((state.tabs[1][0] as! CounterView).received == [])
    }

    @Test func loadsReachTheirViewAndReportsReachEveryView() {
        var state = browser()
        _ = state.update(.loadStarted(ViewID("two"), source: "a.xml"))
        #expect(state.isLoading)
        let warning = ParseWarning("odd", at: SourceLocation(line: 3, column: 4))
        let counts = SeriesTable.fremont([], warnings: [warning])
        state.reply(to: ViewID("two"), key: "table", label: "a.xml", .success(LoadedTable(table: counts, name: "a.xml", month: nil)), at: "10:00:00")
        #expect(!state.isLoading)
        let one = state.tabs[0][0] as! CounterView, two = state.tabs[1][0] as! CounterView
        #expect(two.received == ["started a.xml", "reply table", "report a.xml 1"])
        #expect(one.received == ["report a.xml 1"])
        #expect(state.warningsThisRun == 1)
    }

    @Test func failuresAreMatchedOnTheirKind() {
        var state = browser()
        let missing = LoadError(source: "/data/b.xml", kind: .notFound, "cannot open: No such file or directory")
        state.reply(to: ViewID("one"), key: "table", label: "/data/b.xml", Result<LoadedTable, LoadError>.failure(missing), at: "10:00:00")
        #expect(state.status.lastError?.error.kind == .notFound)
        // A cancellation is no error: it says so and leaves the last error alone.
        let cancelled = LoadError(source: "/data/c.xml", kind: .cancelled, "cancelled")
        state.reply(to: ViewID("one"), key: "table", label: "/data/c.xml", Result<LoadedTable, LoadError>.failure(cancelled), at: "10:00:01")
        #expect(state.status.message == "loading cancelled")
        #expect(state.status.lastError?.error.source == "/data/b.xml")
        // The same source loading again clears its error; a message that merely starts the
        // same way would not have mattered.
        state.reply(to: ViewID("one"), key: "table", label: "/data/b.xml", .success(LoadedTable(table: SeriesTable.fremont([]), name: "b", month: nil)),
                    at: "10:00:02")
        #expect(state.status.lastError == nil)
        let one = state.tabs[0][0] as! CounterView
        #expect(one.received.contains("reply table"))
    }

    @Test func theStatusLineGivesTheReasonFirstAndShortensALongAddressInTheMiddle() {
        var state = BrowserState(width: 80, height: 12, theme: Theme(colors: .none), views: [CounterView("one")])
        let url = "https://data.seattle.gov/api/views/65db-xm6k/rows.csv?accessType=DOWNLOAD&bom=true&format=true"
        let error = LoadError(source: url, kind: .httpStatus(503), "HTTP 503 Service Unavailable")
        _ = state.update(.loaded(ViewID("one"), source: url, .failure(error), at: "10:00:00"))
        var buffer = ScreenBuffer(width: 80, height: 12)
        state.render(into: &buffer)
        let line = buffer.line(11)
        #expect(line.hasPrefix(" HTTP 503 Service Unavailable · https://data.seatt"))
        #expect(line.contains("…"))
        #expect(line.hasSuffix("format=true · 10:00:00"))
        #expect(DisplayWidth.of(line) <= 80)
    }
}
