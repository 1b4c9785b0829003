import Foundation
import FremontCore
import Synchronization
import Testing
@testable import FremontUI

/// A terminal that types a script of events and records what is written.
private final class ScriptedTerminal: TerminalBackend {
    let width = 60, height = 12
    private var script: [BrowserEvent?]
    private(set) var writes: [(runs: [CellRun], cleared: Bool)] = []
    private(set) var lastFrame = ScreenBuffer(width: 60, height: 12)
    /// The screen's text after each write that changed something.
    private(set) var frames: [String] = []

    /// Programs handed the terminal, and how many frames had been written when each ran.
    private(set) var handedOver: [(program: String, arguments: [String], framesBefore: Int)] = []

    init(_ script: [BrowserEvent?]) { self.script = script }

    func runInForeground(_ executable: String, arguments: [String]) -> ProgramEnding {
        handedOver.append((executable, arguments, writes.count))
        return .exited(0)
    }

    func nextEvent(timeout milliseconds: Int32) -> BrowserEvent? {
        // Each nil in the script is a quiet moment, long enough for a load to come back.
        guard !script.isEmpty else { return .key(.control("c")) }
        let next = script.removeFirst()
        if next == nil { Thread.sleep(forTimeInterval: 0.05) }
        return next
    }

    func write(_ runs: [CellRun], clearFirst: Bool) {
        writes.append((runs, clearFirst))
        if clearFirst { lastFrame = ScreenBuffer(width: width, height: height) }
        for run in runs { for (index, cell) in run.cells.enumerated() { lastFrame[run.x + index, run.y] = cell } }
        if clearFirst || !runs.isEmpty { frames.append(lastFrame.text) }
    }
}

/// A terminal with no keys that sleeps on the loop's wake descriptor, as the real one does,
/// recording each wait: how long it was allowed and whether background work cut it short.
private final class SleepingTerminal: TerminalBackend {
    let width = 60, height = 12
    private(set) var waits: [(timeout: Int32, woken: Bool)] = []
    private let quitAfter: Int

    init(quitAfter waits: Int) { quitAfter = waits }

    func nextEvent(timeout milliseconds: Int32) -> BrowserEvent? {
        nextEvent(timeout: milliseconds, wakingOn: -1)
    }

    func nextEvent(timeout milliseconds: Int32, wakingOn descriptor: Int32) -> BrowserEvent? {
        guard waits.count < quitAfter else { return .key(.control("c")) }
        var wait = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = descriptor >= 0 ? poll(&wait, 1, milliseconds) : { usleep(UInt32(milliseconds) * 1000); return 0 }()
        waits.append((milliseconds, ready > 0))
        return nil
    }

    func write(_ runs: [CellRun], clearFirst: Bool) {}
}

/// The run's forecast: a fixed one, after `delay`, each read counted.
private final class StubForecast: ForecastSource {
    let forecast: Forecast
    let delay: TimeInterval
    let reads = Atomic<Int>(0)
    let name = "sf.json"

    init(_ forecast: Forecast, delay: TimeInterval) {
        self.forecast = forecast
        self.delay = delay
    }

    func forecast(_ control: LoadControl) throws(LoadError) -> Forecast {
        reads.add(1, ordering: .relaxed)
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        control.progress(10, 100)
        return forecast
    }
}

/// The run's table: April's counts, each read counted.
private final class StubTable: TableSource {
    let reads = Atomic<Int>(0)

    func name(month: TableMonth?) -> String? { "april.xml" }

    func table(month: TableMonth?, _ control: LoadControl) throws(LoadError) -> SeriesTable? {
        reads.add(1, ordering: .relaxed)
        return April.counts
    }
}

/// The run's feeds: each read counted, none there; or each hanging (a dead server) until stopped.
private final class StubFeeds: FeedSource {
    let reads = Atomic<Int>(0)
    let hangs: TimeInterval

    init(hanging hangs: TimeInterval = 0) { self.hangs = hangs }

