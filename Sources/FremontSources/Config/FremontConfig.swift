import Foundation
import FremontCore

/// `$XDG_CONFIG_HOME/fremont/config`: `key = value` lines, `#` comments. The keys:
/// - `endpoint`: the Socrata dataset that `--month`, `--from` and the browser's `<` `>` ask
///   (another city's counter, say); `--endpoint` on the command line still wins;
/// - `reload-time`: minutes between the browser's reloads of the feeds (newsboat's name); 0, never;
/// - `player`: the program enclosures (podcasts, videos) open in, and its first arguments
///   (`mpv --fs`; words as `ProgramCommand` reads them), given the address as its last argument;
///   without it, they open in the browser;
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
/// - `urls-source`, `ttrss-…`: where the feed list comes from (`SyncSettings`, newsboat's names).
public struct FremontConfig: Sendable, Equatable {
    public var endpoint: URL?
    public var reloadMinutes: Int?
    public var player: String?
    public var mouse = true
    /// Items no longer in a feed the cache keeps per feed even when read; 0 all; nil: the default.
    public var maxItems: Int?
    /// Items older than this many days are deleted; 0 or nil: never.
    public var keepArticlesDays: Int?
    public var location: Coordinates?
    public var provider: ForecastProvider?
    public var pirateWeatherKey: APIKey?
    public var sync = SyncSettings()
    public var warnings: [ParseWarning] = []

    public init(endpoint: URL? = nil) {
        self.endpoint = endpoint
    }

    /// Nil when there is no file. An unknown key is a warning; a bad endpoint an error, since
    /// quietly asking the default dataset instead would show the wrong city's counts.
    public static func load(from url: URL = FremontDirectories().configFile) throws(LoadError) -> FremontConfig? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try parse(String(decoding: data, as: UTF8.self), name: url.path)
    }

    public static func parse(_ text: String, name: String) throws(LoadError) -> FremontConfig {
        var config = FremontConfig()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { continue }
            let location = SourceLocation(line: index + 1)
            guard let equals = trimmed.firstIndex(of: "=") else {
                config.warnings.append(ParseWarning("not a 'key = value' line; ignored", at: location))
                continue
            }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "endpoint":
                guard case .url(let url)? = try? SourceLocator(value) else {
                    throw LoadError(source: name, location: location, "endpoint must be an http or https address, not \(value.isEmpty ? "nothing" : "'\(TerminalSafeText.singleLine(value))'")")
                }
                config.endpoint = url
            case "reload-time":
                guard let minutes = Int(value), (0...10_080).contains(minutes) else {
                    config.warnings.append(ParseWarning("reload-time must be whole minutes from 0 to 10080 (a week), not '\(TerminalSafeText.singleLine(value))'; ignored", at: location))
                    continue
                }
                config.reloadMinutes = minutes
            case "player":
                // A program and its first arguments, not a shell line: run with the address as the last argument.
                guard !value.unicodeScalars.contains(where: TerminalSafeText.isUnsafe) else {
                    config.warnings.append(ParseWarning("player must name a program; ignored", at: location))
                    continue
                }
                do {
                    _ = try ProgramCommand(parsing: value)
                } catch {
                    let problem = error == .noProgram ? "must name a program" : error.description
                    config.warnings.append(ParseWarning("player \(problem); ignored", at: location))
                    continue
                }
                config.player = value
            case "max-items":
                guard let count = Int(value), (0...1_000_000).contains(count) else {
                    config.warnings.append(ParseWarning("max-items must be a whole number from 0 to 1000000, not '\(TerminalSafeText.singleLine(value))'; ignored", at: location))
                    continue
                }
                config.maxItems = count
            case "keep-articles-days":
                guard let days = Int(value), (0...36_500).contains(days) else {
                    config.warnings.append(ParseWarning("keep-articles-days must be a whole number of days from 0 to 36500, not '\(TerminalSafeText.singleLine(value))'; ignored", at: location))
                    continue
                }
                config.keepArticlesDays = days
            case "mouse":
                switch value.lowercased() {
                case "yes", "on", "true": config.mouse = true
                case "no", "off", "false": config.mouse = false
                default: config.warnings.append(ParseWarning("mouse must be yes or no, not '\(TerminalSafeText.singleLine(value))'; ignored", at: location))
                }
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
                config.warnings.append(ParseWarning("unknown setting '\(TerminalSafeText.singleLine(key))'; ignored", at: location))
            }
        }
        return config
    }
}
