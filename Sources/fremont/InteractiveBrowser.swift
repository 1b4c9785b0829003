import Foundation
import FremontCore
import FremontSources
import FremontTerminal
import FremontUI

/// The full-screen browser as this program runs it: which sources each view loads, and the
/// few things only the program can do (open a link, write a read mark). The run loop, the
/// views and the terminal are the libraries'; this wires them and ends the process.
final class InteractiveBrowser: BrowserHost {
    struct Sources {
        var bikes: DataSource?
        /// A forecast that cannot be asked for (Pirate Weather without a key) is the tab's error.
        var weather: Result<DataSource, LoadError>?
        /// Each feed loads on its own, so a slow or broken one holds up no other.
        var feeds: [DataSource] = []
        /// The feeds as the feeds file lists them (titles, tags): the Feeds tab is then the feed
        /// list; nil, it shows the items of `feeds` at once.
        var followed: [FollowedFeed]?
    }

    /// A var: `<` and `>` replace the bike source with another month, which `r` then reloads.
    private var sources: Sources
    /// Live through the cache, or `--offline` from the cache alone.
    private let settings: FetchSettings
    /// The config file, read once for the run (reload time, player, endpoint, the forecast's
    /// place): the command's copy when it read it already.
    private lazy var config: FremontConfig? = preloadedConfig ?? ConfigFile.quiet
    private let preloadedConfig: FremontConfig?

    init(sources: Sources, settings: FetchSettings = .init(), config: FremontConfig? = nil) {
        self.sources = sources
        self.settings = settings
        preloadedConfig = config
    }

    /// Whether a browser can run here: both ends must be a terminal, one curses can drive. On a
    /// terminal it cannot (`TERM=dumb`), the command prints instead, and one line says why.
    static var isAvailable: Bool {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return false }
        if let reason = TerminalScreen.reasonItCannotDraw() {
            Diagnostics.note("\(reason): printing instead of opening the browser")
            return false
        }
        return true
    }

    func run(startingOn view: ViewID) -> Never {
        let noColor = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        let screen = TerminalScreen(noColor: noColor, mouse: config?.mouse ?? true)
        let feedsView: any BrowserView = sources.followed.map { FeedListView(feeds: $0) } ?? FeedsTab()
        let state = BrowserState(width: screen.width, height: screen.height, theme: Theme(colors: screen.colorSupport),
                                 current: view, feeds: feedsView)
        // The feeds reload every `reload-time` minutes, as newsboat's do.
        let minutes = config?.reloadMinutes ?? 0
        let runtime = BrowserRuntime(state: state, terminal: screen, host: self,
                                     autoReload: minutes > 0 ? [(.feeds, Double(minutes) * 60)] : [])
        let status = runtime.run(loading: state.tabs.map { $0[0].id })
        screen.restore()
        let warnings = runtime.finalState.warningsThisRun
        if warnings > 0, let log = runtime.finalState.tabs.firstIndex(where: { $0[0].id == .log }) {
            Diagnostics.note("\(warnings) warning\(warnings == 1 ? "" : "s") this run: the Log tab (key \(log + 1)) lists them")
        }
        exit(status)
    }

    // MARK: - BrowserHost

    func jobs(for view: ViewID, target: LoadTarget) -> [LoadJob] {
        switch (view, target) {
        case (.bikes, .month(let year, let month)):
            // The month from the open-data API: the endpoint already in use, else the config's,
            // else the city's.
            let endpoint: URL
            if case .socrata(let query)? = sources.bikes {
                endpoint = query.endpoint
            } else {
                endpoint = config?.endpoint ?? SocrataQuery.defaultEndpoint
            }
            guard let query = try? SocrataQuery.month("\(year)-\(month < 10 ? "0" : "")\(month)", endpoint: endpoint) else { return [] }
            sources.bikes = .socrata(query)
            return jobs(for: .bikes, target: .reload)
        case (.bikes, .reload):
            return sources.bikes.map { [job($0) { settings, context, source throws(LoadError) in
                .table(try WebSources.table(source, format: nil, delimiter: nil, settings, context))
            }] } ?? []
        case (.weather, .reload):
            switch sources.weather {
            case .success(let source)?:
                return [job(source) { settings, context, source throws(LoadError) in
                    .forecast(try WebSources.forecast(source, settings, context))
                }]
            case .failure(let error)?:
                return [LoadJob(source: error.source) { (_) throws(LoadError) -> LoadPayload in throw error }]
            case nil:
                return []
            }
        case (.feeds, .reload), (.feeds, .sources):
            var feeds = sources.feeds
            if case .sources(let names) = target { feeds.removeAll { !names.contains($0.name) } }
            return feeds.map { source in
                // Parsed and prepared (HTML to text) off the UI thread, which only wraps.
                job(source) { settings, context, source throws(LoadError) in
                    let loaded = try WebSources.feed(source, settings, context, readState: true)
                    let starred = (try? WebSources.cache.starredIDs(source: WebSources.readKey(source.name))) ?? []
                    return .feed(PreparedFeed(loaded.result, source: source.name, readItemIDs: loaded.readItemIDs, starredItemIDs: starred))
                }
            }
        case (.feeds, .starred):
            return [LoadJob(source: StarredItem.source) { (_) throws(LoadError) -> LoadPayload in
                do {
                    return .feed(PreparedFeed(starred: try WebSources.cache.starredItems()))
                } catch {
                    throw LoadError(source: "the cache", "cannot read the starred items: \(error)")
                }
            }]
        case (.search, .query(let query)):
            // The cache's index, read on a load thread: a search of 50,000 items takes milliseconds,
            // but a frame has no milliseconds to spare.
            return [LoadJob(source: "search: " + query) { (_) throws(LoadError) -> LoadPayload in
                let marks = (String(SearchResult.open), String(SearchResult.close))
                let hits: [SearchHit]
                do {
                    hits = try WebSources.cache.search(query, limit: SearchView.limit, marks: marks)
                } catch {
                    throw LoadError(source: "the cache", "cannot search it: \(error)")
                }
                return .searchResults(query: query, hits.map {
                    SearchResult(title: $0.title, feedTitle: $0.feedTitle.isEmpty ? SourceName.file($0.feedURL) : $0.feedTitle,
                                 link: $0.link, published: $0.published, markedSnippet: $0.snippet)
                })
            }]
        default:
            return []
        }
    }

    func open(link: String, inPlayer: Bool) -> @Sendable () -> String {
        let player = inPlayer ? config?.player : nil
        return { LinkOpener.open(link, with: player) }
    }

    func star(_ item: StarredItem, _ starred: Bool) -> @Sendable () -> Void {
        var record = item
        record.source = WebSources.readKey(item.source)
        // A cache that cannot be written only loses the star.
        return { [record] in try? WebSources.cache.setStar(record, starred: starred) }
    }

    func export(_ text: String, to path: String, rows: Int) -> @Sendable () -> String {
        {
            do throws(LoadError) {
                let written = try FileExport.writeNew(text, to: path)
                return "exported \(NumberText.count(rows, "row")) to \(TerminalSafeText.singleLine(written))"
            } catch {
                return "not exported: \(error.description)"
            }
        }
    }

    func markRead(source: String, ids: [String], read: Bool) -> @Sendable () -> Void {
        // A cache that cannot be written only loses the mark.
        { try? WebSources.markRead(source: source, ids: ids, read: read) }
    }

    /// A load of `source`: fetched first when it is on the web, cancelled with the load.
    private func job(_ source: DataSource,
                     _ read: @escaping @Sendable (FetchSettings, LoadContext, DataSource) throws(LoadError) -> LoadPayload) -> LoadJob {
        let name = source.name
        // The status line names sources by their file name, as errors do.
        let shortName = SourceName.file(name)
        return LoadJob(source: name) { [settings] (control) throws(LoadError) -> LoadPayload in
            let cancellation = FetchCancellation()
            control.onCancel { cancellation.cancel() }
            let context = LoadContext(cancellation: cancellation, progress: { control.progress($0, $1) },
                                      note: { control.note($0.replacingOccurrences(of: name, with: shortName)) })
            return try read(settings, context, source)
        }
    }
}