    func feed(_ name: String, whole: Bool, cached: Bool, _ control: LoadControl) throws(LoadError) -> PreparedFeed {
        reads.add(1, ordering: .relaxed)
        let end = Date().addingTimeInterval(hangs)
        while Date() < end, !control.isCancelled { Thread.sleep(forTimeInterval: 0.01) }
        throw LoadError(source: name, kind: .timeout, "timed out")
    }

    func starred() throws(LoadError) -> PreparedFeed { throw LoadError(source: "starred", "none") }
}

private final class RecordingHost: BrowserHost {
    let stub: StubForecast
    let table = StubTable()
    let feeds = StubFeeds()
    let services: BrowserServices

    /// - Parameter delay: how long each forecast load takes.
    init(forecast: Forecast, delay: TimeInterval = 0) {
        stub = StubForecast(forecast, delay: delay)
        var services = BrowserServices()
        services.provide((any ForecastSource).self, stub)
        services.provide((any TableSource).self, table)
        services.provide((any FeedSource).self, feeds)
        self.services = services
    }

    /// How many times the Weather tab's command read the forecast.
    var forecastReads: Int { stub.reads.load(ordering: .relaxed) }


    private(set) var programs: [(ProgramRequest, ProgramEnding)] = []

    func runProgram(_ request: ProgramRequest, on terminal: any TerminalBackend) -> ProgramOutcome {
        let ending = terminal.runInForeground("/bin/true", arguments: [])
        programs.append((request, ending))
        return ProgramOutcome(request: request, message: "ran \(request)", succeeded: ending == .exited(0))
    }

}

/// The run loop on its own: events in, effects carried out, only changed cells written, and
/// quitting returns through it with the status.
@Suite(.needsSharedData) struct BrowserRuntimeTests {
    @Test func loadsRunOffTheLoopAndTheirResultsReachTheView() throws {
        let forecast = try WeatherFixtures.sanFrancisco()
        let terminal = ScriptedTerminal([.key(.character("3")), nil, nil, nil, nil, .key(.character("q"))])
        let host = RecordingHost(forecast: forecast)
        let state = BrowserState(width: 60, height: 12, theme: Theme(colors: .none), current: .table)
        let runtime = BrowserRuntime(state: state, terminal: terminal, host: host)
        let status = runtime.run(loading: [.table, .weather, .feeds])
        #expect(status == 0)
        // Each tab loads when first shown, by its own command: Table at once, Weather on "3";
        // Feeds (through its loader) never.
        #expect(host.table.reads.load(ordering: .relaxed) == 1)
        #expect(host.forecastReads == 1)
        #expect(host.feeds.reads.load(ordering: .relaxed) == 0)
        #expect(runtime.finalState.weather.forecast != nil)
        // The first frame is written whole; later ones only what changed.
        #expect(terminal.writes.first?.cleared == true)
        #expect(terminal.writes.dropFirst().allSatisfy { !$0.cleared })
        let whole = FrameDiff.cellCount(terminal.writes[0].runs)
        #expect(terminal.writes.dropFirst().allSatisfy { FrameDiff.cellCount($0.runs) < whole })
        // What the terminal holds is the last frame the state draws.
        var expected = ScreenBuffer(width: 60, height: 12)
        runtime.finalState.render(into: &expected)
        #expect(terminal.lastFrame.line(0) == expected.line(0))
        #expect(terminal.lastFrame.text.contains("Weather"))
    }

    /// The loop sleeps while a load runs, and the load's result wakes it at once: no polling.
    @Test func aResultWakesTheSleepingLoop() throws {
        let terminal = SleepingTerminal(quitAfter: 8)
        let host = RecordingHost(forecast: try WeatherFixtures.sanFrancisco(), delay: 0.25)
        let state = BrowserState(width: 60, height: 12, theme: Theme(colors: .none), current: .weather)
        let runtime = BrowserRuntime(state: state, terminal: terminal, host: host)
        _ = runtime.run(loading: [.weather])
        #expect(runtime.finalState.weather.forecast != nil)
        #expect(terminal.waits.contains { $0.woken }, "\(terminal.waits)")
        // While the 0.25 s load runs, the loop wakes only for the spinner, ten times a second
        // (polling every 30 ms, it woke eight times).
        #expect(terminal.waits.prefix { !$0.woken }.count <= 4, "\(terminal.waits)")
    }

