import Foundation

/// Where fremont keeps its files, by the XDG base directory rules: `$XDG_CONFIG_HOME/fremont`
/// for what the user writes (the feed list), `$XDG_CACHE_HOME/fremont` for what can be fetched again.
public struct FremontDirectories: Sendable, Equatable {
    public var config: URL
    public var cache: URL

    public init(config: URL, cache: URL) {
        self.config = config
        self.cache = cache
    }

    /// From an environment (the process's by default, a test's own otherwise). The spec says
    /// relative paths in the variables are invalid and to be ignored.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = Self.home(environment)
        func base(_ variable: String, _ fallback: String) -> URL {
            if let value = environment[variable], value.hasPrefix("/") {
                return URL(fileURLWithPath: value, isDirectory: true)
            }
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(fallback, isDirectory: true)
        }
        config = base("XDG_CONFIG_HOME", ".config").appendingPathComponent("fremont", isDirectory: true)
        cache = base("XDG_CACHE_HOME", ".cache").appendingPathComponent("fremont", isDirectory: true)
    }

    /// The home folder `~` stands for: `$HOME` when it is set to an absolute path (as a shell
    /// takes it), else the account's. The one lookup, for every `~` fremont expands.
    public static func home(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
    }

    /// `path` with a leading `~` (alone or before `/`) as `home`; any other path as it is.
    public static func expandingTilde(_ path: String, home: String = FremontDirectories.home()) -> String {
        path == "~" || path.hasPrefix("~/") ? home + path.dropFirst() : path
    }

    /// `…/fremont/feeds`, newsboat's `urls` format.
    public var feedList: URL { config.appendingPathComponent("feeds") }

    /// `…/fremont/config`: `key = value` settings.
    public var configFile: URL { config.appendingPathComponent("config") }

    /// `…/fremont/cache.sqlite`.
    public var cacheDatabase: URL { cache.appendingPathComponent("cache.sqlite") }
}
