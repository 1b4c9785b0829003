import Foundation
import FremontCore

/// `$XDG_CONFIG_HOME/fremont/config`, in fremont's `key = value` lines or newsboat's
/// `key value` lines (`browser "w3m %u"`), `#` comments; a config written for newsboat reads as
/// it is, its settings fremont does not have each a warning naming it. The keys:
/// - `endpoint`: the Socrata dataset that `--month`, `--from` and the browser's `<` `>` ask
///   (another city's counter, say); `--endpoint` on the command line still wins;
/// - `reload-time`: minutes between the browser's reloads of the feeds (newsboat's name); 0, never;
///   `auto-reload` (newsboat's): `no` turns them off, `yes` reloads every `reload-time` (60 when
///   not given, as newsboat);
/// - `browser`: the program links open in (newsboat's; `%u` the address, else it is the last
///   argument); else `$BROWSER`, else `xdg-open`;
/// - `player`: the program enclosures (podcasts, videos) open in, and its first arguments
///   (`mpv --fs`; words as `ProgramCommand` reads them); without it, they open in the browser;
/// - `notify-program`: run without the terminal after a reload that brought new items, the
///   message its last argument; `notify-format` (newsboat's placeholders, `NotifyFormat`) words
///   it, `notify-always yes` runs it after every reload;
/// - `show-read-feeds`, `show-read-articles`, `confirm-mark-all-feeds-read`, `confirm-exit`,
///   `goto-next-feed`: yes or no, as newsboat; `text-width` (0: the window's),
///   `datetime-format` (strftime's, newsboat's default `%b %d`), `bind-key KEY OPERATION
///   [CONTEXT]`: carried for the browser's screens;
/// - `location`: `LAT,LON`, the place of the live forecast `fremont weather` and the Weather tab
///   show when no other is given;
/// - `provider`: where live forecasts come from, `open-meteo` (the default) or `pirate-weather`;
/// - `pirate-weather-key`: the key Pirate Weather needs; a secret, never shown;
/// - `max-items`: how many items no longer in a feed the cache keeps for it even when read
///   (newsboat's name; 0 keeps them all; unread ones always stay);
/// - `keep-articles-days`: items dated more than this many days ago are deleted, read or not
///   (newsboat's name; 0, the default, never); starred items are kept apart, whole;
/// - `mouse`: `no` leaves the mouse to the terminal (selecting text); `yes`, the default, takes
///   clicks and the wheel;
/// - `urls-source`, `ttrss-…`: where the feed list comes from (`SyncSettings`, newsboat's names);
/// - `ignore-article FEED "expression"` (FEED an address, `regex:PATTERN` or `*`) and
///   `ignore-mode download|display`: newsboat's ignore rules (`IgnoreRules`);
/// - `define-filter "name" "expression"`: a filter the lists offer by name (`f`);
/// - `article-sort-order`, `feed-sort-order`: newsboat's orders (`ItemOrder`, `FeedOrder`);
/// - `bookmark-cmd` (a program, its output said), `notify-xterm` (the unread count in the title);
/// - `highlight-article "expression" FG BG [ATTRIBUTES…]`: rows of the lists in colour (`ArticleHighlight`).
public struct FremontConfig: Sendable, Equatable {
    public var endpoint: URL?
    public var reloadMinutes: Int?
    /// newsboat's `auto-reload`; nil when not given.
    public var autoReload: Bool?
    public var browser: String?
    public var player: String?
    public var notifyProgram: String?
    /// `notify-format` (newsboat's): the message `notify-program` hears; nil, newsboat's default.
    public var notifyFormat: NotifyFormat?
    /// `notify-always` (newsboat's): `notify-program` runs after every reload, new items or not.
    public var notifyAlways: Bool?
    /// `bookmark-cmd` (newsboat's): run on an item with its link, title, description and feed's title.
    public var bookmarkCommand: String?
    /// `notify-xterm` (newsboat's): the unread count in the terminal window's title.
    public var notifyXterm: Bool?
    /// `highlight-article` lines, in the file's order (a row takes the first that matches).
    public var highlights: [ArticleHighlight] = []
    public var mouse = true
    /// Items no longer in a feed the cache keeps per feed even when read; 0 all; nil: the default.
    public var maxItems: Int?
    /// Items older than this many days are deleted; 0 or nil: never.
    public var keepArticlesDays: Int?
    public var location: Coordinates?
    public var provider: ForecastProvider?
    public var pirateWeatherKey: APIKey?
    /// newsboat's yes/no settings for the feed reader's screens; nil when not given (newsboat's
    /// defaults: yes, yes, yes, no, yes).
    public var showReadFeeds: Bool?
    public var showReadArticles: Bool?
    /// `show-summaries` (fremont's own): lists open with each item's first lines.
    public var showSummaries: Bool?
    public var confirmMarkAllFeedsRead: Bool?
    public var confirmExit: Bool?
    public var gotoNextFeed: Bool?
    /// Columns an article's text is wrapped to; 0 or nil: the window's width.
    public var textWidth: Int?
    /// strftime's format for item dates (newsboat's `datetime-format`).
    public var datetimeFormat: String?
    /// `bind-key` lines, in the file's order.
    public var keyBindings: [KeyRebinding] = []
    /// `ignore-article` lines, in the file's order, and `ignore-mode`.
    public var ignoreRules = IgnoreRules()
    /// `define-filter` lines, in the file's order (a name defined again replaces the first).
    public var filters: [DefinedFilter] = []
    /// `article-sort-order` and `feed-sort-order`; nil when not given (newsboat's defaults).
    public var articleOrder: ItemOrder?
    public var feedOrder: FeedOrder?
    /// Podcast downloads: newsboat's `download-path`, `download-filename-format` and
    /// `max-downloads`, and fremont's `download-max-size` (megabytes); nil when not given.
    public var downloadPath: String?
    public var downloadFilenameFormat: String?
    public var maxDownloads: Int?
    public var downloadMaxMegabytes: Int?
    public var sync = SyncSettings()
    public var warnings: [ParseWarning] = []