/// Opens a link in the user's browser (`$BROWSER`, else `xdg-open`), or an enclosure in the
/// configured player. The setting is split into words (`ProgramCommand`: quotes honoured, no
/// shell, leading `NAME=value` words set the environment); the program is found through `PATH`
/// here and run directly, the link its last argument, so nothing in a link can pick the program.
/// Only http and https links are opened.
enum LinkOpener {
    /// How long a program may take to say it failed; a browser or player still running by then
    /// is taken to have opened it.
    static let patience: TimeInterval = 10

    /// What the status line says: opened, or why not. Waits (on a load thread) for the program
    /// to end or the patience to run out, so a failing program is reported, not "opened".
    static func open(_ link: String, with player: String? = nil) -> String {
        guard let url = URL(string: link), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "not opened: only http and https links are (\(TextLayout.truncate(TerminalSafeText.singleLine(link), to: 40)))"
        }
        let setting = player ?? ProcessInfo.processInfo.environment["BROWSER"].flatMap { $0.isEmpty ? nil : $0 } ?? "xdg-open"
        let settingName = player == nil ? "$BROWSER" : "the player"
        let advice = "(set $BROWSER\(player == nil ? "" : ", or player in the config"))"
        let command: ProgramCommand
        do {
            command = try ProgramCommand(parsing: setting)
        } catch {
            return "could not open: \(settingName) \(error) \(advice)"
        }
        let name = TerminalSafeText.singleLine(command.program)
        guard let executable = command.executable() else { return "could not open: no program '\(name)' \(advice)" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = command.arguments + [link]
        if !command.environment.isEmpty { process.environment = command.processEnvironment(from: ProcessInfo.processInfo.environment) }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        do {
            try process.run()
        } catch {
            return "could not start \(name): \(error.localizedDescription)"
        }
        guard ended.wait(timeout: .now() + patience) == .success else { return "opened in \(name)" }
        switch (process.terminationReason, process.terminationStatus) {
        case (.exit, 0): return "opened in \(name)"
        case (.exit, let status): return "could not open: \(name) failed (exit status \(status))"
        case (_, let signal): return "could not open: \(name) was stopped by signal \(signal)"
        }
    }
}
