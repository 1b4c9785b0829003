import FremontCore

/// Files the reader asks for (a table exported, an article saved) and the config's
/// `bookmark-cmd`: a port implemented once per run by the program.
public protocol ReaderOutput: Sendable {
    /// Writes `text` to a new file at `path` (never over one that is there); the path written.
    func writeNewFile(_ text: String, to path: String) throws(LoadError) -> String
    /// Runs `bookmark-cmd` on the item, and says what it said (or why it could not run).
    func bookmark(_ bookmark: Bookmark) -> String
}

/// What a screen asks to be written or run, as its command's subject (what a test looks at).
public enum ReaderOutputRequest: Sendable, Hashable {
    /// A table as CSV (`rows` rows) to a new file.
    case export(path: String, text: String, rows: Int)
    /// An item's text to a new file.
    case saveArticle(path: String, text: String)
    case bookmark(Bookmark)

    /// Files on the write lane (drained when quitting); a bookmark program on a thread of its
    /// own (a slow one holds up no write). What happened comes back for the status line.
    public var command: Command {
        // Writes are one at a time whatever their key; a bookmark has its item's own, so a
        // second bookmark does not stop the first.
        let (lane, key): (Command.Lane, String) = if case .bookmark(let item) = self { (.watch, "bookmark \(item.url)") } else { (.write, "reader-output") }
        return Command(lane, key: key, subject: self) { [self] (services, _) throws(LoadError) -> StatusReport in
            let output = try services.port((any ReaderOutput).self)
            switch self {
            case .export(let path, let text, let rows):
                do throws(LoadError) {
                    let written = try output.writeNewFile(text, to: path)
                    return StatusReport("exported \(NumberText.count(rows, "row")) to \(TerminalSafeText.singleLine(written))")
                } catch {
                    return StatusReport("not exported: \(error.description)")
                }
            case .saveArticle(let path, let text):
                do throws(LoadError) {
                    return StatusReport("saved to \(TerminalSafeText.singleLine(try output.writeNewFile(text, to: path)))")
                } catch {
                    return StatusReport("not saved: \(error.description)")
                }
            case .bookmark(let bookmark):
                return StatusReport(output.bookmark(bookmark))
            }
        }
    }
}