    @Test func aSignalEndsTheRunWithItsStatus() throws {
        let terminal = ScriptedTerminal([.terminate(status: 143)])
        let host = RecordingHost(forecast: try WeatherFixtures.sanFrancisco())
        let runtime = BrowserRuntime(state: BrowserState(width: 60, height: 12, theme: Theme(colors: .none)), terminal: terminal, host: host)
        #expect(runtime.run(loading: []) == 143)
    }

    @Test func automaticReloadsComeWhenDue() throws {
        let terminal = ScriptedTerminal(Array(repeating: nil, count: 12))
        let host = RecordingHost(forecast: try WeatherFixtures.sanFrancisco())
        let runtime = BrowserRuntime(state: BrowserState(width: 60, height: 12, theme: Theme(colors: .none)), terminal: terminal,
                                     host: host, autoReload: [(.weather, 0.2)])
        _ = runtime.run(loading: [])
        // 12 quiet moments of 50 ms: the 0.2 s reload came at least twice.
        #expect(host.forecastReads >= 2)
    }
}

/// A view whose keys run programs: `o` opens a link, `E` edits the feeds file; it keeps what
/// it hears of them.
private struct ProgramView: BrowserView {
    enum Action: Sendable { case open, edit }
    let id = ViewID("programs")
    let title = "Programs"
    var heard: [String] = []
    var keymap: Keymap<Action> {
        Keymap([KeyBinding(.character("o"), .open, "open"), KeyBinding(.character("E"), .edit, "edit")])
    }

    mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        switch action {
        case .open: return [.host(.runProgram(.open(link: "https://example.org/a")))]
        case .edit: return [.host(.runProgram(.editFeedList))]
        }
    }

    mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] {
        if case .programFinished(let outcome) = message { heard.append(outcome.message) }
        return []
    }

    func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) { buffer.fill(area, style: .plain) }
}

/// Programs run on the UI thread with the terminal handed over, the screen drawn whole after.
@Suite(.needsSharedData) struct ForegroundProgramRuntimeTests {
    @Test func aProgramGetsTheTerminalAndTheScreenIsDrawnWholeAfter() throws {
        let terminal = ScriptedTerminal([.key(.character("o")), nil, .key(.character("E")), nil])
        let host = RecordingHost(forecast: try WeatherFixtures.sanFrancisco())
        let state = BrowserState(width: 60, height: 12, theme: Theme(colors: .none), views: [ProgramView()])
        let runtime = BrowserRuntime(state: state, terminal: terminal, host: host)
        _ = runtime.run(loading: [])
        #expect(host.programs.map(\.0) == [.open(link: "https://example.org/a"), .editFeedList])
        #expect(terminal.handedOver.count == 2)
        // The frame after each program clears and writes every cell: the program drew over them.
        for run in terminal.handedOver {
            let after = terminal.writes[run.framesBefore]
            #expect(after.cleared)
            #expect(FrameDiff.cellCount(after.runs) == 60 * 12)
        }
        // Every view hears how it went; the status line says it.
        #expect(runtime.finalState.view(ProgramView.self)?.heard == ["ran open(link: \"https://example.org/a\")", "ran editFeedList"])
    }

    /// A message stays until its lifetime has passed, then the standing state comes back; a
    /// newer message starts its own lifetime.
    @Test func aMessageGivesWayToTheStandingStateAfterAWhile() throws {
        let terminal = ScriptedTerminal([.key(.character("o"))] + Array(repeating: nil, count: 8))
        let host = RecordingHost(forecast: try WeatherFixtures.sanFrancisco())
        let state = BrowserState(width: 60, height: 12, theme: Theme(colors: .none), views: [ProgramView()])
        let runtime = BrowserRuntime(state: state, terminal: terminal, host: host, messageLifetime: 0.15)
        _ = runtime.run(loading: [])
        // Shown once (a frame wrote it), gone by the end (8 quiet moments of 50 ms).
        #expect(terminal.writes.contains { $0.runs.contains { run in run.cells.map(\.text).joined().contains("ran open") } })
        #expect(runtime.finalState.status.message == nil)
        #expect(!terminal.lastFrame.text.contains("ran open"))
    }

