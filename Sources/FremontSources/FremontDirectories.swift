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
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func base(_ variable: String, _ fallback: String) -> URL {
            if let value = environment[variable], value.hasPrefix("/") {
                return URL(fileURLWithPath: value, isDirectory: true)
            }
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(fallback, isDirectory: true)
        }
        config = base("XDG_CONFIG_HOME", ".config").appendingPathComponent("fremont", isDirectory: true)
        cache = base("XDG_CACHE_HOME", ".cache").appendingPathComponent("fremont", isDirectory: true)
    }

    /// `…/fremont/feeds`, newsboat's `urls` format.
    public var feedList: URL { config.appendingPathComponent("feeds") }

    /// `…/fremont/config`: `key = value` settings.
    public var configFile: URL { config.appendingPathComponent("config") }

    /// `…/fremont/cache.sqlite`.
    public var cacheDatabase: URL { cache.appendingPathComponent("cache.sqlite") }
}
