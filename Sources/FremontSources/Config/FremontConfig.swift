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
/// - `theme`: `dark` or `light` for the terminal's background; `auto`, the default, asks the
///   terminal (OSC 11), then `COLORFGBG`, else dark;
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
    /// The terminal's background, as `theme` says: nil (or `auto`) finds it out.
    public var theme: ThemeChoice?
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

    /// The settings fremont reads (the table's), for the README and for warnings.
    public static var supportedKeys: [String] { settings.keys.sorted() }

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
            var line = SettingLine(key: key, parsed: parsed, location: location, file: name)
            if let setting = settings[key] {
                try setting.read(&config, &line)
            } else if SyncSettings.keys.contains(key) {
                if let warning = config.sync.apply(key: key, value: line.value, at: location) { line.warnings.append(warning) }
            } else {
                let named = "'\(TerminalSafeText.singleLine(String(key.prefix(40))))'"
                line.warn(NewsboatSettings.names.contains(key) ? "newsboat's \(named) is not supported; ignored" : "unknown setting \(named); ignored")
            }
            config.warnings += line.warnings
        }
        return config
    }

    /// Every setting fremont reads (a sync service's apart, `SyncSettings`), by its name.
    static let settings: [String: ConfigSetting] = [
        "endpoint": ConfigSetting { config, line throws(LoadError) in
            guard case .url(let url)? = try? SourceLocator(line.value) else {
                let value = line.value
                throw LoadError(source: line.file, location: line.location,
                                "endpoint must be an http or https address, not \(value.isEmpty ? "nothing" : "'\(TerminalSafeText.singleLine(value))'")")
            }
            config.endpoint = url
        },
        "reload-time": .wholeNumber(\.reloadMinutes, 0...10_080, "whole minutes", note: " (a week)"),
        "player": .program(\.player),
        "browser": .program(\.browser),
        "notify-program": .program(\.notifyProgram),
        "bookmark-cmd": .program(\.bookmarkCommand),
        "notify-xterm": .flag(\.notifyXterm),
        "notify-format": ConfigSetting { config, line in
            guard let format = line.single() else { return }
            guard !format.unicodeScalars.contains(where: TerminalSafeText.isUnsafe) else {
                line.warn("notify-format must be one line of text; ignored")
                return
            }
            config.notifyFormat = NotifyFormat(format)
        },
        "notify-always": .flag(\.notifyAlways),
        "auto-reload": .flag(\.autoReload),
        "show-read-feeds": .flag(\.showReadFeeds),
        "show-read-articles": .flag(\.showReadArticles),
        "show-summaries": .flag(\.showSummaries),
        "confirm-mark-all-feeds-read": .flag(\.confirmMarkAllFeedsRead),
        "confirm-exit": .flag(\.confirmExit),
        "goto-next-feed": .flag(\.gotoNextFeed),
        "text-width": .wholeNumber(\.textWidth, 0...10_000, "a whole number of columns"),
        "datetime-format": ConfigSetting { config, line in
            guard let value = line.single() else { return }
            guard !value.isEmpty, value.count <= 200, !value.unicodeScalars.contains(where: TerminalSafeText.isUnsafe) else {
                line.warn("datetime-format must be a strftime format of at most 200 characters on one line; ignored")
                return
            }
            config.datetimeFormat = value
        },
        "bind-key": ConfigSetting { config, line in readBindKey(&config, &line) },
        "ignore-article": ConfigSetting { config, line in
            let words = line.parsed.words
            guard words.count == 2, !words[0].isEmpty else {
                line.warn("ignore-article takes a feed (an address, regex:PATTERN or *) and a quoted expression (ignore-article * \"title =~ \\\"ad\\\"\"), not \(line.shown(nil)); ignored")
                return
            }
            guard config.ignoreRules.rules.count < IgnoreRules.maximumCount else {
                line.warn("ignore-article: at most \(IgnoreRules.maximumCount) rules are read; ignored")
                return
            }
            if let rule = ignoreRule(feeds: words[0], expression: words[1], warn: { line.warn($0) }) { config.ignoreRules.rules.append(rule) }
        },
        "define-filter": ConfigSetting { config, line in readDefineFilter(&config, &line) },
        "article-sort-order": .choice(\.articleOrder, "date, title, flags, author, link or guid, then maybe -asc or -desc") { ItemOrder(newsboat: $0) },
        "feed-sort-order": .choice(\.feedOrder, "none, firsttag, title, articlecount, unreadarticlecount or lastupdated, then maybe -asc or -desc") {
            FeedOrder(newsboat: $0)
        },
        "highlight-article": ConfigSetting { config, line in readHighlight(&config, &line) },
        "ignore-mode": ConfigSetting { config, line in
            guard let value = line.single() else { return }
            guard let mode = IgnoreMode(rawValue: value.lowercased()) else {
                line.warn("ignore-mode must be download or display, not \(line.shown(value)); ignored")
                return
            }
            config.ignoreRules.mode = mode
        },
        "max-items": .wholeNumber(\.maxItems, 0...1_000_000, "a whole number"),
        "keep-articles-days": .wholeNumber(\.keepArticlesDays, 0...36_500, "a whole number of days"),
        "mouse": .flag(\.mouse),
        "theme": .choice(\.theme, "auto, dark or light") { ThemeChoice(rawValue: $0.lowercased()) },
        "download-path": .text(\.downloadPath, "a path", limit: 1000),
        "download-filename-format": .text(\.downloadFilenameFormat, "a path", limit: 1000),
        "max-downloads": .wholeNumber(\.maxDownloads, 1...16, "a whole number"),
        "download-max-size": .wholeNumber(\.downloadMaxMegabytes, 1...1_000_000, "a whole number of megabytes"),
        "location": ConfigSetting { config, line in
            do throws(Coordinates.Invalid) {
                config.location = try Coordinates(parsing: line.value)
            } catch {
                line.warn("location: \(error.message); ignored")
            }
        },
        "provider": ConfigSetting { config, line in
            guard let provider = ForecastProvider(name: line.value) else {
                let names = ForecastProvider.allCases.map(\.rawValue).joined(separator: " or ")
                line.warn("provider must be \(names), not '\(TerminalSafeText.singleLine(line.value))'; ignored")
                return
            }
            config.provider = provider
        },
        "pirate-weather-key": ConfigSetting { config, line in
            // The value is a secret: the warning never repeats it.
            guard let key = APIKey(line.value) else {
                line.warn("pirate-weather-key must be the key's letters and digits alone; ignored")
                return
            }
            config.pirateWeatherKey = key
        },
    ]

    private static func readBindKey(_ config: inout FremontConfig, _ line: inout SettingLine) {
        let words = line.parsed.words
        guard (2...3).contains(words.count) else {
            line.warn("bind-key takes a key, an operation and maybe a context (bind-key ^D pagedown article), not \(line.shown(nil)); ignored")
            return
        }
        guard let bound = KeyRebinding.key(named: words[0]) else {
            line.warn("bind-key: no key is named \(line.shown(words[0])) (one character, ^ and a letter, ENTER, SPACE, TAB, ESC, UP, PAGEDOWN, F1 …); ignored")
            return
        }
        let operation = words[1].lowercased()
        guard !operation.isEmpty, operation.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0 == "-" || ("0"..."9").contains($0)) }) else {
            line.warn("bind-key: \(line.shown(words[1])) is not an operation's name; ignored")
            return
        }
        let context = words.count == 3 ? words[2].lowercased() : "all"
        guard KeyRebinding.contexts.contains(context) else {
            line.warn("bind-key: no context is named \(line.shown(words[2])) (all, feedlist, articlelist, article, …); ignored")
            return
        }
        config.keyBindings.append(KeyRebinding(key: bound, operation: operation, context: context, location: line.location))
    }

    private static func readDefineFilter(_ config: inout FremontConfig, _ line: inout SettingLine) {
        let words = line.parsed.words
        guard words.count == 2, !words[0].isEmpty else {
            line.warn("define-filter takes a name and a quoted expression (define-filter \"unread\" \"unread = \\\"yes\\\"\"), not \(line.shown(nil)); ignored")
            return
        }
        guard config.filters.count < FremontConfig.maximumFilters else {
            line.warn("define-filter: at most \(FremontConfig.maximumFilters) filters are read; ignored")
            return
        }
        let name = TerminalSafeText.singleLine(words[0])
        do {
            let filter = try DefinedFilter(name: name, parsing: words[1])
            try FilterSQL.check(filter.expression)
            config.filters.removeAll { $0.name == name }
            config.filters.append(filter)
        } catch let error as FilterParseError {
            line.warn("define-filter \(line.shown(name)): \(error.description) in \(TerminalSafeText.singleLine(words[1])); ignored")
        } catch {
            line.warn("define-filter \(line.shown(name)): \(error); ignored")
        }
    }

    private static func readHighlight(_ config: inout FremontConfig, _ line: inout SettingLine) {
        let words = line.parsed.words
        guard words.count >= 3 else {
            line.warn("highlight-article takes a quoted expression, a foreground and a background colour and maybe attributes (highlight-article \"unread = \\\"yes\\\"\" yellow default bold), not \(line.shown(nil)); ignored")
            return
        }
        guard config.highlights.count < ArticleHighlight.maximumCount else {
            line.warn("highlight-article: at most \(ArticleHighlight.maximumCount) are read; ignored")
            return
        }
        guard let foreground = ArticleHighlight.Color(newsboat: words[1]), let background = ArticleHighlight.Color(newsboat: words[2]) else {
            let bad = ArticleHighlight.Color(newsboat: words[1]) == nil ? words[1] : words[2]
            line.warn("highlight-article: no colour is named \(line.shown(bad)) (default, black, red, green, yellow, blue, magenta, cyan, white, color0 … color255); ignored")
            return
        }
        var attributes: [ArticleHighlight.Attribute] = []
        var unknown: String?
        for word in words.dropFirst(3) {
            if let attribute = ArticleHighlight.Attribute(rawValue: word.lowercased()) { attributes.append(attribute) } else { unknown = word }
        }
        if let unknown {
            line.warn("highlight-article: no attribute is named \(line.shown(unknown)) (bold, underline, reverse, standout, dim, italic, blink, protect, invis); ignored")
            return
        }
        do {
            let expression = try FilterExpression(parsing: words[0])
            try FilterSQL.check(expression)
            config.highlights.append(ArticleHighlight(text: words[0], expression: expression, foreground: foreground, background: background,
                                                      attributes: attributes))
        } catch let error as FilterParseError {
            line.warn("highlight-article: \(error.description) in \(TerminalSafeText.singleLine(words[0])); ignored")
        } catch {
            line.warn("highlight-article: \(error); ignored")
        }
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
                _ = try POSIXRegex.compiled(pattern)
            } catch {
                warn("ignore-article: \(TerminalSafeText.singleLine("\(error)")); ignored")
                return nil
            }
        }
        return rule
    }
}

/// The config's `theme`: the colours for a dark or a light background, or found out.
public enum ThemeChoice: String, Sendable, Equatable {
    case auto, dark, light
}
