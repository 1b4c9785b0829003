import Dispatch
import Foundation
import FremontCore
import Synchronization

/// Runs a `BrowserState` on a terminal: every event goes through `update`, effects are carried
/// out (loads on a queue of their own, their results coming back as events), and each frame
/// sends the terminal only the cells that changed. `run` returns when an effect says quit, so
/// the caller restores the terminal on one path.
public final class BrowserRuntime {
    private var state: BrowserState
    private let terminal: any TerminalBackend
    private let host: any BrowserHost
    private let inbox = EventInbox()
    /// Fetches run in parallel, four at most: a list of fifty feeds does not open fifty downloads,
    /// and one slow feed holds up no other.
    private let loads: BlockingWorkQueue
    /// What the reader did (marks, stars, exports), written one at a time on a thread of its
    /// own: never behind a slow or dead host's fetch, and finished before the run ends.
    private let writes = BlockingWorkQueue(width: 1, name: "fremont.writes")
    /// Reads of the cache a screen waits for (a list's window, an item to read): never queued
    /// behind feeds that hang on the network.
    private let cacheReads = BlockingWorkQueue(width: 1, name: "fremont.cache-reads")
    /// Counts of lists (a query feed's, a filtered list's after its first screen): each may scan
    /// a million items, so they queue here, and a window a screen waits for never waits behind one.
    private let cacheCounts = BlockingWorkQueue(width: 1, name: "fremont.cache-counts")
    /// Work views hand off the UI thread (layout, a model fit), one at a time, never queued
    /// behind a load that hangs on the network; a request made stale by a newer one from the
    /// same view is skipped.
    /// Work that reaches nothing outside (`Command.Lane.compute`).
    private let computes = BlockingWorkQueue(width: 1, name: "fremont.compute")
    /// Commands waiting for a background service's news (`Command.Lane.watch`).
    private let watches = BlockingWorkQueue(width: 2, name: "fremont.watch")
    /// `notify-program` runs, one at a time.
    private let notifications = BlockingWorkQueue(width: 1, name: "fremont.notify")
    /// How long quitting waits for the writes still queued (a cache locked by another fremont).
    private let quitPatience: TimeInterval
    /// Why writes of this run were not kept, for the line printed after the screen is gone.
    private let lostWrites = UnkeptWrites()
    /// Bumped when a view's loads are cancelled: results of an older generation are dropped.
    private var generations: [ViewID: Int] = [:]
    /// Commands under way, by their tab's view: each with the screen it answers to.
    private var pending: [ViewID: [(source: String, control: LoadControl, command: (address: ScreenAddress, key: String, label: String?))]] = [:]
    /// Numbers each command run, so a reply is told from that of an older command of its key.
    private var commandSerial = 0
    /// The services screens' commands run with: the host's, made once.
    private lazy var services = host.services
    /// Views reloaded every so many seconds, and when each is next due.
    private var autoReload: [(view: ViewID, interval: Double, due: UInt64)]
    private var previousFrame: ScreenBuffer?
    /// The buffer the next frame is drawn into: the one before last, reused.
    private var spareFrame: ScreenBuffer?
    private let clock: @Sendable () -> String
    /// Seconds a status-line message stays before the standing state comes back.
    private let messageLifetime: Double

    public init(state: BrowserState, terminal: any TerminalBackend, host: any BrowserHost, concurrentLoads: Int = 4,
                autoReload: [(ViewID, Double)] = [], quitPatience: TimeInterval = 15,
                messageLifetime: Double = StatusLine.messageLifetime,
                clock: @escaping @Sendable () -> String = WallClock.now) {
        self.state = state
        self.messageLifetime = messageLifetime
        self.quitPatience = quitPatience
        let start = DispatchTime.now().uptimeNanoseconds
        self.autoReload = autoReload.map { ($0.0, $0.1, start + UInt64($0.1 * 1e9)) }
        self.terminal = terminal
        self.host = host
        self.clock = clock
        // Threads of its own: loads block, and on the dispatch pool they would starve the very
        // network callbacks they wait for.
        loads = BlockingWorkQueue(width: concurrentLoads, name: "fremont.loads")
    }

    /// The browser as it was when the run ended.
    public var finalState: BrowserState { state }

    /// What the reader did that was not kept: each failed write's reason, and one line for the
    /// writes still waiting when quitting stopped waiting. Empty when everything was written.
    public var unkept: [String] { lostWrites.lines }

