import Foundation

/// A folder of a test's own, removed afterwards, with the config and cache folders a spawned
/// fremont is pointed at (`XDG_CONFIG_HOME`, `XDG_CACHE_HOME`): tests never read or write the
/// real `~/.config` or `~/.cache`.
public final class TestHome: Sendable {
    public let root: URL

    public init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("fremont-home-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// A path in the folder (not created).
    public func file(_ name: String) -> URL { root.appendingPathComponent(name) }

    public var config: URL { root.appendingPathComponent("config") }
    public var cache: URL { root.appendingPathComponent("cache") }
    public var configFile: URL { config.appendingPathComponent("fremont/config") }
    public var feedList: URL { config.appendingPathComponent("fremont/feeds") }
    public var cacheDatabase: URL { cache.appendingPathComponent("fremont/cache.sqlite") }

    /// What a spawned fremont needs to keep to this folder.
    public var environment: [String: String] { ["XDG_CONFIG_HOME": config.path, "XDG_CACHE_HOME": cache.path] }

    /// Writes `text` as fremont's config file.
    public func writeConfig(_ text: String) throws {
        try FileManager.default.createDirectory(at: configFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: configFile)
    }

    /// Writes the feeds file, a line each.
    public func writeFeedList(_ lines: [String]) throws {
        try FileManager.default.createDirectory(at: feedList.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: feedList)
    }

    /// Runs fremont with this home's folders.
    public func run(_ arguments: String...) async throws -> ProcessResult {
        try await Fremont.run(arguments: arguments, environment: environment)
    }
}
