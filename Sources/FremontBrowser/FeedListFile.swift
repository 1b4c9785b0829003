import Foundation
import FremontCore
import FremontSources

/// The feed list file for the `feeds` commands: read with its warnings said on stderr (a person
/// fixes those lines), written back whole.
public enum FeedListFile {
    public static var location: URL { FremontDirectories().feedList }

    /// The list, empty when there is no file yet.
    public static func load(from location: URL = FeedListFile.location) -> FeedList {
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
    public static func change<T>(at location: URL = FeedListFile.location, _ change: (inout FeedList) -> (save: Bool, result: T)) -> T {
        do {
            return try FeedList.whileLocked(at: location) { () throws(LoadError) -> T in
                var list = load(from: location)
                let (save, result) = change(&list)
                if save { try list.save(to: location) }
                return result
            }
        } catch {
            Diagnostics.fail(error.description)
        }
    }
}
