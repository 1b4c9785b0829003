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
    /// newsboat's query feeds (`"query:Name:expression" tags…`), in the file's order; their
    /// lines are kept as they are.
    public private(set) var queries: [FeedListQuery] = []

    public init() {
        lines = []
        warnings = []
    }

    public init(parsing text: String) {
        self.init(parsing: Data(text.utf8))
    }

    /// Reads the file's bytes: each line is read as UTF-8 (a stray byte of another encoding
    /// becomes U+FFFD for reading only) and kept as it was for writing back.
    public init(parsing data: Data) {
        lines = []
        warnings = []
        var seen: [String: Int] = [:]
        var rows = data.split(separator: 0x0A, omittingEmptySubsequences: false).map { [UInt8]($0) }
        if rows.last?.isEmpty == true { rows.removeLast() }
        for (index, raw) in rows.enumerated() {
            let number = index + 1
            let bytes = raw.last == 0x0D ? raw.dropLast() : raw[...]
            let line = String(decoding: bytes, as: UTF8.self)
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") {
                lines.append(.verbatim(raw))
                continue
            }
            let words: [String]
            do {
                words = try FeedListTokenizer.words(Substring(line))
            } catch {
                warn("a quote opened here is never closed: line ignored", line: number, column: error.column)
                lines.append(.verbatim(raw))
                continue
            }
            if let first = words.first, first.lowercased().hasPrefix("query:") {
                // query:Name:expression — the name ends at the first colon after the kind.
                let rest = first.dropFirst("query:".count)
                let name = rest.prefix { $0 != ":" }
                // (The tokenizer took the line's quotes off and `\"` back to `"`, as newsboat does.)
                let text = rest.dropFirst(name.count + 1)
                lines.append(.verbatim(raw))
                guard !name.isEmpty, name.count < rest.count else {
                    warn("a query feed is \"query:Name:expression\": line ignored", line: number)
                    continue
                }
                do {
                    let expression = try FilterExpression(parsing: String(text))
                    var tags: [String] = []
                    for word in words.dropFirst() where !word.isEmpty && !word.hasPrefix("~") && !tags.contains(word) { tags.append(word) }
                    queries.append(FeedListQuery(name: String(name), expression: expression, text: String(text), tags: tags))
                } catch {
                    warn("query feed \(Self.quoted(String(name))): \(error.description): line ignored", line: number)
                }
                continue
            }
            if let first = words.first, let kind = Self.newsboatOnlyKinds.first(where: { first.lowercased().hasPrefix($0) }) {
                warn("newsboat's \(kind) feeds are not supported yet: line ignored", line: number)
                lines.append(.verbatim(raw))
                continue
            }
            guard let url = words.first, Self.isWebAddress(url) else {
                warn("not a feed address (http or https): \(Self.quoted(words.first ?? "")): line ignored", line: number)
                lines.append(.verbatim(raw))
                continue
            }
            if let first = seen[url] {
                warn("\(Self.quoted(url)) is already on line \(first): line ignored", line: number)
                lines.append(.verbatim(raw))
                continue
            }
            seen[url] = number
            var entry = FeedListEntry(url: url)
            // Tags seen, in a set: a line of 200,000 tags reads in linear time.
            var tags = Set<String>()
            for word in words.dropFirst() {
                if word.hasPrefix("~") {
                    entry.title = String(word.dropFirst())
                } else if !word.isEmpty, tags.insert(word).inserted {
                    entry.tags.append(word)
                }
            }
            lines.append(.entry(entry, raw: raw))
        }
    }

    /// newsboat's feeds that are not addresses and not queries: a program's output, a feed run
    /// through a filter. Kept in the file, said in the Log.
    static let newsboatOnlyKinds = ["exec:", "filter:"]

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
        lines.append(.entry(entry, raw: nil))
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
        // The addresses listed, looked up once: asking the list for each would be quadratic.
        var listed = Set(self.entries.map(\.url))
        var added = 0
        for entry in entries where Self.problem(with: entry) == nil && listed.insert(entry.url).inserted {
            lines.append(.entry(entry, raw: nil))
            added += 1
        }
        return added
    }

    /// Adds `other`'s lines of newsboat's own feeds (`query:`, `exec:`, `filter:`) not already in
    /// the list, word for word; returns them, as text.
    public mutating func mergeNewsboatOnlyLines(from other: FeedList) -> [String] {
        var present = Set(lines.compactMap { line -> [UInt8]? in
            if case .verbatim(let raw) = line { return raw }
            return nil
        })
        var added: [String] = []
        for case .verbatim(let raw) in other.lines {
            let text = String(decoding: raw, as: UTF8.self)
            let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\"" }.lowercased()
            guard (Self.newsboatOnlyKinds + ["query:"]).contains(where: { trimmed.hasPrefix($0) }),
                  !text.unicodeScalars.contains(where: { $0 != "\t" && $0 != "\r" && TerminalSafeText.isUnsafe($0) }),
                  present.insert(raw).inserted
            else { continue }
            lines.append(.verbatim(raw))
            added.append(text)
        }
        return added
    }

    /// The file's bytes: lines as read unless changed, new entries in the plain form.
    public var bytes: Data {
        var out = Data()
        for line in lines {
            switch line {
            case .verbatim(let raw), .entry(_, raw: let raw?): out.append(contentsOf: raw)
            case .entry(let entry, raw: nil): out.append(contentsOf: Self.format(entry).utf8)
            }
            out.append(0x0A)
        }
        return out
    }

    /// The file's text (read as UTF-8).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

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
    public static func load(from url: URL = FremontDirectories().feedList) throws(LoadError) -> FeedList? {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        } catch {
            throw LoadError(source: url.path, "cannot read the feed list: \(FileErrorText.describe(error, path: url.path))")
        }
        return FeedList(parsing: data)
    }

    /// Writes the list, creating its folder. Through a symlink, the file it points to is written;
    /// the new bytes go to a file beside it, with the old file's mode (0600 for a new list), and
    /// replace it in one rename once whole, so a reader never sees half a list.
    public func save(to url: URL = FremontDirectories().feedList) throws(LoadError) {
        try PrivateFile.replace(bytes, at: url, what: "the feed list")
    }

    private static func writeError(_ path: String, _ code: Int32) -> LoadError {
        LoadError(source: path, "cannot write the feed list: \(String(cString: strerror(code)).lowercased())")
    }

    /// Runs `body` (read the list, change it, save it) holding a lock beside the list
    /// (`feeds.lock`), so two fremonts changing the list at once both keep their change.
    public static func whileLocked<T>(at url: URL = FremontDirectories().feedList, _ body: () throws(LoadError) -> T) throws(LoadError) -> T {
        let folder = url.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let lock: FileLock
        do throws(FileLock.Failure) {
            lock = try FileLock(url.path + ".lock", waiting: nil)
        } catch {
            throw writeError(url.path + ".lock", error.code ?? EWOULDBLOCK)
        }
        defer { lock.release() }
        return try body()
    }
}
