import Foundation
import FremontCore

/// `fremont import newsboat`: a newsboat user's feeds, shared settings, and read, starred and
/// deleted items, merged into fremont's. Running it again changes nothing more.
public struct NewsboatImport {
    public var files: NewsboatFiles
    public var feedList: URL
    public var config: URL
    /// The letter newsboat's flags mean a star by, when its config does not say (`*-flag-star`).
    public var starFlag: Character?

    public init(files: NewsboatFiles, feedList: URL = FremontDirectories().feedList,
                config: URL = FremontDirectories().configFile, starFlag: Character? = nil) {
        self.files = files
        self.feedList = feedList
        self.config = config
        self.starFlag = starFlag
    }

    /// newsboat's settings fremont reads the same way; the rest stay behind (and are counted).
    public static let sharedKeys: Set<String> = Set(FremontConfig.supportedKeys)
        .subtracting(["endpoint", "location", "provider", "pirate-weather-key", "mouse", "show-summaries"])
        .union(SyncSettings.keys)

    /// Runs the import: the cache is checked first, so a newsboat still running changes nothing.
    public func run(cache: CacheDatabase) throws -> NewsboatImportReport {
        try NewsboatCacheReader.checkNotInUse(files.cache)
        let manager = FileManager.default
        guard [files.urls, files.config, files.cache].contains(where: { manager.fileExists(atPath: $0.path) }) else {
            throw LoadError(source: files.urls.deletingLastPathComponent().path,
                            "no newsboat files here (urls, config or cache.db); name newsboat's folder with --from DIR")
        }
        var report = NewsboatImportReport()
        let newsboatConfig = readConfig(&report)
        let star = newsboatConfig.starFlag ?? starFlag
        report.starFlag = star
        let followed = try importFeeds(&report)
        try importSettings(newsboatConfig.lines, &report)
        if FileManager.default.fileExists(atPath: files.cache.path) {
            report.items = try NewsboatCacheReader.read(files.cache, followed: followed, starFlag: star) { marks in
                report.marks += try cache.importMarks(marks)
            }
        } else {
            report.notImported.append("\(files.cache.path): no such file; no read state imported")
        }
        return report
    }

    private struct NewsboatConfig {
        var lines: [(text: String, line: ConfigLine)] = []
        var starFlag: Character?
    }

    private func readConfig(_ report: inout NewsboatImportReport) -> NewsboatConfig {
        var config = NewsboatConfig()
        guard let data = FileManager.default.contents(atPath: files.config.path) else { return config }
        for (index, raw) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let parsed: ConfigLine
            do {
                guard let line = try ConfigLine.parse(raw) else { continue }
                parsed = line
            } catch {
                report.notImported.append("\(files.config.path):\(index + 1): a quote is never closed; line left out")
                continue
            }
            let text = raw.trimmingCharacters(in: .whitespaces)
            config.lines.append((text, parsed))
            if parsed.key.lowercased().hasSuffix("-flag-star"), let letter = parsed.single, letter.count == 1 {
                config.starFlag = letter.first
            }
        }
        return config
    }

    /// Merges newsboat's `urls` into the feed list, under the list's lock; returns the feeds followed after.
    private func importFeeds(_ report: inout NewsboatImportReport) throws -> Set<String> {
        let theirs: FeedList
        do {
            guard let read = try FeedList.load(from: files.urls) else {
                report.notImported.append("\(files.urls.path): no such file; no feeds imported")
                return Set((try FeedList.load(from: feedList) ?? FeedList()).entries.map(\.url))
            }
            theirs = read
        }
        for warning in theirs.warnings where !warning.message.contains("not supported yet") {
            report.notImported.append("\(files.urls.path):\(warning.location?.line ?? 0): \(warning.message)")
        }
        return try FeedList.whileLocked(at: feedList) { () throws(LoadError) -> Set<String> in
            var ours = try FeedList.load(from: feedList) ?? FeedList()
            let before = Set(ours.entries.map(\.url))
            report.feedsAdded = ours.merge(theirs.entries)
            report.feedsAlreadyListed = theirs.entries.filter { before.contains($0.url) }.count
            report.newsboatOnlyLines = ours.mergeNewsboatOnlyLines(from: theirs)
            if report.feedsAdded > 0 || !report.newsboatOnlyLines.isEmpty { try ours.save(to: feedList) }
            return Set(ours.entries.map(\.url))
        }
    }

    /// Appends the shared settings fremont's config does not set yet (a `bind-key` unless the same
    /// binding is there), as newsboat wrote them: fremont reads newsboat's form.
    private func importSettings(_ lines: [(text: String, line: ConfigLine)], _ report: inout NewsboatImportReport) throws {
        let existing = FileManager.default.contents(atPath: config.path) ?? Data()
        var setKeys = Set<String>()
        var bindings = Set<[String]>()
        for raw in String(decoding: existing, as: UTF8.self).split(separator: "\n") {
            guard let line = try? ConfigLine.parse(raw) else { continue }
            let key = line.key.lowercased()
            if key == "bind-key" { bindings.insert(line.words) } else { setKeys.insert(key) }
        }
        var appended: [String] = []
        var notShared = Set<String>()
        for (text, line) in lines {
            let key = line.key.lowercased()
            // Nothing read from newsboat's files reaches the terminal or fremont's config with a
            // control or bidi character in it (a window title set, a line hidden).
            guard !text.unicodeScalars.contains(where: TerminalSafeText.isUnsafe) else {
                report.notImported.append("a config line holding control characters (\(TerminalSafeText.singleLine(String(text.prefix(40))))…): left out")
                continue
            }
            guard Self.sharedKeys.contains(key) else {
                notShared.insert(key)
                continue
            }
            // Read as fremont will read it: a line it would refuse (a pattern too costly, a filter
            // that does not parse) is left out and said, never copied to warn at every start.
            if let warning = (try? FremontConfig.parse(text, name: "newsboat config"))?.warnings.first {
                report.notImported.append("a config line fremont refuses (\(warning.message)): left out")
                continue
            }
            if key == "bind-key" {
                guard bindings.insert(line.words).inserted else { continue }
            } else {
                guard setKeys.insert(key).inserted else {
                    report.settingsAlreadySet.append(key)
                    continue
                }
            }
            appended.append(text)
            report.settingsImported.append(key)
        }
        report.settingsNotShared = notShared.sorted()
        guard !appended.isEmpty else { return }
        var data = existing
        if let last = data.last, last != 0x0A { data.append(0x0A) }
        data.append(contentsOf: "# from newsboat (\(TerminalSafeText.singleLine(files.config.path)))\n".utf8)
        data.append(contentsOf: (appended.joined(separator: "\n") + "\n").utf8)
        // Whole or not at all, through a link, its mode kept (0600 at most with a password in it).
        let secrets = report.settingsImported.contains { $0.hasSuffix("-password") || $0.hasSuffix("-passwordeval") || $0.hasSuffix("-passwordfile") }
        try PrivateFile.replace(data, at: config, holdsSecrets: secrets, what: "the config")
    }
}

