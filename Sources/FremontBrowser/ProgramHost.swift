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

    func star(_ item: StarredItem, _ starred: Bool) -> @Sendable () -> Void {
        var record = item
        record.source = WebSources.readKey(item.source)
        // A cache that cannot be written only loses the star.
        return { [record] in try? WebSources.cache.setStar(record, starred: starred) }
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

    func markRead(source: String, ids: [String], read: Bool) -> @Sendable () -> Void {
        // A cache that cannot be written only loses the mark.
        { try? WebSources.markRead(source: source, ids: ids, read: read) }
    }
}