    /// `define-filter` lines past this many are not read: a picker's worth.
    public static let maximumFilters = 200

    public init(endpoint: URL? = nil) {
        self.endpoint = endpoint
    }

    /// Minutes between reloads of the feeds, nil for none: `reload-time` alone turns them on;
    /// newsboat's `auto-reload no` turns them off, and `auto-reload yes` without `reload-time`
    /// reloads every 60 minutes, as newsboat.
    public var effectiveReloadMinutes: Int? {
        if autoReload == false { return nil }
        let minutes = reloadMinutes ?? (autoReload == true ? 60 : 0)
        return minutes > 0 ? minutes : nil
    }

    /// The settings fremont reads, for the README and for warnings.
    public static let supportedKeys = [
        "endpoint", "reload-time", "auto-reload", "browser", "player", "notify-program", "mouse", "max-items",
        "keep-articles-days", "location", "provider", "pirate-weather-key", "show-read-feeds", "show-read-articles",
        "confirm-mark-all-feeds-read", "confirm-exit", "goto-next-feed", "text-width", "datetime-format", "bind-key",
        "show-summaries", "ignore-article", "ignore-mode", "define-filter", "article-sort-order", "feed-sort-order", "bookmark-cmd", "notify-xterm", "highlight-article",
        "download-path", "download-filename-format", "max-downloads", "download-max-size",
        "notify-format", "notify-always",
    ]

