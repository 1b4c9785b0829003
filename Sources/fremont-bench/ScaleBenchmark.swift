import Foundation
import GRDB
import FremontCore
import FremontSources
import FremontUI

/// A heavy reader's cache, Fremont against newsboat in one run: 500 feeds served on loopback
/// (python3's http.server, which answers If-Modified-Since with 304), a million items in both
/// caches (`ScaleCorpus`), then each program on a 120×40 pseudo-terminal (start to the counted
/// feed list, lists opened, keys, search, a query feed, marks), both reloading the 500 feeds
/// (half 304, half five new items), peak memory and the caches' sizes; each figure beside its
/// goal and a verdict. Fremont's in-process figures (the UI thread's longest stall per scenario)
/// follow.
enum ScaleBenchmark {
    struct Figure {
        var label: String
        var fremont: Double
        var newsboat: Double?
        var unit: String
        var goal: String
        var met: Bool?
    }

    static func run(dataDirectory: String, items: Int) throws {
        guard let fremont = WholeCommand.fremont else {
            print("(no fremont binary beside fremont-bench: swift build -c release --product fremont)")
            return
        }
        guard let newsboat = which("newsboat"), let python = which("python3") else {
            print("(scale needs newsboat and python3 on PATH: sudo apt-get install -y newsboat)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fremont-bench-scale-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // FREMONT_SCALE_KEEP=1 keeps the homes and caches, to run either program on them by hand.
        let keep = ProcessInfo.processInfo.environment["FREMONT_SCALE_KEEP"] == "1"
        defer { if keep { print("kept: \(folder.path)") } else { try? FileManager.default.removeItem(at: folder) } }
        let port = try freePort()
        let corpus = try ScaleCorpus(itemCount: items, dataDirectory: dataDirectory, port: port)
        let served = folder.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        for feed in 0..<ScaleCorpus.feedCount {
            try corpus.writeFeed(feed, extra: 0, to: served, modified: ScaleCorpus.baseTime)
        }
        let server = Process()
        server.executableURL = URL(fileURLWithPath: python)
        server.arguments = ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", served.path]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }

        // Fremont's home and newsboat's, each with the same feeds.
        let home = ScaleHomes(folder: folder, corpus: corpus)
        try home.write()
        let word = searchWord(corpus)
        let matching = "unread = \\\"yes\\\" and title =~ \\\"\(word)\\\""
        try home.writeFeedLists(queries: [])
        print("Scale: \(NumberText.grouped(corpus.totalItems)) items in \(ScaleCorpus.feedCount) feeds (largest \(NumberText.grouped(corpus.sizes[0])), "
              + "one of \(NumberText.grouped(corpus.sizes[1])) marked read), made from \(corpus.pool.count) real items of \(dataDirectory)/feeds/real; release build")
        let fillFremont = try seconds { try corpus.fillFremont(home.fremontCache) }
        let fillNewsboat = try seconds { try corpus.fillNewsboat(home.newsboatCache, urls: home.newsboatURLs, config: home.newsboatConfig) }
        let fremontSize = fileSize(home.fremontCache) + fileSize(home.fremontCache + "-wal")
        let newsboatSize = fileSize(home.newsboatCache)
        print(String(format: "caches filled in SQL: Fremont's in %.1f s, newsboat's in %.1f s (newsboat's schema made by newsboat %@ itself, then filled directly)",
                     fillFremont, fillNewsboat, newsboatVersion(newsboat)))
        CacheRoom.report("Fremont's cache", path: home.fremontCache)
        CacheRoom.report("newsboat's cache", path: home.newsboatCache)
        print("served on 127.0.0.1:\(port) by python3 http.server; the search word \"\(word)\", the query feed \"\(matching.replacingOccurrences(of: "\\\"", with: "\""))\"")

        var figures: [Figure] = []
        let fremontCommand = [fremont, "--offline"]
        let newsboatCommand = [newsboat, "-u", home.newsboatURLs, "-c", home.newsboatCache, "-C", home.newsboatConfig]
        let marker = startMarker(corpus)
        let rows = listRows(corpus, word: word)
        func add(_ label: String, _ fremontValue: Double, _ newsboatValue: Double?, unit: String = "ms", goal: String, met: Bool?) {
            figures.append(Figure(label: label, fremont: fremontValue, newsboat: newsboatValue, unit: unit, goal: goal, met: met))
        }
        // A list opened: its goal is met by its first row drawn; the time until the screen was
        // quiet (the count drawn, where it lands later) follows, as it is.
        func addOpening(_ label: String, _ fremontValue: ScaleSession.Opening, _ newsboatValue: ScaleSession.Opening, goal: Double) {
            add(label + ": first item", fremontValue.firstRow, newsboatValue.firstRow, goal: "≤ \(Int(goal)) ms",
                met: fremontValue.firstRow.isNaN ? nil : fremontValue.firstRow <= goal)
            add("  counted (then quiet)", fremontValue.quiet, newsboatValue.quiet, goal: "", met: nil)
        }
        // Session B first (it only reads): the same feeds and two query feeds (newsboat's nearest to All items is a
        // query feed that matches every item).
        try home.writeFeedLists(queries: [("Matching", matching)])
        let fremontB = try ScaleSession.driveQueries(fremontCommand, environment: home.fremontEnvironment, marker: marker, program: .fremont, rows: rows)
        try home.writeFeedLists(queries: [("All items", "unread = \\\"yes\\\" or unread = \\\"no\\\""), ("Matching", matching)])
        let newsboatB = try ScaleSession.driveQueries(newsboatCommand, environment: home.newsboatEnvironment, marker: marker, program: .newsboat, rows: rows)
        // Session A: the 500 feeds alone; it ends marking everything read.
        try home.writeFeedLists(queries: [])
        let fremontCache = home.fremontCache
        let fremontA = try ScaleSession.drive(fremontCommand, environment: home.fremontEnvironment, marker: marker, firstFeedRow: 3,
                                         program: .fremont, word: word, rows: rows,
                                         unreadLeft: { unreadLeft(fremontCache, "SELECT EXISTS (SELECT 1 FROM item WHERE isRead = 0)") })
        let newsboatA = try ScaleSession.drive(newsboatCommand, environment: home.newsboatEnvironment, marker: marker, firstFeedRow: 0,
                                          program: .newsboat, word: word, rows: rows)
        add("start with the query feeds", fremontB.start, newsboatB.start, goal: "≤ 150 ms", met: fremontB.start <= 150)
        addOpening("open All items", fremontB.openAll, newsboatB.openAll, goal: 50)
        add("  j in it (p99 of 40)", fremontB.keys.down, newsboatB.keys.down, goal: "≤ 1 ms in-process (below)", met: nil)
        add("  PgDn in it (p99 of 15)", fremontB.keys.page, newsboatB.keys.page, goal: "≤ 1 ms in-process (below)", met: nil)
        add("  G in it", fremontB.keys.end, newsboatB.keys.end, goal: "≤ 1 ms in-process (below)", met: nil)
        addOpening("open the query feed", fremontB.openQuery, newsboatB.openQuery, goal: 300)
        add("start to counted feed list", fremontA.start, newsboatA.start, goal: "≤ 150 ms", met: fremontA.start <= 150)
        addOpening("open the largest feed", fremontA.openFeed, newsboatA.openFeed, goal: 50)
        add("  j in it (p99 of 40)", fremontA.keys.down, newsboatA.keys.down, goal: "≤ 1 ms in-process (below)", met: nil)
        add("  PgDn in it (p99 of 15)", fremontA.keys.page, newsboatA.keys.page, goal: "≤ 1 ms in-process (below)", met: nil)
        add("  G in it", fremontA.keys.end, newsboatA.keys.end, goal: "≤ 1 ms in-process (below)", met: nil)
        addOpening("search \"\(word)\" (/)", fremontA.search, newsboatA.search, goal: 30)
        add("mark a feed of \(NumberText.grouped(corpus.sizes[1])) read (A)", fremontA.markFeed, newsboatA.markFeed, goal: "≤ a frame, 16 ms",
            met: fremontA.markFeed <= 16)
        // A mark of everything is timed only where it was done: each cache then holds no unread item.
        let fremontLeft = unreadLeft(home.fremontCache, "SELECT count(*) FROM item WHERE isRead = 0")
        let newsboatLeft = unreadLeft(home.newsboatCache, "SELECT count(*) FROM rss_item WHERE unread = 1")
        for (name, left) in [("Fremont", fremontLeft), ("newsboat", newsboatLeft)] where left != 0 {
            print("mark all read: \(name)'s cache \(left.map { "still holds \(NumberText.grouped($0)) unread items" } ?? "could not be read") after it: not timed")
        }
        let markedAll = (fremont: fremontLeft == 0 ? fremontA.markAll : .nan, newsboat: newsboatLeft == 0 ? newsboatA.markAll : .nan)
        add("mark all read (C, its question, y)", markedAll.fremont, markedAll.newsboat, goal: "faster than newsboat",
            met: markedAll.fremont.isNaN || markedAll.newsboat.isNaN ? nil : markedAll.fremont < markedAll.newsboat)
        // Fremont draws at once and writes the marks off the UI thread; newsboat writes before it draws.
        add("  written to the cache", fremontA.markAllWritten, markedAll.newsboat, goal: "", met: nil)

        let fremontPeak = max(fremontA.peak, fremontB.peak), newsboatPeak = max(newsboatA.peak, newsboatB.peak)
        add("peak memory of the session", fremontPeak, newsboatPeak, unit: "MB", goal: "≤ 150 MB and ≤ 0.25× newsboat's",
            met: fremontPeak <= 150 && fremontPeak <= 0.25 * newsboatPeak)

        // The reload: every odd feed now has five new items (and a newer Last-Modified); the
        // even ones answer 304.
        try home.writeFeedLists(queries: [])
        for feed in stride(from: 1, to: ScaleCorpus.feedCount, by: 2) {
            try corpus.writeFeed(feed, extra: ScaleCorpus.newPerReload, to: served, modified: ScaleCorpus.baseTime + 86_400)
        }
        let fremontReload = WholeCommand.run(fremont, ["feeds", "reload"], environment: home.fremontEnvironment)
        let newsboatReload = WholeCommand.run(newsboat, ["-u", home.newsboatURLs, "-c", home.newsboatCache, "-C", home.newsboatConfig, "-x", "reload"],
                                              environment: home.newsboatEnvironment)
        if let fremontReload, let newsboatReload {
            let ratio = fremontReload.seconds / newsboatReload.seconds
            add("reload 500 feeds (250 × 304, 250 × 5 new)", fremontReload.seconds * 1000, newsboatReload.seconds * 1000,
                goal: "≤ 0.25× newsboat's", met: ratio <= 0.25)
            add("  peak memory of the reload", fremontReload.peakMegabytes, newsboatReload.peakMegabytes, unit: "MB",
                goal: "≤ 150 MB and ≤ 0.25× newsboat's", met: fremontReload.peakMegabytes <= 150 && fremontReload.peakMegabytes <= 0.25 * newsboatReload.peakMegabytes)
            if fremontReload.status != 0 { print("note: fremont feeds reload exited with status \(fremontReload.status)") }
        }
        let stored = try CacheDatabase(path: home.fremontCache)
        let reloaded = try stored.itemCount(.all)
        add("cache size (before the reload)", Double(fremontSize) / 1_000_000, Double(newsboatSize) / 1_000_000, unit: "MB",
            goal: "≤ newsboat's", met: fremontSize <= newsboatSize)

        print("\nmeasured on a pseudo-terminal, 120×40; newsboat \(newsboatVersion(newsboat)), its default config (max-items 0). A list opened or searched: "
              + "key sent → the first item row drawn (a title of the list's items, not its header or status line); \"counted\": → the last byte "
              + "before \(Int(ScaleSession.openQuiet)) s of quiet (a count that lands after the first screen is drawn then). Any other key: → the last byte of the frame it drew. "
              + "\"n/a\": no item row within \(Int(ScaleSession.openPatience)) s.")
        print("\(NumberText.padRight("", 44)) \(NumberText.padLeft("Fremont", 10)) \(NumberText.padLeft("newsboat", 10))  \(NumberText.padRight("ratio", 7)) goal → verdict")
        for figure in figures {
            let ratio = figure.newsboat.map { $0 > 0 && !figure.fremont.isNaN ? String(format: "%.2f×", figure.fremont / $0) : "" } ?? ""
            let verdict = figure.met.map { $0 ? "met" : "MISSED" } ?? ""
            let value = { (number: Double) in
                number.isNaN ? "n/a" : figure.unit == "MB" ? String(format: "%7.1f MB", number) : String(format: "%7.1f ms", number)
            }
            print("\(NumberText.padRight(figure.label, 44)) \(NumberText.padLeft(value(figure.fremont), 10)) "
                  + "\(NumberText.padLeft(figure.newsboat.map(value) ?? "", 10))  \(NumberText.padRight(ratio, 7)) \(figure.goal) → \(verdict)")
        }
        print("Fremont's cache holds \(NumberText.grouped(reloaded)) items after the reload (\(NumberText.grouped(corpus.totalItems)) + \(ScaleCorpus.feedCount / 2 * ScaleCorpus.newPerReload) new)")

        // In process: the UI thread's share (update and render) of each scenario, the cache's reads left out.
        print("\nFremont in process, the UI thread's longest stall per scenario (state update + render, 120×40; a frame: 16 ms)")
        let sources = (0..<ScaleCorpus.feedCount).map { corpus.url($0) }
        print("  (a key: update, the window reads its frame waits for, render; the reads asked ahead run between keys, "
              + "off the UI thread as the loader runs them, and are counted apart)")
        for (name, openRow) in [("All items", 0), ("the largest feed", 3)] {
            let drive = try HeadlineDrive(cache: stored, sources: sources, openRow: openRow)
            let keys = [drive.downP99, drive.pageP99, drive.end, drive.home]
            print(String(format: "  %@: open %.2f ms to its first frame; j p99 %.3f ms, PgDn p99 %.3f ms, G %.2f ms, g %.2f ms → %@; "
                         + "%d reads ahead, p99 %.2f ms; longest UI-thread work %.2f ms → %@",
                         name, drive.open * 1000, drive.downP99 * 1000, drive.pageP99 * 1000, drive.end * 1000, drive.home * 1000,
                         keys.allSatisfy { $0 <= 0.001 } ? "met (≤ 1 ms)" : "MISSED (> 1 ms)",
                         drive.readAheads, drive.readAheadP99 * 1000, drive.longestUIWork * 1000, drive.longestUIWork <= 0.016 ? "met" : "MISSED"))
        }
        try ScaleStalls.run(dataDirectory: corpus.dataDirectory)
    }