    @Test func anExpiryForAnOlderMessageLeavesTheNewOne() {
        var state = BrowserState(width: 60, height: 12, theme: Theme(colors: .none), views: [ProgramView()])
        _ = state.update(.notice("first"))
        let first = state.status.messageSerial
        _ = state.update(.notice("second"))
        _ = state.update(.messageExpired(serial: first))
        #expect(state.status.message == "second")
        _ = state.update(.messageExpired(serial: state.status.messageSerial))
        #expect(state.status.message == nil)
    }
}

/// A view whose keys ask for writes: `w` a read mark, `s` a star.
private struct WritingView: BrowserView {
    enum Action: Sendable { case mark, star }
    let id = ViewID("writing")
    let title = "Writing"
    var keymap: Keymap<Action> {
        Keymap([KeyBinding(.character("w"), .mark, "mark read"), KeyBinding(.character("s"), .star, "star")])
    }

    /// Eight feeds that hang.
    mutating func load(_ target: LoadTarget) -> [ViewEffect] { FeedCommands.load((0..<8).map { "dead-\($0)" }) }

    mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        switch action {
        case .mark: return [.run(ReaderMarkChange.read(source: "https://example.org/feed", ids: ["a"], read: true).command)]
        case .star:
            return [.run(ReaderMarkChange.star(StarredItem(source: "https://example.org/feed", id: "b", title: "B", feedName: "F", author: "",
                                                           date: nil, text: "", links: [], link: "", enclosures: []), true).command)]
        }
    }

    func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) { buffer.fill(area, style: .plain) }
}

/// A host whose loads hang (a dead server) and whose writes take `writeTime`, or fail.
private final class SlowHost: BrowserHost, ReaderMarks, @unchecked Sendable {
    let writeTime: TimeInterval
    let failure: String?
    private let lock = NSLock()
    private var _written: [Date] = []
    var written: [Date] { lock.withLock { _written } }

    init(writeTime: TimeInterval = 0, failure: String? = nil) {
        self.writeTime = writeTime
        self.failure = failure
    }

    /// Eight feeds timing out: every fetching thread busy for seconds.
    var services: BrowserServices {
        var services = BrowserServices()
        services.provide((any FeedSource).self, StubFeeds(hanging: 3))
        services.provide((any ReaderMarks).self, self)
        return services
    }

    func runProgram(_ request: ProgramRequest, on terminal: any TerminalBackend) -> ProgramOutcome {
        ProgramOutcome(request: request, message: "", succeeded: true)
    }

    private func record() throws(LoadError) {
        if writeTime > 0 { Thread.sleep(forTimeInterval: writeTime) }
        if let failure { throw LoadError(source: "the cache", failure) }
        lock.withLock { _written.append(Date()) }
    }

    func markRead(source: String, ids: [String], read: Bool) throws(LoadError) { try record() }
    func markFeedsRead(sources: [String]) throws(LoadError) { try record() }
    func star(_ item: StarredItem, _ starred: Bool) throws(LoadError) { try record() }
}

/// What the reader did is written at once, never behind loads, and quitting finishes it (or
/// says what it could not keep).
@Suite(.needsSharedData) struct BrowserWriteTests {
    private func run(_ host: SlowHost, _ keys: [Character], quitPatience: TimeInterval = 15) -> (BrowserRuntime, TimeInterval) {
        let script: [BrowserEvent?] = keys.map { .key(.character($0)) } + [nil, .key(.character("q"))]
        let terminal = ScriptedTerminal(script)
        let state = BrowserState(width: 60, height: 12, theme: Theme(colors: .none), views: [WritingView()])
        let runtime = BrowserRuntime(state: state, terminal: terminal, host: host, quitPatience: quitPatience)
        let start = Date()
        _ = runtime.run(loading: [ViewID("writing")])
        return (runtime, Date().timeIntervalSince(start))
    }

