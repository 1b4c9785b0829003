import Foundation
import FremontCore
import FremontSources
import FremontUI

/// The feed list file for the `feeds` commands: read with its warnings said on stderr (a person
/// fixes those lines), written back whole.
enum FeedListFile {
    static var location: URL { FremontDirectories().feedList }

    /// The list, empty when there is no file yet.
    static func load() -> FeedList {
        do {
            let list = try FeedList.load(from: location) ?? FeedList()
            Diagnostics.printWarnings(list.warnings, source: location.path, limit: 20)
            return list
        } catch {
            Diagnostics.fail(error.description)
        }
    }

    /// The feeds you follow, as sources and as the feed list shows them; nil when there is no
    /// list (or it lists none).
    static func followed() -> (sources: [DataSource], feeds: [FollowedFeed])? {
        guard let list = try? FeedList.load(from: location) else { return nil }
        return followed(in: list)
    }

    /// The feeds of a list already read, as sources and as the feed list shows them.
    static func followed(in list: FeedList) -> (sources: [DataSource], feeds: [FollowedFeed])? {
        var sources: [DataSource] = [], feeds: [FollowedFeed] = []
        for entry in list.entries {
            guard let source = try? DataSource(argument: entry.url) else { continue }
            sources.append(source)
            feeds.append(FollowedFeed(source: source.name, title: entry.title, tags: entry.tags))
        }
        return sources.isEmpty ? nil : (sources, feeds)
    }

    /// The feeds built into the binary, for a browser whose reader follows none.
    static func builtIn() -> (sources: [DataSource], feeds: [FollowedFeed]) {
        let sources = EmbeddedData.feeds().map { DataSource.input($0) }
        return (sources, sources.map { FollowedFeed(source: $0.name) })
    }

    /// Reads the list, lets `change` alter it, and writes it back if it says so, holding the
    /// list's lock throughout: fremonts changing the list at once keep every change.
    static func change<T>(_ change: (inout FeedList) -> (save: Bool, result: T)) -> T {
        do {
            return try FeedList.whileLocked(at: location) { () throws(LoadError) -> T in
                var list = load()
                let (save, result) = change(&list)
                if save { try list.save(to: location) }
                return result
            }
        } catch {
            Diagnostics.fail(error.description)
        }
    }
}

/// The config file, read once; its warnings go to stderr like the feed list's.
enum ConfigFile {
    /// The config as the run uses it where nothing is said of its warnings (the browser, the
    /// cache's `max-items`): read once, nil without a file or when it cannot be read.
    static let quiet: FremontConfig? = (try? read.get()) ?? nil

    /// The one read of the file, whoever asks first.
    private static let read = Result { () throws(LoadError) -> FremontConfig? in try FremontConfig.load() }

    /// The config, its warnings said; nil without a file. A config that cannot be read ends the run.
    static func load() -> FremontConfig? {
        do {
            guard let config = try read.get() else { return nil }
            Diagnostics.printWarnings(config.warnings, source: FremontDirectories().configFile.path, limit: 20)
            return config
        } catch {
            Diagnostics.fail(error.description)
        }
    }

    /// The Socrata endpoint: the config's, else the city's Fremont Bridge dataset.
    static func endpoint() throws(LoadError) -> URL {
        guard let config = try read.get() else { return SocrataQuery.defaultEndpoint }
        Diagnostics.printWarnings(config.warnings, source: FremontDirectories().configFile.path, limit: 20)
        return config.endpoint ?? SocrataQuery.defaultEndpoint
    }
}
