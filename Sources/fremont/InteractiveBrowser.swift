import Foundation
import FremontCore
import FremontSources
import FremontTerminal
import FremontUI
import Synchronization

/// Runs the full-screen browser: loads start in the background and come back as events; the
/// loop feeds every event through `BrowserState.update`, redraws, and carries out effects.
final class InteractiveBrowser {
    struct Sources {
        var bikes: DataSource?
        var weather: DataSource?
        /// Each feed loads on its own, so a slow or broken one holds up no other.
        var feeds: [DataSource] = []
    }

    /// A var: `<` and `>` replace the bike source with another month, which `r` then reloads.
    private var sources: Sources
    private let inbox = EventInbox()
    /// Loads run in parallel, four at most: a list of fifty feeds does not open fifty downloads,
    /// and one slow feed holds up no other.
    private let loads: OperationQueue = {
        let queue = OperationQueue()
        queue.name = "fremont.loads"
        queue.maxConcurrentOperationCount = 4
        queue.qualityOfService = .userInitiated
        return queue
    }()
    /// Bumped when a tab's loads are cancelled: results of an older generation are dropped.
    private var generations: [TabID: Int] = [:]
    /// Loads under way, by tab: the source, its download's cancellation, and the event that reports it cancelled.
    private var pending: [TabID: [(source: String, cancellation: FetchCancellation, cancelled: () -> BrowserEvent)]] = [:]
    /// Live through the cache, or `--offline` from the cache alone.
    private let settings: FetchSettings

    init(sources: Sources, settings: FetchSettings = .init()) {
        self.sources = sources
        self.settings = settings
    }

    /// Whether a browser can run here: both ends must be a terminal.
    static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    func run(startingOn tab: TabID) -> Never {
        let noColor = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        let screen = TerminalScreen(noColor: noColor)
        var state = BrowserState(width: screen.width, height: screen.height, theme: Theme(colors: screen.colorSupport), current: tab)
        var buffer = ScreenBuffer(width: screen.width, height: screen.height)

        for tab in TabID.allCases { perform(.reload(tab), state: &state, screen: screen) }
        var lastTick = DispatchTime.now()
        // Only a frame after something happened: while loading the loop wakes every 30 ms, and
        // most of those wake-ups change nothing on screen.
        var needsDraw = true
        while true {
            for delivery in inbox.takeAll() {
                guard delivery.generation == generations[delivery.tab, default: 0] else { continue }
                if delivery.isResult { pending[delivery.tab]?.removeAll { $0.source == delivery.source } }
                for effect in state.update(delivery.event) { perform(effect, state: &state, screen: screen) }
                needsDraw = true
            }
            if needsDraw {
                if buffer.width != state.width || buffer.height != state.height {
                    buffer = ScreenBuffer(width: state.width, height: state.height)
                }
                state.render(into: &buffer)
                screen.draw(buffer)
                needsDraw = false
            }

            let loading = !state.status.loading.isEmpty
            if let event = screen.nextEvent(timeout: loading ? 30 : 500) {
                for effect in state.update(event) { perform(effect, state: &state, screen: screen) }
                needsDraw = true
            }
            if loading, DispatchTime.now().uptimeNanoseconds - lastTick.uptimeNanoseconds > 100_000_000 {
                _ = state.update(.tick)
                lastTick = DispatchTime.now()
                needsDraw = true
            }
        }
    }

    private func perform(_ effect: BrowserEffect, state: inout BrowserState, screen: TerminalScreen) {
        switch effect {
        case .quit:
            screen.restore()
            exit(0)
        case .openLink(let link):
            let outcome = LinkOpener.open(link)
            // Set directly: a key sent to clear the line would also reach the tab (Esc ends a search).
            if let message = outcome { state.status.message = message }
        case .cancelLoads(let tab):
            // The UI is free at once; whatever the background work still brings is dropped.
            generations[tab, default: 0] += 1
            let cancelled = pending.removeValue(forKey: tab) ?? []
            for load in cancelled {
                // Stops the download too, so a cancelled load costs no more bandwidth.
                load.cancellation.cancel()
                for effect in state.update(load.cancelled()) { perform(effect, state: &state, screen: screen) }
            }
        case .markRead(let source, let id):
            // Written off the UI thread; a cache that cannot be written only loses the mark.
            loads.addOperation { try? WebSources.markRead(feedURL: source, id: id) }
        case .loadMonth(let year, let month):
            // The month from the open-data API: the endpoint already in use, else the config's,
            // else the city's.
            let endpoint: URL
            if case .socrata(let query)? = sources.bikes {
                endpoint = query.endpoint
            } else {
                endpoint = (try? FremontConfig.load())??.endpoint ?? SocrataQuery.defaultEndpoint
            }
            guard let query = try? SocrataQuery.month("\(year)-\(month < 10 ? "0" : "")\(month)", endpoint: endpoint) else { return }
            perform(.cancelLoads(.bikes), state: &state, screen: screen)
            sources.bikes = .socrata(query)
            perform(.reload(.bikes), state: &state, screen: screen)
        case .reload(let tab):
            switch tab {
            case .bikes:
                if let source = sources.bikes {
                    load(.bikes, from: source, into: &state, parse: { (settings, context, source) throws(ParseError) in
                        try WebSources.bikes(source, format: nil, delimiter: nil, settings, context)
                    },
                         event: { .bikesLoaded(source: $0, $1, at: $2) })
                }
            case .weather:
                if let source = sources.weather {
                    load(.weather, from: source, into: &state, parse: { (settings, context, source) throws(ParseError) in
                        try WebSources.forecast(source, settings, context)
                    },
                         event: { .weatherLoaded(source: $0, $1, at: $2) })
                }
            case .feeds:
                for source in sources.feeds {
                    // Parsed and prepared (HTML to text) off the UI thread, which only wraps.
                    load(.feeds, from: source, into: &state, parse: { (settings, context, source) throws(ParseError) in
                        let loaded = try WebSources.feed(source, settings, context)
                        return PreparedFeed(loaded.result, source: source.name, readItemIDs: loaded.readItemIDs)
                    }, event: { .feedsLoaded(source: $0, $1, at: $2) })
                }
            }
        }
    }

