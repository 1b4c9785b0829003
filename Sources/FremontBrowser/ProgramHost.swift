import Foundation
import FremontCore
import FremontSources
import FremontUI

/// The browser's host as the program runs it: each tab's loads from its loader, and the few
/// things only the program can do (open a link, write a read mark or a star, export a file).
final class ProgramHost: BrowserHost {
    private let loaders: [ViewID: any TabLoader]
    /// The config's player, for enclosures.
    private let player: String?

    init(loaders: [ViewID: any TabLoader], player: String?) {
        self.loaders = loaders
        self.player = player
    }

    func jobs(for view: ViewID, target: LoadTarget) -> [LoadJob] {
        loaders[view]?.jobs(for: target) ?? []
    }

    func open(link: String, inPlayer: Bool) -> @Sendable () -> String {
        let player = inPlayer ? self.player : nil
        return { LinkOpener.open(link, with: player) }
    }

    func star(_ item: StarredItem, _ starred: Bool) -> @Sendable () -> String? {
        var record = item
        record.source = WebSources.readKey(item.source)
        return { [record] in
            do {
                try WebSources.cache.setStar(record, starred: starred)
                return nil
            } catch {
                return "star of '\(TextLayout.truncate(TerminalSafeText.singleLine(item.title), to: 30))' not kept: \(Self.describe(error))"
            }
        }
    }

    func export(_ text: String, to path: String, rows: Int) -> @Sendable () -> String {
        {
            do throws(LoadError) {
                let written = try FileExport.writeNew(text, to: path)
                return "exported \(NumberText.count(rows, "row")) to \(TerminalSafeText.singleLine(written))"
            } catch {
                return "not exported: \(error.description)"
            }
        }
    }

    func markRead(source: String, ids: [String], read: Bool) -> @Sendable () -> String? {
        {
            do {
                try WebSources.markRead(source: source, ids: ids, read: read)
                return nil
            } catch {
                let what = ids.count == 1 ? "a \(read ? "read" : "unread") mark" : "\(ids.count) read marks"
                return "\(what) of \(SourceName.file(source)) not kept: \(Self.describe(error))"
            }
        }
    }

    /// A write's failure in a line: the cache's own words say it best (read-only, locked).
    private static func describe(_ error: any Error) -> String {
        TerminalSafeText.singleLine(String(describing: error))
    }
}
