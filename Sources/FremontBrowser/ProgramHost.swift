import Foundation
import FremontCore
import FremontSources
import FremontUI

/// The browser's host as the program runs it: the run's services (the ports screens' commands
/// reach), and the few things only the program can do (run a program with the terminal, tell
/// the notifier, stop what it started at the end).
final class ProgramHost: BrowserHost {
    /// The run's feeds, given the feeds file's when it is edited in the browser; nil in tests.
    private let feeds: FeedService?
    /// The config's `browser` and `player`.
    private let browser: String?
    private let player: String?
    /// The feeds file, edited in place by `E`.
    private let feedListFile: URL
    /// Whether the Feeds tab shows the feeds file's feeds (not files named on the command
    /// line): after an edit, the run's feeds are the list as it then is.
    private let followsFeedList: Bool
    /// Where `$BROWSER`, `$VISUAL` and `$EDITOR` are read.
    private let environment: [String: String]
    /// The config's `notify-program`, and the programs it started that are still running.
    private let notifyProgram: String?
    /// Programs started without the terminal (`notify-program`, `bookmark-cmd`), stopped at the end.
    private let background: BackgroundPrograms
    /// The podcast download queue and its runner; nil where nothing is downloaded (tests).
    private let downloads: BrowserDownloads?
    /// The ports screens' commands reach, made once for the run.
    let services: BrowserServices

    init(feeds: FeedService? = nil, browser: String? = nil, player: String?,
         feedListFile: URL = FremontDirectories().feedList, followsFeedList: Bool = false,
         notifyProgram: String? = nil, background: BackgroundPrograms = BackgroundPrograms(), downloads: BrowserDownloads? = nil,
         services: BrowserServices? = nil,
         environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.downloads = downloads
        self.services = services ?? {
            var services = BrowserServices()
            if let downloads { services.provide((any DownloadQueue).self, downloads) }
            return services
        }()
        self.environment = environment
        self.notifyProgram = notifyProgram
        self.background = background
        self.feeds = feeds
        self.browser = browser
        self.player = player
        self.feedListFile = feedListFile
        self.followsFeedList = followsFeedList
    }

    func runProgram(_ request: ProgramRequest, on terminal: any TerminalBackend) -> ProgramOutcome {
        // An enclosure downloaded already plays from its file.
        if case .play(let link) = request, let downloads, let file = try? downloads.runner.cache.downloadedFile(for: link) {
            return runProgram(.playFile(path: file), on: terminal)
        }
        if case .editFeedList = request {
            // The folder first, so an editor can write a list that did not exist (0700, as the list's).
            try? FileManager.default.createDirectory(at: feedListFile.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                     attributes: [.posixPermissions: 0o700])
        }
        let choice: LinkOpener.Choice
        switch LinkOpener.choose(request, browser: browser, player: player, feedList: feedListFile.path, environment: environment) {
        case .success(let chosen): choice = chosen
        case .failure(let failure): return ProgramOutcome(request: request, message: failure.message, succeeded: false)
        }
        let ending = terminal.runInForeground(choice.executable, arguments: choice.arguments)
        let name = TextLayout.truncate(choice.name, to: 30)
        switch request {
        case .open:
            let said = LinkOpener.describe(ending, of: choice, done: "opened in \(name)")
            return ProgramOutcome(request: request, message: said.message, succeeded: said.succeeded)
        case .play, .playFile:
            let said = LinkOpener.describe(ending, of: choice, done: "played in \(name)")
            return ProgramOutcome(request: request, message: said.message, succeeded: said.succeeded)
        case .editFeedList:
            // Read again whatever the editor said: a failed editor may still have saved.
            let said = LinkOpener.describe(ending, of: choice, done: "feeds file edited")
            return feedListReread(after: said, request: request)
        }
    }

    /// The feeds file as the editor left it, given to the run's feeds and to the views.
    private func feedListReread(after said: (message: String, succeeded: Bool), request: ProgramRequest) -> ProgramOutcome {
        let list: FeedList
        do {
            list = try FeedList.load(from: feedListFile) ?? FeedList()
        } catch {
            return ProgramOutcome(request: request, message: "\(said.message); \(error.description)", succeeded: false)
        }
        let followed = BrowserSources.followed(in: list)
        if followsFeedList { feeds?.replace(followed?.sources ?? [], fullArticleFeeds: FeedService.fullArticleFeeds(followed?.feeds)) }
        let count = followed?.feeds.count ?? 0
        let warnings = list.warnings.isEmpty ? "" : ", \(NumberText.count(list.warnings.count, "warning")) in the Log"
        let message = said.succeeded ? "\(said.message): \(NumberText.count(count, "feed"))\(warnings)" : said.message
        return ProgramOutcome(request: request, message: message, succeeded: said.succeeded,
                              feedList: .init(path: feedListFile.path, feeds: followed?.feeds ?? [], warnings: list.warnings))
    }

    func notify(_ message: String) -> (@Sendable () -> String?)? {
        guard let setting = notifyProgram else { return nil }
        switch ConfigProgram.resolve(setting, key: "notify-program", searchPath: environment["PATH"]) {
        case .failure(let unrunnable):
            return { unrunnable.message }
        case .success(let program):
            // The message after the setting's own words: newsboat's first argument, for a plain path.
            let arguments = program.arguments + [message]
            return { [background] in background.run(program.executable, arguments: arguments, name: program.name, setting: program.setting) }
        }
    }

    func finish() {
        background.stopAll()
        downloads?.stop()
    }

    func start() {
        downloads?.start()
    }
}
