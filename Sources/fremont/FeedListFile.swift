import Foundation
import FremontCore
import FremontSources

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

    static func save(_ list: FeedList) {
        do {
            try list.save(to: location)
        } catch {
            Diagnostics.fail(error.description)
        }
    }
}