    @Test func marksAndStarsDoNotWaitBehindHangingLoadsAndQuittingKeepsThem() {
        let host = SlowHost()
        let start = Date()
        let (runtime, took) = run(host, ["w", "w", "s"])
        // All three written while eight loads hung, and before the run ended.
        #expect(host.written.count == 3)
        #expect(host.written.allSatisfy { $0.timeIntervalSince(start) < 1 }, "\(host.written.map { $0.timeIntervalSince(start) })")
        #expect(runtime.unkept.isEmpty)
        // Quitting cancelled the loads rather than waiting out their 3 s.
        #expect(took < 2)
    }

    @Test func quittingWaitsForWritesStillQueued() {
        let host = SlowHost(writeTime: 0.3)
        let (runtime, _) = run(host, ["w", "s", "w"])
        #expect(host.written.count == 3)
        #expect(runtime.unkept.isEmpty)
    }

    @Test func writesStillWaitingPastThePatienceAreSaid() {
        let host = SlowHost(writeTime: 2)
        let (runtime, took) = run(host, ["w"], quitPatience: 0.3)
        #expect(took < 1.5)
        #expect(runtime.unkept.count == 1)
        #expect(runtime.unkept.first?.contains("1 change") == true, "\(runtime.unkept)")
    }

    @Test func aWriteThatFailsIsSaidOnTheStatusLineAndOnExit() {
        let host = SlowHost(failure: "the cache is read-only")
        let (runtime, _) = run(host, ["w"])
        #expect(runtime.unkept == ["a read mark of feed not kept: the cache is read-only"])
    }
}

/// A view whose key hands work to the runtime and shows the answer, and the thread it ran on.
private struct WorkingView: BrowserView {
    enum Action: Sendable, Hashable { case work }
    let id = ViewID("working")
    let title = "Working"
    var answer = "none"

    var keymap: Keymap<Action> { Keymap([KeyBinding(.character("w"), .work, "work off the UI thread")]) }

    mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        [.run(Command(.compute, key: "work") { _, _ in "42 on \(Thread.current.name ?? "an unnamed thread")" })]
    }

    mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] {
        if case .reply(let reply) = message { answer = (try? reply.value(as: String.self)?.get()) ?? "?" }
        return []
    }

    func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        buffer.fill(area, style: .plain)
        buffer.write(answer, x: area.x, y: area.y)
    }
}

@Suite(.needsSharedData) struct BrowserRuntimeComputeTests {
    /// A view's work (the trend's model fit) runs on the runtime's own thread, and its answer
    /// comes back to the view through the loop.
    @Test func workRunsOffTheLoopAndItsAnswerReachesTheView() {
        let terminal = ScriptedTerminal([.key(.character("w")), nil, nil, nil, nil])
        let state = BrowserState(width: 60, height: 12, theme: Theme(colors: .none), views: [WorkingView()])
        let runtime = BrowserRuntime(state: state, terminal: terminal, host: RecordingHost(forecast: Forecast(latitude: 0, longitude: 0)))
        _ = runtime.run(loading: [])
        #expect(runtime.finalState.view(WorkingView.self)?.answer == "42 on fremont-load")
        #expect(terminal.lastFrame.text.contains("42 on fremont-load"))
    }
}

/// A view whose `w` asks for work off the UI thread: the number of the press, made slowly.
private struct BackgroundView: BrowserView {
    enum Action: Sendable { case work }
    let id = ViewID("background")
    let title = "Background"
    var presses = 0
    var wanted = false
    /// The thread the view's keys run on: the loop's.
    var loopThread = pthread_self()
    /// What came back, in order (negative: the work ran on the loop's thread).
    var results: [Int] = []
    var keymap: Keymap<Action> { Keymap([KeyBinding(.character("w"), .work, "work")]) }

    mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        presses += 1
        wanted = true
        loopThread = pthread_self()
        return []
    }

    mutating func takeDeferredCommand() -> Command? {
        guard wanted else { return nil }
        wanted = false
        let press = presses, loop = loopThread
        return Command(.compute, key: "press", subject: press) { _, _ in
            Thread.sleep(forTimeInterval: 0.02)
            return pthread_equal(pthread_self(), loop) != 0 ? -press : press
        }
    }

    mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] {
        if case .reply(let reply) = message, reply.key == "press", case .success(let press)? = reply.value(as: Int.self) { results.append(press) }
        return []
    }

    func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) { buffer.fill(area, style: .plain) }
}

@Suite(.needsSharedData) struct DeferredCommandRuntimeTests {
    /// Three presses at once: the work runs off the loop, the newest result arrives, and a
    /// request made stale before it started is skipped.
    @Test func backgroundWorkRunsOffTheLoopAndTheNewestArrives() throws {
        let terminal = ScriptedTerminal([.key(.character("w")), .key(.character("w")), .key(.character("w")), nil, nil, nil, nil])
        let state = BrowserState(width: 60, height: 12, theme: Theme(colors: .none), views: [BackgroundView()])
        let runtime = BrowserRuntime(state: state, terminal: terminal, host: RecordingHost(forecast: try WeatherFixtures.sanFrancisco()))
        _ = runtime.run(loading: [])
        let results = try #require(runtime.finalState.view(BackgroundView.self)).results
        #expect(results.last == 3, "\(results)")
        #expect(results.allSatisfy { $0 > 0 }, "work ran on the loop's thread: \(results)")
        #expect(results == results.sorted() && results.count < 3, "\(results)")
    }
}

/// A view that asks, on `c`, for a list's count and then, on `o`, for a window of rows.
private struct LaneView: BrowserView {
    enum Action: Sendable { case count, open }
    let id = ViewID("lanes")
    let title = "Lanes"
    /// What arrived, in order: "count" or "window".
    var arrived: [String] = []
    var keymap: Keymap<Action> {
        Keymap([KeyBinding(.character("c"), .count, "count"), KeyBinding(.character("o"), .open, "open")])
    }

    mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        [.run(ItemCommands.window(ItemWindowRequest(query: .all, wanted: action == .count ? 0..<0 : 0..<20)))]
    }

    mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] {
        if case .reply(let reply) = message, case .success(let window)? = reply.value(as: ItemWindow.self) {
            arrived.append(window.isCountOnly ? "count" : "window")
        }
        return []
    }

    func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) { buffer.fill(area, style: .plain) }
}

/// An item cache of a million items whose windows `read` answers; items and search it has none.
private final class StubItems: ItemCache {
    let read: @Sendable (ItemWindowRequest) -> ItemWindow

    init(_ read: @escaping @Sendable (ItemWindowRequest) -> ItemWindow) { self.read = read }

    func window(_ request: ItemWindowRequest) throws(LoadError) -> ItemWindow { read(request) }
    func item(feed: String, id: String, source: String) throws(LoadError) -> FeedEntry { throw LoadError(source: feed, "no items") }
    func search(_ words: String, limit: Int) throws(LoadError) -> [SearchResult] { [] }

    static func services(_ read: @escaping @Sendable (ItemWindowRequest) -> ItemWindow) -> BrowserServices {
        var services = BrowserServices()
        services.provide((any ItemCache).self, StubItems(read))
        return services
    }
}

/// A cache whose counts scan a million items: a count runs until a window has been read (or 2 s).
private final class CountingHost: BrowserHost, Sendable {
    private let windowRead = Mutex(false)

    var services: BrowserServices {
        StubItems.services { [self] request in
            if request.isCountOnly {
                let end = Date().addingTimeInterval(2)
                while Date() < end, !self.windowRead.withLock({ $0 }) { Thread.sleep(forTimeInterval: 0.005) }
                // The scan goes on a while after the window's read ended (the window's reply is
                // posted after its read: without this, a loaded machine could post the count first).
                Thread.sleep(forTimeInterval: 0.1)
                return request.window(total: 1_000_000, read: [])
            }
            self.windowRead.withLock { $0 = true }
            return request.window(total: 1_000_000, read: [])
        }
    }