    /// Loads `source` on the load queue (fetching it first if it is on the web); progress and
    /// the result come back to the UI loop as events.
    private func load<Value: Sendable>(
        _ tab: TabID, from source: DataSource, into state: inout BrowserState,
        parse: @escaping @Sendable (FetchSettings, LoadContext, DataSource) throws(ParseError) -> Value,
        event: @escaping @Sendable (String, Result<Value, ParseError>, String) -> BrowserEvent
    ) {
        let name = source.name
        _ = state.update(.loadStarted(tab, source: name))
        let generation = generations[tab, default: 0]
        let cancellation = FetchCancellation()
        pending[tab, default: []].append((name, cancellation, { event(name, .failure(ParseError(source: name, "cancelled")), WallClock.now()) }))
        let throttle = ProgressThrottle(tab: tab, source: name, generation: generation, inbox: inbox)
        // Notes (a cached copy's age) go to the status line: stderr would scribble on the screen.
        // The status line names sources by their file name, as errors do.
        let shortName = SourceName.file(name)
        let context = LoadContext(cancellation: cancellation, progress: throttle.report, note: { [inbox] note in
            inbox.post(.notice(note.replacingOccurrences(of: name, with: shortName)), tab: tab, source: name, generation: generation, final: false)
        })
        loads.addOperation { [inbox, settings] in
            // Named so a crash report (and the terminal tests, which crash one on purpose) can
            // tell a load's thread from the UI's.
            Thread.current.name = "fremont-load"
            defer { Thread.current.name = nil }
            let result = Result { () throws(ParseError) -> Value in try parse(settings, context, source) }
            inbox.post(event(name, result, WallClock.now()), tab: tab, source: name, generation: generation)
        }
    }
}

/// Passes a download's progress to the UI loop at most ten times a second: chunks arrive far
/// more often than the status line can change.
private final class ProgressThrottle: Sendable {
    private let tab: TabID
    private let source: String
    private let generation: Int
    private let inbox: EventInbox
    private let lastPost = Mutex<UInt64>(0)

    init(tab: TabID, source: String, generation: Int, inbox: EventInbox) {
        self.tab = tab
        self.source = source
        self.generation = generation
        self.inbox = inbox
    }

    func report(_ bytes: Int, _ expected: Int?) {
        let now = DispatchTime.now().uptimeNanoseconds
        let due = lastPost.withLock { last -> Bool in
            guard now - last >= 100_000_000 else { return false }
            last = now
            return true
        }
        if due { inbox.post(.loadProgress(tab, bytes: bytes, expected: expected), tab: tab, source: source, generation: generation, final: false) }
    }
}

/// Events from background work, waiting for the UI loop to take them, each with the load it
/// belongs to (so the loop can drop results of cancelled loads).
final class EventInbox: Sendable {
    struct Delivery: Sendable {
        var event: BrowserEvent
        var tab: TabID
        var source: String
        var generation: Int
        /// A load's result ends it; progress reports do not.
        var isResult: Bool
    }

    private let events = Mutex<[Delivery]>([])

    func post(_ event: BrowserEvent, tab: TabID, source: String, generation: Int, final isResult: Bool = true) {
        events.withLock { $0.append(Delivery(event: event, tab: tab, source: source, generation: generation, isResult: isResult)) }
    }

    func takeAll() -> [Delivery] {
        events.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }
}

/// The local time of day as `HH:MM:SS`, for saying when something failed.
enum WallClock {
    static func now() -> String {
        var seconds = time(nil)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return [parts.tm_hour, parts.tm_min, parts.tm_sec].map { pad(Int($0)) }.joined(separator: ":")
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// Opens a link in the user's browser: `$BROWSER`, else `xdg-open`. The link is one argument
/// to the program, never part of a shell command, and only http and https links are opened.
enum LinkOpener {
    /// Returns a message for the status line when the link was not opened.
    static func open(_ link: String) -> String? {
        guard let url = URL(string: link), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "not opened: only http and https links are (\(TextLayout.truncate(TerminalSafeText.singleLine(link), to: 40)))"
        }
        let browser = ProcessInfo.processInfo.environment["BROWSER"].flatMap { $0.isEmpty ? nil : $0 } ?? "xdg-open"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [browser, link]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return "opened in \(browser)"
        } catch {
            return "could not start \(browser): \(error.localizedDescription)"
        }
    }
}
