import Foundation
import FremontCore
import GRDB

/// Reads newsboat's `cache.db` (opened read only, never while newsboat runs on it) as marks for
/// fremont's cache: each item's read state, star and deletion, keyed as fremont keys the item.
public struct NewsboatCacheReader {
    /// Marks handed on at a time: the cache is streamed, never held whole.
    static let batchSize = 500

    /// What was read besides the marks.
    public struct Tally: Sendable, Equatable {
        public var items = 0
        /// Items of feeds the feed list does not follow: left out.
        public var unfollowed = 0
        public var unfollowedFeeds: Set<String> = []
    }

    /// Refuses while newsboat holds `cache.db.lock` (it holds a lock on the file while it runs; a
    /// lock file left by a newsboat that ended holds none).
    public static func checkNotInUse(_ cache: URL) throws(LoadError) {
        let lockPath = cache.path + ".lock"
        let descriptor = open(lockPath, O_RDONLY)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var probe = flock()
        probe.l_type = Int16(F_WRLCK)
        probe.l_whence = Int16(SEEK_SET)
        guard fcntl(descriptor, F_GETLK, &probe) == 0, probe.l_type != Int16(F_UNLCK) else { return }
        throw LoadError(source: cache.path, "newsboat is running on this cache (process \(probe.l_pid) holds \(lockPath)); quit newsboat and import again")
    }

    /// The ids fremont gives an item newsboat keyed by `guid`: newsboat's guid is the feed's guid
    /// (or Atom id), else the link followed by the date as the feed wrote it, else the link, else
    /// the title; fremont's is the same but for the date, which it writes as `#` and ISO 8601.
    /// The likeliest first; the guid itself is always among them.
    public static func fremontIDs(guid: String, link: String, published: Date?) -> [String] {
        var ids: [String] = []
        if !link.isEmpty, guid.count > link.count, guid.hasPrefix(link), let published {
            ids.append(link + "#" + InternetDate.format(published))
        }
        if !guid.isEmpty { ids.append(guid) }
        return ids
    }

    /// Reads every item of the feeds `followed`, handing marks on in batches.
    public static func read(_ cache: URL, followed: Set<String>, starFlag: Character?,
                            each batch: ([ImportedMark]) throws -> Void) throws -> Tally {
        var configuration = Configuration()
        configuration.readonly = true
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: cache.path, configuration: configuration)
        } catch {
            throw LoadError(source: cache.path, "cannot open newsboat's cache: \(error)")
        }
        return try queue.read { db in
            guard try db.tableExists("rss_item"), try db.tableExists("rss_feed") else {
                throw LoadError(source: cache.path, "not a newsboat cache (it has no rss_item and rss_feed tables)")
            }
            var feedTitles: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT rssurl, title FROM rss_feed") {
                feedTitles[row["rssurl"] ?? ""] = row["title"] ?? ""
            }
            var tally = Tally()
            var marks: [ImportedMark] = []
            let rows = try Row.fetchCursor(db, sql: """
                SELECT guid, title, author, url, feedurl, pubDate, unread, flags, deleted, enclosure_url, enclosure_type,
                       CASE WHEN ? <> '' AND instr(coalesce(flags, ''), ?) > 0 THEN content ELSE '' END AS content
                FROM rss_item ORDER BY id
                """, arguments: [starFlag.map(String.init) ?? "", starFlag.map(String.init) ?? ""])
            while let row = try rows.next() {
                tally.items += 1
                let feedURL: String = row["feedurl"] ?? ""
                guard followed.contains(feedURL) else {
                    tally.unfollowed += 1
                    tally.unfollowedFeeds.insert(feedURL)
                    continue
                }
                let guid: String = row["guid"] ?? ""
                let link: String = row["url"] ?? ""
                let pubDate: Int64? = row["pubDate"]
                let published = pubDate.map { Date(timeIntervalSince1970: TimeInterval($0)) }
                let ids = fremontIDs(guid: guid, link: link, published: published)
                guard !ids.isEmpty else { continue }
                var mark = ImportedMark(feedURL: feedURL, ids: ids, isRead: (row["unread"] as Int64? ?? 1) == 0,
                                        deleted: (row["deleted"] as Int64? ?? 0) != 0)
                if let starFlag, (row["flags"] as String? ?? "").contains(starFlag) {
                    let rendered = HTMLText.render(row["content"] ?? "")
                    var enclosures: [FeedEnclosure] = []
                    if let url: String = row["enclosure_url"], !url.isEmpty {
                        enclosures.append(FeedEnclosure(url: url, type: row["enclosure_type"] ?? ""))
                    }
                    mark.star = StarredItem(source: feedURL, id: ids[0], title: row["title"] ?? "", feedName: feedTitles[feedURL] ?? "",
                                            author: row["author"] ?? "", date: published, text: rendered.text,
                                            links: rendered.links, link: link, enclosures: enclosures)
                }
                marks.append(mark)
                if marks.count >= batchSize {
                    try batch(marks)
                    marks.removeAll(keepingCapacity: true)
                }
            }
            if !marks.isEmpty { try batch(marks) }
            return tally
        }
    }
}