    /// Runs until quit, loading each of `views` when it is first shown (the one shown first at
    /// once): a tab never looked at fetches nothing, and its failures never reach the status
    /// line of another. Returns the exit status.
    public func run(loading views: [ViewID]) -> Int32 {
        var unshown = Set(views)
        func loadIfFirstShown() -> Int32? {
            let shown = state.current
            guard unshown.remove(shown) != nil else { return nil }
            return handle(.reload(shown))
        }
        if let status = loadIfFirstShown() { return status }
        // The host's own background work (resuming downloads opens the cache) waits until the
        // first view has its data, or 2 s: on two cores it would slow the first frame.
        var hostStarted = false
        let hostDeadline = DispatchTime.now().uptimeNanoseconds + 2_000_000_000
        var lastTick = DispatchTime.now().uptimeNanoseconds
        // A frame only after something happened. The loop sleeps until a key, a result (the
        // inbox wakes it) or a timer: while loading, the spinner's next tick.
        var needsDraw = true
        // The status line's message and when it goes, so the standing state comes back.
        var shownMessage = (serial: state.status.messageSerial, until: UInt64.max)
        while true {
            for delivery in inbox.takeAll() {
                guard delivery.generation == generations[delivery.view, default: 0] else { continue }
                if delivery.isResult {
                    // A command a newer one of its key replaced: its reply is dropped.
                    if case .replied = delivery.event, !(pending[delivery.view]?.contains { $0.source == delivery.source } ?? false) { continue }
                    pending[delivery.view]?.removeAll { $0.source == delivery.source }
                }
                if let status = handle(delivery.event) { return status }
                needsDraw = true
            }
            if needsDraw {
                draw()
                needsDraw = false
            }
            if state.status.message == nil {
                shownMessage.until = .max
            } else if state.status.messageSerial != shownMessage.serial || shownMessage.until == .max {
                shownMessage = (state.status.messageSerial, DispatchTime.now().uptimeNanoseconds + UInt64(messageLifetime * 1e9))
            }
            let loading = state.isLoading
            if !hostStarted, !loading || DispatchTime.now().uptimeNanoseconds >= hostDeadline {
                hostStarted = true
                host.start()
            }
            let untilTick = Int32(clamping: max(1, (Int(lastTick) + 100_000_000 - Int(DispatchTime.now().uptimeNanoseconds)) / 1_000_000))
            var timeout: Int32 = loading ? min(untilTick, 100) : 500
            if shownMessage.until != .max {
                let left = (Int(clamping: shownMessage.until) - Int(DispatchTime.now().uptimeNanoseconds)) / 1_000_000
                timeout = min(timeout, Int32(clamping: max(1, left + 1)))
            }
            if let event = terminal.nextEvent(timeout: timeout, wakingOn: inbox.wakeDescriptor) {
                if case .resize = event { previousFrame = nil }
                if let status = handle(event) { return status }
                if let status = loadIfFirstShown() { return status }
                needsDraw = true
            }
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= shownMessage.until {
                if let status = handle(.messageExpired(serial: shownMessage.serial)) { return status }
                shownMessage.until = .max
                needsDraw = true
            }
            for index in autoReload.indices where now >= autoReload[index].due {
                autoReload[index].due = now + UInt64(autoReload[index].interval * 1e9)
                // A reload still under way is not started again.
                guard pending[autoReload[index].view]?.isEmpty ?? true else { continue }
                if let status = handle(.reload(autoReload[index].view)) { return status }
                needsDraw = true
            }
            if loading, now - lastTick >= 100_000_000 {
                _ = state.update(.tick)
                lastTick = now
                needsDraw = true
            }
        }
    }

    /// Renders the state and writes what changed.
    private func draw() {
        var frame = spareFrame.flatMap { $0.width == state.width && $0.height == state.height ? $0 : nil }
            ?? ScreenBuffer(width: state.width, height: state.height)
        spareFrame = nil
        state.render(into: &frame)
        let runs = FrameDiff.runs(from: previousFrame, to: frame)
        terminal.write(runs, clearFirst: previousFrame == nil)
        spareFrame = previousFrame
        previousFrame = frame
        // `notify-xterm`: the unread count in the window's title, written when it changes.
        if let title = state.terminalTitle, title != shownTitle {
            terminal.setTitle(TerminalTitle.safe(title))
            shownTitle = title
        }
    }

    /// The window title last set (`notify-xterm`).
    private var shownTitle: String?

    /// Feeds `event` through `update` and carries out what it asks; the exit status once it quits.
    private func handle(_ event: BrowserEvent) -> Int32? {
        for effect in state.update(event) {
            if let status = perform(effect) { return status }
        }
        return nil
    }

    private func perform(_ effect: BrowserEffect) -> Int32? {
        switch effect {
        case .quit(let status):
            cancelAll()
            finishWrites()
            host.finish()
            return status
        case .notify(let message):
            // On a thread of its own: a slow notifier holds up neither the screen nor the marks.
            if let work = host.notify(message) {
                notifications.add { [inbox] in
                    guard let failure = work() else { return }
                    inbox.post(.notice(failure), view: ViewID("host"), source: "", generation: 0, isResult: false)
                }
            }
        case .runProgram(let request):
            return runProgram(request)
        case .redraw:
            // The next frame is written whole, over whatever another program left on the screen.
            previousFrame = nil
        case .suspend:
            terminal.suspend()
            // Continued: the terminal may have changed size, and the shell wrote over the screen.
            previousFrame = nil
            return handle(.resize(width: terminal.width, height: terminal.height))
        case .run(let command, let address):
            return run(command, for: address)
        case .cancelLoads(let view):
            return cancel(view)
        }
        return nil
    }

