import Foundation

/// Where a newsboat keeps what `fremont import newsboat` reads: its feeds (`urls`), its `config`
/// and its `cache.db`.
public struct NewsboatFiles: Sendable, Equatable {
    public var urls: URL
    public var config: URL
    public var cache: URL

    public init(urls: URL, config: URL, cache: URL) {
        self.urls = urls
        self.config = config
        self.cache = cache
    }

    /// All three in `folder` (`--from DIR`); without one, newsboat's own choice: `~/.newsboat`
    /// when it exists, else its XDG folders (`$XDG_CONFIG_HOME/newsboat`, `$XDG_DATA_HOME/newsboat`).
    public static func locate(from folder: URL?, environment: [String: String] = ProcessInfo.processInfo.environment) -> NewsboatFiles {
        if let folder { return inside(folder) }
        let home = URL(fileURLWithPath: FremontDirectories.home(environment))
        let dotFolder = home.appendingPathComponent(".newsboat")
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: dotFolder.path, isDirectory: &isFolder), isFolder.boolValue {
            return inside(dotFolder)
        }
        func xdg(_ name: String, _ fallback: String) -> URL {
            if let value = environment[name], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
            return home.appendingPathComponent(fallback)
        }
        let config = xdg("XDG_CONFIG_HOME", ".config").appendingPathComponent("newsboat")
        let data = xdg("XDG_DATA_HOME", ".local/share").appendingPathComponent("newsboat")
        return NewsboatFiles(urls: config.appendingPathComponent("urls"), config: config.appendingPathComponent("config"),
                             cache: data.appendingPathComponent("cache.db"))
    }

    private static func inside(_ folder: URL) -> NewsboatFiles {
        NewsboatFiles(urls: folder.appendingPathComponent("urls"), config: folder.appendingPathComponent("config"),
                      cache: folder.appendingPathComponent("cache.db"))
    }
}