    func runProgram(_ request: ProgramRequest, on terminal: any TerminalBackend) -> ProgramOutcome {
        ProgramOutcome(request: request, message: "", succeeded: true)
    }

}

@Suite(.needsSharedData) struct CacheLaneRuntimeTests {
    /// A window asked for while a count scans is read at once, on its own lane: the count
    /// (which here lasts until a window is read) comes after it, not before.
    @Test func aWindowNeverWaitsBehindACount() {
        let terminal = ScriptedTerminal([.key(.character("c")), .key(.character("o"))] + Array(repeating: nil, count: 20))
        let state = BrowserState(width: 60, height: 12, theme: Theme(colors: .none), views: [LaneView()])
        let runtime = BrowserRuntime(state: state, terminal: terminal, host: CountingHost())
        let start = Date()
        _ = runtime.run(loading: [])
        #expect(runtime.finalState.view(LaneView.self)?.arrived == ["window", "count"])
        #expect(Date().timeIntervalSince(start) < 2)
    }
}

/// A view that asks for a list's count on `c` (as a list does after its first screen) and is
/// marked by `m`; it shows both.
private struct QuietCountView: BrowserView {
    enum Action: Sendable { case count, mark }
    let id = ViewID("quiet")
    let title = "Quiet"
    var counted: Int?
    var marked = false
    var keymap: Keymap<Action> {
        Keymap([KeyBinding(.character("c"), .count, "count"), KeyBinding(.character("m"), .mark, "mark")])
    }

    mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        switch action {
        case .count: return [.run(ItemCommands.window(ItemWindowRequest(query: .all, wanted: 0..<0)))]
        case .mark:
            marked = true
            return []
        }
    }

    mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] {
        if case .reply(let reply) = message, case .success(let window)? = reply.value(as: ItemWindow.self) { counted = window.total }
        return []
    }

    func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        buffer.fill(area, style: .plain)
        if marked { buffer.write("marked", x: area.x, y: area.y, style: .plain) }
        if let counted { buffer.write("counted \(counted)", x: area.x, y: area.y + 1, style: .plain) }
    }
}

/// A cache whose counts take 0.6 s (a scan of many items).
private final class SlowCountHost: BrowserHost, Sendable {
    var services: BrowserServices {
        StubItems.services { request in
            Thread.sleep(forTimeInterval: 0.6)
            return request.window(total: 1_000_000, read: [])
        }
    }


    func runProgram(_ request: ProgramRequest, on terminal: any TerminalBackend) -> ProgramOutcome {
        ProgramOutcome(request: request, message: "", succeeded: true)
    }

}

@Suite(.needsSharedData) struct SilentCountRuntimeTests {
    /// A count that follows a list already shown is silent: no "loading" and no spinner on the
    /// status line while it runs, so nothing is drawn for it until it lands (then once); a key
    /// pressed meanwhile is drawn at once.
    @Test func aCountDrawsNothingUntilItLandsAndKeysGoOnMeanwhile() {
        let terminal = ScriptedTerminal([.key(.character("c")), nil, .key(.character("m"))] + Array(repeating: nil, count: 30))
        let state = BrowserState(width: 60, height: 12, theme: Theme(colors: .none), views: [QuietCountView()])
        let runtime = BrowserRuntime(state: state, terminal: terminal, host: SlowCountHost())
        _ = runtime.run(loading: [])
        let frames = terminal.frames
        #expect(runtime.finalState.view(QuietCountView.self)?.counted == 1_000_000)
        #expect(!frames.contains { $0.contains("loading") }, "\(frames)")
        let marked = frames.firstIndex { $0.contains("marked") }
        let counted = frames.firstIndex { $0.contains("counted 1000000") }
        #expect(marked != nil && counted != nil)
        if let marked, let counted {
            // The key's frame, then the count's: nothing drawn between them while the count ran.
            #expect(counted == marked + 1, "\(frames.count) frames; marked in \(marked), counted in \(counted)")
        }
    }
}
