import Foundation
import FremontCore
import FremontSources
import FremontTerminal
import FremontUI

/// The full-screen browser as the program runs it: the views, the services their commands reach and the terminal,
/// wired; every command that opens the browser calls `run`.
public enum Browser {
    /// Whether a browser can run here: both ends must be a terminal, one curses can drive. On a
    /// terminal it cannot (`TERM=dumb`), the command prints instead, and one line says why.
    public static var isAvailable: Bool {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return false }
        if let reason = TerminalScreen.reasonItCannotDraw() {
            Diagnostics.note("\(reason): printing instead of opening the browser")
            return false
        }
        return true
    }

    /// Runs the browser on `view` until the reader quits, restores the terminal and ends the
    /// process with the run's status.
    public static func run(opening view: ViewID, sources: BrowserSources, settings: FetchSettings,
                           config: FremontConfig? = ConfigFile.quiet) -> Never {
        let noColor = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        // Asked before curses takes the terminal: its answer must not reach the keys.
        let terminalBackground: ThemeBackground = switch config?.theme ?? .auto {
        case .dark: .dark
        case .light: .light
        case .auto: noColor ? .dark : TerminalBackgroundQuery.detect(environment: ProcessInfo.processInfo.environment) ?? .dark
        }
        let screen = TerminalScreen(noColor: noColor, mouse: config?.mouse ?? true)
        let reading = ConfigFile.readingSettings(config)
        // Feeds named on the command line open as the list a followed feed opens in.
        let feedsView: any BrowserView = sources.followed.map { FeedListView(feeds: $0, reading: reading) }
            ?? HeadlineListView.named(sources.feeds.map { FollowedFeed(source: $0.name, cacheKey: BrowserSources.cacheKey($0)) }, reading: reading)
        var state = BrowserState(width: screen.width, height: screen.height, theme: Theme(colors: screen.colorSupport, background: terminalBackground),
                                 current: view, feeds: feedsView)
        // What the config and the feeds file could not use is in the Log from the start, and
        // counted on the status line: the screen would hide what stderr said.
        for report in ConfigFile.startupReports(config: config, feedListWarnings: sources.feedListWarnings) {
            _ = state.update(.report(report))
        }
        let (translations, unbound) = ConfigFile.keyTranslations(config)
        state.keyTranslations = translations
        state.notifyFormat = config?.notifyFormat ?? .standard
        state.notifyAlways = config?.notifyAlways ?? false
        if let unbound { _ = state.update(.report(unbound)) }
        // Said once: the marks are there, in other letters.
        if screen.asciiOnly {
            _ = state.update(.notice("the terminal's locale is not UTF-8 (LANG=C): marks are drawn in ASCII (N unread, * starred, ^ v the directions)"))
        }
        state.stores.series.latitude = sources.latitude
        let downloads = BrowserDownloads(cache: { WebSources.cache }, settings: DownloadSettings(config))
        let feeds = RunServices.feeds(sources, settings: settings)
        let background = BackgroundPrograms()
        let host = ProgramHost(feeds: feeds, browser: config?.browser, player: config?.player, followsFeedList: sources.followed != nil,
                               notifyProgram: config?.notifyProgram, background: background, downloads: downloads,
                               services: RunServices.make(sources, settings: settings, config: config, downloads: downloads, feeds: feeds,
                                                          background: background))
        // The feeds reload every `reload-time` minutes, as newsboat's do.
        let minutes = config?.effectiveReloadMinutes ?? 0
        let runtime = BrowserRuntime(state: state, terminal: screen, host: host,
                                     autoReload: minutes > 0 ? [(.feeds, Double(minutes) * 60)] : [])
        let status = runtime.run(loading: state.tabs.map { $0[0].id })
        screen.restore()
        // What the reader did and the cache could not keep is said where it outlives the screen.
        let unkept = runtime.unkept
        for line in unkept.suffix(5) { Diagnostics.error(line) }
        if unkept.count > 5 { Diagnostics.error("\(unkept.count - 5) more changes not kept") }
        let warnings = runtime.finalState.warningsThisRun
        if warnings > 0, let log = runtime.finalState.tabs.firstIndex(where: { $0[0].id == .log }) {
            Diagnostics.note("\(warnings) warning\(warnings == 1 ? "" : "s") this run: the Log tab (key \(log + 1)) lists them")
        }
        exit(unkept.isEmpty ? status : max(status, 1))
    }
}
