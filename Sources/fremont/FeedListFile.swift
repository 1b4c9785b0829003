import Foundation
import FremontCore
import FremontSources
import FremontBrowser

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