    /// Nil when there is no file. An unknown key is a warning; a bad endpoint an error, since
    /// quietly asking the default dataset instead would show the wrong city's counts.
    public static func load(from url: URL = FremontDirectories().configFile) throws(LoadError) -> FremontConfig? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try parse(String(decoding: data, as: UTF8.self), name: url.path)
    }

    public static func parse(_ text: String, name: String) throws(LoadError) -> FremontConfig {
        var config = FremontConfig()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let location = SourceLocation(line: index + 1)
            let parsed: ConfigLine
            do {
                guard let line = try ConfigLine.parse(rawLine) else { continue }
                parsed = line
            } catch {
                guard case .unterminatedQuote(let column) = error else { continue }
                config.warnings.append(ParseWarning("a quote opened here is never closed; line ignored", at: SourceLocation(line: index + 1, column: column)))
                continue
            }
            let key = parsed.key.lowercased()
            func warn(_ message: String) { config.warnings.append(ParseWarning(message, at: location)) }
            func shown(_ text: String?) -> String { "'\(TerminalSafeText.singleLine(text ?? parsed.words.joined(separator: " ")))'" }
            /// The one value, or a warning that the line gives more (newsboat's form wants quotes).
            func single() -> String? {
                if let value = parsed.single { return value }
                if parsed.words.isEmpty { warn("\(key) needs a value; ignored") } else {
                    warn("\(key) takes one value, not \(parsed.words.count) (quote it: \(key) \"\(TerminalSafeText.singleLine(parsed.words.joined(separator: " ")))\"); ignored")
                }
                return nil
            }
            func yesNo() -> Bool? {
                guard let value = single() else { return nil }
                switch value.lowercased() {
                case "yes", "on", "true": return true
                case "no", "off", "false": return false
                default:
                    warn("\(key) must be yes or no, not \(shown(value)); ignored")
                    return nil
                }
            }
            /// A program's setting: a program and its first arguments, not a shell line.
            func program() -> String? {
                guard let value = parsed.program else {
                    _ = single()
                    return nil
                }
                guard !value.unicodeScalars.contains(where: TerminalSafeText.isUnsafe) else {
                    warn("\(key) must name a program; ignored")
                    return nil
                }
                do {
                    _ = try ProgramCommand(parsing: value)
                } catch {
                    warn("\(key) \(error == .noProgram ? "must name a program" : error.description); ignored")
                    return nil
                }
                return value
            }
            let value = parsed.single ?? parsed.words.joined(separator: " ")
            switch key {
            case "endpoint":
                guard case .url(let url)? = try? SourceLocator(value) else {
                    throw LoadError(source: name, location: location, "endpoint must be an http or https address, not \(value.isEmpty ? "nothing" : "'\(TerminalSafeText.singleLine(value))'")")
                }
                config.endpoint = url
            case "reload-time":
                guard let value = single() else { continue }
                guard let minutes = Int(value), (0...10_080).contains(minutes) else {
                    config.warnings.append(ParseWarning("reload-time must be whole minutes from 0 to 10080 (a week), not '\(TerminalSafeText.singleLine(value))'; ignored", at: location))
                    continue
                }
                config.reloadMinutes = minutes
            case "player":
                if let command = program() { config.player = command }
            case "browser":
                if let command = program() { config.browser = command }
            case "notify-program":
                if let command = program() { config.notifyProgram = command }
            case "bookmark-cmd":
                if let command = program() { config.bookmarkCommand = command }
            case "notify-xterm":
                if let flag = yesNo() { config.notifyXterm = flag }
            case "notify-format":
                guard let format = single() else { continue }
                guard !format.unicodeScalars.contains(where: TerminalSafeText.isUnsafe) else {
                    warn("notify-format must be one line of text; ignored")
                    continue
                }
                config.notifyFormat = NotifyFormat(format)
            case "notify-always":
                if let flag = yesNo() { config.notifyAlways = flag }
            case "auto-reload":
                if let flag = yesNo() { config.autoReload = flag }
            case "show-read-feeds":
                if let flag = yesNo() { config.showReadFeeds = flag }
            case "show-read-articles":
                if let flag = yesNo() { config.showReadArticles = flag }
            case "show-summaries":
                if let flag = yesNo() { config.showSummaries = flag }
            case "confirm-mark-all-feeds-read":
                if let flag = yesNo() { config.confirmMarkAllFeedsRead = flag }
            case "confirm-exit":
                if let flag = yesNo() { config.confirmExit = flag }
            case "goto-next-feed":
                if let flag = yesNo() { config.gotoNextFeed = flag }
            case "text-width":
                guard let value = single() else { continue }
                guard let width = Int(value), (0...10_000).contains(width) else {
                    warn("text-width must be a whole number of columns from 0 to 10000, not \(shown(value)); ignored")
                    continue
                }
                config.textWidth = width
            case "datetime-format":
                guard let value = single() else { continue }
                guard !value.isEmpty, value.count <= 200, !value.unicodeScalars.contains(where: TerminalSafeText.isUnsafe) else {
                    warn("datetime-format must be a strftime format of at most 200 characters on one line; ignored")
                    continue
                }
                config.datetimeFormat = value
            case "bind-key":
                guard (2...3).contains(parsed.words.count) else {
                    warn("bind-key takes a key, an operation and maybe a context (bind-key ^D pagedown article), not \(shown(nil)); ignored")
                    continue
                }
                guard let bound = KeyRebinding.key(named: parsed.words[0]) else {
                    warn("bind-key: no key is named \(shown(parsed.words[0])) (one character, ^ and a letter, ENTER, SPACE, TAB, ESC, UP, PAGEDOWN, F1 …); ignored")
                    continue
                }
                let operation = parsed.words[1].lowercased()
                guard !operation.isEmpty, operation.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0 == "-" || ("0"..."9").contains($0)) }) else {
                    warn("bind-key: \(shown(parsed.words[1])) is not an operation's name; ignored")
                    continue
                }
                let context = parsed.words.count == 3 ? parsed.words[2].lowercased() : "all"
                guard KeyRebinding.contexts.contains(context) else {
                    warn("bind-key: no context is named \(shown(parsed.words[2])) (all, feedlist, articlelist, article, …); ignored")
                    continue
                }
                config.keyBindings.append(KeyRebinding(key: bound, operation: operation, context: context, location: location))
            case "ignore-article":
                guard parsed.words.count == 2, !parsed.words[0].isEmpty else {
                    warn("ignore-article takes a feed (an address, regex:PATTERN or *) and a quoted expression (ignore-article * \"title =~ \\\"ad\\\"\"), not \(shown(nil)); ignored")
                    continue
                }
                guard config.ignoreRules.rules.count < IgnoreRules.maximumCount else {
                    warn("ignore-article: at most \(IgnoreRules.maximumCount) rules are read; ignored")
                    continue
                }
                if let rule = Self.ignoreRule(feeds: parsed.words[0], expression: parsed.words[1], warn: warn) {
                    config.ignoreRules.rules.append(rule)
                }
            case "define-filter":
                guard parsed.words.count == 2, !parsed.words[0].isEmpty else {
                    warn("define-filter takes a name and a quoted expression (define-filter \"unread\" \"unread = \\\"yes\\\"\"), not \(shown(nil)); ignored")
                    continue
                }
                guard config.filters.count < FremontConfig.maximumFilters else {
                    warn("define-filter: at most \(FremontConfig.maximumFilters) filters are read; ignored")
                    continue
                }
                let name = TerminalSafeText.singleLine(parsed.words[0])
                do {
                    let filter = try DefinedFilter(name: name, parsing: parsed.words[1])
                    try FilterSQL.check(filter.expression)
                    config.filters.removeAll { $0.name == name }
                    config.filters.append(filter)
                } catch let error as FilterParseError {
                    warn("define-filter \(shown(name)): \(error.description) in \(TerminalSafeText.singleLine(parsed.words[1])); ignored")
                } catch {
                    warn("define-filter \(shown(name)): \(error); ignored")
                }
            case "article-sort-order":
                guard let value = single() else { continue }
                guard let order = ItemOrder(newsboat: value) else {
                    warn("article-sort-order must be date, title, flags, author, link or guid, then maybe -asc or -desc, not \(shown(value)); ignored")
                    continue
                }
                config.articleOrder = order
            case "feed-sort-order":
                guard let value = single() else { continue }
                guard let order = FeedOrder(newsboat: value) else {
                    warn("feed-sort-order must be none, firsttag, title, articlecount, unreadarticlecount or lastupdated, then maybe -asc or -desc, not \(shown(value)); ignored")
                    continue
                }
                config.feedOrder = order
            case "highlight-article":
                guard parsed.words.count >= 3 else {
                    warn("highlight-article takes a quoted expression, a foreground and a background colour and maybe attributes (highlight-article \"unread = \\\"yes\\\"\" yellow default bold), not \(shown(nil)); ignored")
                    continue
                }
                guard config.highlights.count < ArticleHighlight.maximumCount else {
                    warn("highlight-article: at most \(ArticleHighlight.maximumCount) are read; ignored")
                    continue
                }
                guard let foreground = ArticleHighlight.Color(newsboat: parsed.words[1]),
                      let background = ArticleHighlight.Color(newsboat: parsed.words[2]) else {
                    let bad = ArticleHighlight.Color(newsboat: parsed.words[1]) == nil ? parsed.words[1] : parsed.words[2]
                    warn("highlight-article: no colour is named \(shown(bad)) (default, black, red, green, yellow, blue, magenta, cyan, white, color0 … color255); ignored")
                    continue
                }
                var attributes: [ArticleHighlight.Attribute] = []
                var unknown: String?
                for word in parsed.words.dropFirst(3) {
                    if let attribute = ArticleHighlight.Attribute(rawValue: word.lowercased()) { attributes.append(attribute) } else { unknown = word }
                }
                if let unknown {
                    warn("highlight-article: no attribute is named \(shown(unknown)) (bold, underline, reverse, standout, dim, italic, blink, protect, invis); ignored")
                    continue
                }
                do {
                    let expression = try FilterExpression(parsing: parsed.words[0])
                    try FilterSQL.check(expression)
                    config.highlights.append(ArticleHighlight(text: parsed.words[0], expression: expression, foreground: foreground,
                                                              background: background, attributes: attributes))
                } catch let error as FilterParseError {
                    warn("highlight-article: \(error.description) in \(TerminalSafeText.singleLine(parsed.words[0])); ignored")
                } catch {
                    warn("highlight-article: \(error); ignored")
                }
            case "ignore-mode":
                guard let value = single() else { continue }
                guard let mode = IgnoreMode(rawValue: value.lowercased()) else {
                    warn("ignore-mode must be download or display, not \(shown(value)); ignored")
                    continue
                }
                config.ignoreRules.mode = mode
            case "max-items":
                guard let value = single() else { continue }
                guard let count = Int(value), (0...1_000_000).contains(count) else {
                    config.warnings.append(ParseWarning("max-items must be a whole number from 0 to 1000000, not '\(TerminalSafeText.singleLine(value))'; ignored", at: location))
                    continue
                }
                config.maxItems = count
            case "keep-articles-days":
                guard let value = single() else { continue }
                guard let days = Int(value), (0...36_500).contains(days) else {
                    config.warnings.append(ParseWarning("keep-articles-days must be a whole number of days from 0 to 36500, not '\(TerminalSafeText.singleLine(value))'; ignored", at: location))
                    continue
                }
                config.keepArticlesDays = days
            case "mouse":
                if let flag = yesNo() { config.mouse = flag }
            case "download-path", "download-filename-format":
                guard let value = single() else { continue }
                guard !value.isEmpty, value.utf8.count <= 1000, !value.unicodeScalars.contains(where: TerminalSafeText.isUnsafe) else {
                    warn("\(key) must be a path of at most 1000 bytes on one line; ignored")
                    continue
                }
                if key == "download-path" { config.downloadPath = value } else { config.downloadFilenameFormat = value }
            case "max-downloads":
                guard let value = single() else { continue }
                guard let count = Int(value), (1...16).contains(count) else {
                    warn("max-downloads must be a whole number from 1 to 16, not \(shown(value)); ignored")
                    continue
                }
                config.maxDownloads = count
            case "download-max-size":
                guard let value = single() else { continue }
                guard let megabytes = Int(value), (1...1_000_000).contains(megabytes) else {
                    warn("download-max-size must be a whole number of megabytes from 1 to 1000000, not \(shown(value)); ignored")
                    continue
                }
                config.downloadMaxMegabytes = megabytes
            case "location":
                do {
                    config.location = try Coordinates(parsing: value)
                } catch {
                    config.warnings.append(ParseWarning("location: \(error.message); ignored", at: location))
                }
            case "provider":
                guard let provider = ForecastProvider(name: value) else {
                    let names = ForecastProvider.allCases.map(\.rawValue).joined(separator: " or ")
                    config.warnings.append(ParseWarning("provider must be \(names), not '\(TerminalSafeText.singleLine(value))'; ignored", at: location))
                    continue
                }
                config.provider = provider
            case "pirate-weather-key":
                // The value is a secret: the warning never repeats it.
                guard let key = APIKey(value) else {
                    config.warnings.append(ParseWarning("pirate-weather-key must be the key's letters and digits alone; ignored", at: location))
                    continue
                }
                config.pirateWeatherKey = key
            case _ where SyncSettings.keys.contains(key):
                if let warning = config.sync.apply(key: key, value: value, at: location) { config.warnings.append(warning) }
            default:
                let named = "'\(TerminalSafeText.singleLine(String(key.prefix(40))))'"
                warn(NewsboatSettings.names.contains(key) ? "newsboat's \(named) is not supported; ignored" : "unknown setting \(named); ignored")
            }
        }
        return config
    }

    /// An `ignore-article` line's rule, or nil and a warning saying what is wrong and where.
    private static func ignoreRule(feeds: String, expression text: String, warn: (String) -> Void) -> IgnoreRule? {
        let expression: FilterExpression
        do {
            expression = try FilterExpression(parsing: text)
            try FilterSQL.check(expression)
        } catch let error as FilterParseError {
            warn("ignore-article: \(error.description) in \(TerminalSafeText.singleLine(text)); ignored")
            return nil
        } catch {
            warn("ignore-article: \(error); ignored")
            return nil
        }
        let rule = IgnoreRule(feedsWord: feeds, expression: expression)
        if case .pattern(let pattern) = rule.feeds {
            do {
                _ = try POSIXRegex(pattern)
            } catch {
                warn("ignore-article: \(TerminalSafeText.singleLine("\(error)")); ignored")
                return nil
            }
        }
        return rule
    }
}