    /// Runs a program in the foreground, on this thread: the terminal is the program's until it
    /// ends (nothing it starts outlives the wait), then the whole screen is drawn again. Loads go
    /// on meanwhile; their results wait in the inbox.
    private func runProgram(_ request: ProgramRequest) -> Int32? {
        let outcome = host.runProgram(request, on: terminal)
        previousFrame = nil
        if let list = outcome.feedList {
            let report = LoadReport(view: .feeds, source: list.path, time: clock(), warnings: list.warnings)
            if let status = handle(.report(report)) { return status }
        }
        if terminal.width != state.width || terminal.height != state.height {
            if let status = handle(.resize(width: terminal.width, height: terminal.height)) { return status }
        }
        return handle(.programFinished(outcome))
    }

    /// Quitting waits (bounded) for the writes still queued; what is left is said on exit.
    private func finishWrites() {
        let waiting = writes.waitUntilIdle(timeout: quitPatience)
        guard waiting > 0 else { return }
        lostWrites.add("\(waiting) change\(waiting == 1 ? "" : "s") (read marks, stars, an export) still waiting for the cache after \(Int(quitPatience)) s")
    }

    /// Stops a view's loads: the UI is free at once, and whatever they still bring is dropped.
    private func cancel(_ view: ViewID) -> Int32? {
        generations[view, default: 0] += 1
        let cancelled = pending.removeValue(forKey: view) ?? []
        for load in cancelled {
            // Stops the download too, so a cancelled load costs no more bandwidth.
            load.control.cancel()
            let error = LoadError(source: load.command.label ?? load.source, kind: .cancelled, "cancelled")
            let reply = CommandReply(key: load.command.key, label: load.command.label, result: .failure(error))
            if let status = handle(.replied(load.command.address, reply, at: clock())) { return status }
        }
        return nil
    }

    private func cancelAll() {
        for (_, loads) in pending { for load in loads { load.control.cancel() } }
        pending.removeAll()
    }

    /// Runs a screen's command on its lane. A newer command of the same key from the same screen
    /// stops the older one (its reply is dropped); a write is never stopped, and one that fails
    /// is kept for the line printed on exit, as a read mark's is. The reply goes to the screen
    /// that asked, through `BrowserState`.
    private func run(_ command: Command, for address: ScreenAddress) -> Int32? {
        let view = address.view
        let services = services
        let clock = self.clock
        if command.lane == .write {
            writes.add { [inbox, lostWrites] in
                let reply = command.run(services)
                switch reply.result {
                case .failure(let error): lostWrites.add(error.description)
                case .success(let value): if let said = value as? StatusReport, said.isLostWrite { lostWrites.add(said.text) }
                }
                inbox.post(.replied(address, reply, at: clock()), view: ViewID("host"), source: "", generation: 0, isResult: false)
            }
            return nil
        }
        // One at a time per screen and key: the older is stopped, and whatever it brings dropped.
        let slot = "\(address.screen) \(command.key) #"
        commandSerial += 1
        let source = slot + String(commandSerial)
        if let older = pending[view]?.firstIndex(where: { $0.source.hasPrefix(slot) }) {
            pending[view]?[older].control.cancel()
            pending[view]?.remove(at: older)
        }
        let label = command.label(services)
        if let label, let status = handle(.loadStarted(view, source: label)) { return status }
        let generation = generations[view, default: 0]
        let throttle = ProgressThrottle(view: view, source: source, generation: generation, inbox: inbox)
        let control = LoadControl(progress: throttle.report, note: { [inbox] note in
            inbox.post(.notice(note), view: view, source: source, generation: generation, isResult: false)
        })
        pending[view, default: []].append((source, control, (address, command.key, label)))
        let queue = switch command.lane {
        case .fetch: loads
        case .cacheRead: cacheReads
        case .count: cacheCounts
        case .write: writes
        case .watch: watches
        case .compute: computes
        }
        // The view's area now: a feed is wrapped for it on the command's thread.
        let area = state.contentArea
        queue.add { [inbox] in
            // Stopped before it started (a newer one of its key came): nothing to do.
            guard !control.isCancelled else { return }
            Thread.current.name = "fremont-load"
            defer { Thread.current.name = nil }
            let reply = command.run(services, control).laidOut(for: area)
            inbox.post(.replied(address, reply, at: clock()), view: view, source: source, generation: generation)
        }
        return nil
    }
}
