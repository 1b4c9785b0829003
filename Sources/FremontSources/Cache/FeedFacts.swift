import Foundation
import FremontCore
import GRDB

/// Each cached feed's attributes in the filter language, as text, by the feed's address: what
/// newsboat gives an article for its feed (`feedtitle`, `description`, `feedlink`, `feeddate`,
/// `unread_count`, `total_count`, `tags`, `feedindex`, `latest_article_age`). Read once a query,
/// a row a feed, and only the attributes the expression asks about.
enum FeedFacts {
    static func read(_ db: Database, asking attributes: Set<String>, feeds: FilterFeedList, now: Date) throws -> [String: [String: String]] {
        let nowSeconds = Int64(now.timeIntervalSince1970.rounded(.down))
        var facts: [String: [String: String]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT url, title, description, link, updated FROM feed") {
            let url: String = row["url"]
            facts[url] = ["feedtitle": row["title"], "description": row["description"], "feedlink": row["link"],
                          "feeddate": (row["updated"] as Date?).map(rfc822) ?? "", "unread_count": "0", "total_count": "0"]
        }
        if attributes.contains("unread_count") || attributes.contains("total_count") {
            for row in try Row.fetchAll(db, sql: "SELECT feedURL, unread, total FROM itemTally") {
                let url: String = row["feedURL"]
                facts[url]?["unread_count"] = String(row["unread"] as Int)
                facts[url]?["total_count"] = String(row["total"] as Int)
            }
        }
        if attributes.contains("tags") || attributes.contains("feedindex") {
            let places = Self.places(feeds)
            for url in facts.keys {
                facts[url]?["tags"] = tags(of: url, feeds)
                facts[url]?["feedindex"] = String(places[url] ?? 0)
            }
        }
        if attributes.contains("latest_article_age") {
            // The newest dated item of each feed: one step down the feed's index of dates.
            let newest = try db.makeStatement(sql: """
                SELECT coalesce(published, updated) AS date FROM item WHERE feedKey = \(CacheDatabase.feedKeyOfURL)
                ORDER BY \(ItemWindowReader.itemKey) DESC LIMIT 1
                """)
            for url in facts.keys {
                let date = try Row.fetchOne(newest, arguments: [url]).flatMap { Date.fromDatabaseValue($0["date"] as DatabaseValue) }
                let age = date.map { (nowSeconds - Int64($0.timeIntervalSince1970.rounded(.down))) / 86_400 } ?? 0
                facts[url]?["latest_article_age"] = String(age)
            }
        }
        return facts
    }

    /// Each feed's place in the feeds file, from 1 (`feedindex`): its first line's.
    static func places(_ feeds: FilterFeedList) -> [String: Int] {
        var places: [String: Int] = [:]
        for (index, url) in feeds.urls.enumerated() where places[url] == nil { places[url] = index + 1 }
        return places
    }

    /// A feed's `tags`: newsboat writes each followed by a space.
    static func tags(of url: String, _ feeds: FilterFeedList) -> String {
        (feeds.tags[url] ?? []).map { $0 + " " }.joined()
    }

    /// `Thu, 01 Jan 1970 00:00:01 +0000`, as `FilterSQL` writes an item's date.
    static func rfc822(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let two = { (value: Int?) in String(format: "%02d", value ?? 0) }
        return "\(days[(parts.weekday ?? 1) - 1]), \(two(parts.day)) \(months[(parts.month ?? 1) - 1]) \(String(format: "%04d", parts.year ?? 0)) "
            + "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) +0000"
    }
}