/// What an import brought over and what it left behind, for the person to read.
public struct NewsboatImportReport: Sendable, Equatable {
    public var feedsAdded = 0
    public var feedsAlreadyListed = 0
    public var newsboatOnlyLines: [String] = []
    public var settingsImported: [String] = []
    public var settingsAlreadySet: [String] = []
    public var settingsNotShared: [String] = []
    public var starFlag: Character?
    public var items = NewsboatCacheReader.Tally()
    public var marks = ImportedMarksResult()
    public var notImported: [String] = []

    public init() {}

    /// The lines printed: what was imported, then what could not be.
    public var lines: [String] { unsafeLines.map(TerminalSafeText.singleLine) }

    /// The lines as composed, before what came from newsboat's files is made safe for a terminal.
    private var unsafeLines: [String] {
        var lines = ["feeds: \(feedsAdded) added, \(feedsAlreadyListed) already listed"]
        if !newsboatOnlyLines.isEmpty {
            lines.append("kept \(newsboatOnlyLines.count) query:/exec:/filter: line\(newsboatOnlyLines.count == 1 ? "" : "s") in the feeds file (query: feeds are listed; exec: and filter: feeds are not supported yet)")
        }
        lines.append("settings: " + (settingsImported.isEmpty ? "none imported" : "imported " + settingsImported.joined(separator: ", "))
                     + (settingsAlreadySet.isEmpty ? "" : "; already set, kept: " + settingsAlreadySet.joined(separator: ", ")))
        if !settingsNotShared.isEmpty {
            lines.append("settings fremont does not have, left out: " + settingsNotShared.joined(separator: ", "))
        }
        let read = items.items - items.unfollowed
        lines.append("items: \(read) in newsboat's cache; \(marks.appliedToStored) already in fremont's cache, \(marks.waiting) applied when first fetched; \(marks.starred) starred, \(marks.tombstones) deleted")
        if starFlag == nil {
            lines.append("no star imported: newsboat's config names no *-flag-star letter (give one with --star-flag LETTER)")
        }
        if items.unfollowed > 0 {
            lines.append("left out \(items.unfollowed) items of \(items.unfollowedFeeds.count) feed\(items.unfollowedFeeds.count == 1 ? "" : "s") no longer in the urls file")
        }
        return lines + notImported.map { "could not import: " + $0 }
    }
}
