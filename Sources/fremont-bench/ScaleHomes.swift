import Foundation

/// Where each program keeps its feeds, config and cache in the benchmark's folder.
struct ScaleHomes {
    let folder: URL
    let corpus: ScaleCorpus

    var fremontHome: String { folder.appendingPathComponent("fremont-home").path }
    var fremontCache: String { fremontHome + "/cache/fremont/cache.sqlite" }
    var fremontFeeds: String { fremontHome + "/config/fremont/feeds" }
    var newsboatHome: String { folder.appendingPathComponent("newsboat-home").path }
    var newsboatURLs: String { newsboatHome + "/urls" }
    var newsboatConfig: String { newsboatHome + "/config" }
    var newsboatCache: String { newsboatHome + "/cache.db" }

    private static let terminal = ["TERM=xterm-256color", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "LINES=40", "COLUMNS=120",
                                   "PATH=/usr/bin:/bin"]
    var fremontEnvironment: [String] {
        Self.terminal + ["HOME=\(fremontHome)", "XDG_CONFIG_HOME=\(fremontHome)/config", "XDG_CACHE_HOME=\(fremontHome)/cache",
                         "XDG_DATA_HOME=\(fremontHome)/data"]
    }
    var newsboatEnvironment: [String] { Self.terminal + ["HOME=\(newsboatHome)"] }

    func write() throws {
        for directory in [fremontHome + "/cache/fremont", fremontHome + "/config/fremont", newsboatHome] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        // newsboat's defaults but for keeping every item (as the caches were filled); the same in Fremont.
        try Data("max-items 0\n".utf8).write(to: URL(fileURLWithPath: newsboatConfig))
        try Data("max-items 0\n".utf8).write(to: URL(fileURLWithPath: fremontHome + "/config/fremont/config"))
    }

    /// The 500 feeds, then the query feeds given (name, expression with its quotes escaped).
    func writeFeedLists(queries: [(String, String)]) throws {
        var lines = (0..<ScaleCorpus.feedCount).map { corpus.url($0) }
        lines += queries.map { "\"query:\($0.0):\($0.1)\"" }
        let text = lines.joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: fremontFeeds))
        try Data(text.utf8).write(to: URL(fileURLWithPath: newsboatURLs))
    }
}
