import Foundation
import FremontCore

/// The feeds someone follows, as a plain file in newsboat's `urls` format: one address a line,
/// then optional tags, a `"~Title"` tag for a title of one's own; `#` starts a comment line.
///
/// Reading is tolerant: a line that is not a feed is a warning with its line number, skipped,
/// and kept in the file when the list is written back, as are comments, blank lines and order.
public struct FeedList: Sendable, Equatable {
    private(set) var lines: [FeedListLine]
    public private(set) var warnings: [ParseWarning]

    public init() {
        lines = []
        warnings = []
    }

    public init(parsing text: String) {
        lines = []
        warnings = []
        var seen: [String: Int] = [:]
        // "\r\n" is one Character in Swift, so both endings are named.
        var rows = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        if rows.last?.isEmpty == true { rows.removeLast() }
        for (index, row) in rows.enumerated() {
            let number = index + 1
            let line = row
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") {
                lines.append(.verbatim(String(line)))
                continue
            }
            let words: [String]
            do {
                words = try FeedListTokenizer.words(line)
            } catch {
                warn("a quote opened here is never closed: line ignored", line: number, column: error.column)
                lines.append(.verbatim(String(line)))
                continue
            }
            guard let url = words.first, Self.isWebAddress(url) else {
                warn("not a feed address (http or https): \(Self.quoted(words.first ?? "")): line ignored", line: number)
                lines.append(.verbatim(String(line)))
                continue
            }
            if let first = seen[url] {
                warn("\(Self.quoted(url)) is already on line \(first): line ignored", line: number)
                lines.append(.verbatim(String(line)))
                continue
            }
            seen[url] = number
            var entry = FeedListEntry(url: url)
            for word in words.dropFirst() {
                if word.hasPrefix("~") {
                    entry.title = String(word.dropFirst())
                } else if !word.isEmpty, !entry.tags.contains(word) {
                    entry.tags.append(word)
                }
            }
            lines.append(.entry(entry, text: String(line)))
        }
    }

    /// The feeds, in the file's order.
    public var entries: [FeedListEntry] {
        lines.compactMap { line in
            if case .entry(let entry, _) = line { return entry }
            return nil
        }
    }

    public func entry(for url: String) -> FeedListEntry? {
        entries.first { $0.url == url }
    }

    /// Why `entry` may not be written to the file: a line break or another control character
    /// (or a bidi control) in its address, title or a tag would let it write a line of its own
    /// (newsboat, reading the same file, runs `exec:` lines). Nil when it may.
    public static func problem(with entry: FeedListEntry) -> String? {
        func unsafe(_ text: String) -> Bool { text.unicodeScalars.contains(where: TerminalSafeText.isUnsafe) }
        if unsafe(entry.url) { return "its address holds a line break or control character" }
        if let title = entry.title, unsafe(title) { return "its title holds a line break or control character" }
        if entry.tags.contains(where: unsafe) { return "a tag holds a line break or control character" }
        return nil
    }

    /// Adds at the end; false (and nothing changed) when the address is already there, or the
    /// entry may not be written (`problem(with:)`).
    @discardableResult
    public mutating func add(_ entry: FeedListEntry) -> Bool {
        guard Self.problem(with: entry) == nil, self.entry(for: entry.url) == nil else { return false }
        lines.append(.entry(entry, text: nil))
        return true
    }

    /// Removes the feed with this address; returns it, or nil when it was not in the list.
    @discardableResult
    public mutating func remove(url: String) -> FeedListEntry? {
        guard let index = lines.firstIndex(where: { if case .entry(let entry, _) = $0 { entry.url == url } else { false } }),
              case .entry(let entry, _) = lines[index]
        else { return nil }
        lines.remove(at: index)
        return entry
    }

    /// Adds the entries not yet in the list (by address), in their order; returns how many were new.
    public mutating func merge(_ entries: [FeedListEntry]) -> Int {
        entries.reduce(0) { count, entry in count + (add(entry) ? 1 : 0) }
    }

    /// The file's text: lines as read unless changed, new entries in the plain form.
    public var text: String {
        lines.map { line in
            switch line {
            case .verbatim(let text), .entry(_, text: let text?): return text + "\n"
            case .entry(let entry, text: nil): return Self.format(entry) + "\n"
            }
        }.joined()
    }

    static func format(_ entry: FeedListEntry) -> String {
        var words = [FeedListTokenizer.quote(entry.url)]
        words += entry.tags.map { FeedListTokenizer.quote(oneLine($0)) }
        if let title = entry.title { words.append(FeedListTokenizer.quote("~" + oneLine(title), always: true)) }
        return words.joined(separator: " ")
    }

    /// A title or tag from elsewhere (OPML) may hold line breaks, which would split the entry.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }

    /// An http or https address with a host: the only kind a feed list holds.
    public static func isWebAddress(_ text: String) -> Bool {
        if case .url? = try? SourceLocator(text) { return true }
        return false
    }

    private static func quoted(_ text: String) -> String {
        "'" + (text.count > 60 ? text.prefix(60) + "…" : text) + "'"
    }

    private mutating func warn(_ message: String, line: Int, column: Int? = nil) {
        warnings.append(ParseWarning(message, at: SourceLocation(line: line, column: column)))
    }
}

// MARK: - The file

extension FeedList {
    /// Reads the list at `$XDG_CONFIG_HOME/fremont/feeds` (or `url`); nil when there is no such file.
    public static func load(from url: URL = FremontDirectories().feedList) throws(ParseError) -> FeedList? {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        } catch {
            throw ParseError(source: url.path, "cannot read the feed list: \(FileErrorText.describe(error, path: url.path))")
        }
        return FeedList(parsing: String(decoding: data, as: UTF8.self))
    }

    /// Writes the list, creating its folder; the old file is replaced only once the new one is whole.
    public func save(to url: URL = FremontDirectories().feedList) throws(ParseError) {
        do {
            // The config folder is the reader's alone (as newsboat keeps it): 0700, the list 0600,
            // or the mode it had when the list is written again.
            let folder = url.deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            chmod(folder.path, 0o700)
            var status = stat()
            let mode = stat(url.path, &status) == 0 ? status.st_mode & 0o7777 : 0o600
            try Data(text.utf8).write(to: url, options: .atomic)
            chmod(url.path, mode)
        } catch {
            throw ParseError(source: url.path, "cannot write the feed list: \(FileErrorText.describe(error, path: url.path))")
        }
    }

}