    /// A word of the titles that a few in a thousand items hold: the pool's most common title word of seven letters or more.
    static func searchWord(_ corpus: ScaleCorpus) -> String {
        var counts: [String: Int] = [:]
        for item in corpus.pool {
            for word in Set(item.title.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)) where word.count >= 7 && word.allSatisfy(\.isASCII) {
                counts[word, default: 0] += 1
            }
        }
        return counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key ?? "space"
    }

    /// What a row of a list shows that its header and status line do not: the beginning of an
    /// item's title (up to 12 characters, ASCII letters, digits and single spaces, as both
    /// programs write them), for every title of the pool and for those holding `word`.
    static func listRows(_ corpus: ScaleCorpus, word: String) -> ScaleSession.Rows {
        var any = Set<String>(), matching = Set<String>()
        for item in corpus.pool {
            var start = ""
            for character in item.title {
                guard character.isASCII, character.isLetter || character.isNumber || (character == " " && start.last != " ") else { break }
                start.append(character)
                if start.count == 12 { break }
            }
            start = start.trimmingCharacters(in: .whitespaces)
            // A shorter beginning could be part of a feed's title or a word of the status line.
            guard start.count >= 6 else { continue }
            any.insert(start)
            if item.title.lowercased().contains(word.lowercased()) { matching.insert(start) }
        }
        return ScaleSession.Rows(any: any.sorted().map { Array($0.utf8) }, matching: matching.sorted().map { Array($0.utf8) })
    }

    /// What the feed list shows once counted: feed 25's `unread/total` (visible in both at 40 rows).
    static func startMarker(_ corpus: ScaleCorpus) -> String {
        let size = corpus.sizes[25]
        let unread = (0..<size).filter { !ScaleCorpus.isRead(item: $0) }.count
        return "\(unread)/\(size)"
    }

    static func which(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    static func newsboatVersion(_ path: String) -> String {
        (WholeCommand.output(of: path, ["--version"]) ?? "").split(separator: "\n").first.map {
            $0.split(separator: " ").dropFirst().first.map(String.init) ?? "?"
        } ?? "?"
    }

    /// The count `sql` reads from the cache at `path`; nil when it cannot be read.
    static func unreadLeft(_ path: String, _ sql: String) -> Int? {
        var configuration = Configuration()
        configuration.readonly = true
        guard let queue = try? DatabaseQueue(path: path, configuration: configuration) else { return nil }
        return try? queue.read { db in try Int.fetchOne(db, sql: sql) }
    }

    static func fileSize(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    /// A port nothing listens on now: bound at 0, read, closed (the server binds it next).
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw BenchmarkError("no socket") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        guard bound else { throw BenchmarkError("cannot bind a port on 127.0.0.1") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func seconds(_ work: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
