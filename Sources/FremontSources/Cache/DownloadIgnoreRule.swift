import Foundation
import FremontCore
import GRDB

/// The download mode's ignore rules asked of a fetch's items before they are written, as
/// newsboat asks them of the items it has just parsed: in memory, so no pattern ever runs
/// while the cache's write lock is held (a hostile title must not keep every other fremont
/// waiting). Each attribute is the text `FilterSQL` gives it for the same item once stored,
/// and tests hold the two to each other. The feed's counts (`unread_count`, `total_count`,
/// `latest_article_age`) are what the cache held before this fetch, read only when asked.
struct DownloadIgnoreRule {
    private let matcher: FilterMatcher
    private let url: String
    private let nowSeconds: Int64
    private let fetchedAt: Date
    /// The feed's attributes, by name.
    private let feedFacts: [String: String]

    /// `db`: read (never written) for the feed's counts, when the rule asks about them.
    init(_ rule: FilterExpression, feed: Feed, url: String, feeds: FilterFeedList, fetchedAt: Date,
         reading db: DatabaseReader) throws {
        matcher = try FilterMatcher(rule)
        self.url = url
        self.fetchedAt = fetchedAt
        nowSeconds = Int64(fetchedAt.timeIntervalSince1970.rounded(.down))
        var facts = ["feedtitle": feed.title, "description": feed.description, "feedlink": feed.link,
                     "feeddate": feed.updated.map(FeedFacts.rfc822) ?? ""]
        facts["tags"] = FeedFacts.tags(of: url, feeds)
        facts["feedindex"] = String(FeedFacts.places(feeds)[url] ?? 0)
        let counted: Set<String> = ["unread_count", "total_count", "latest_article_age"]
        let asked = counted.intersection(rule.comparisons.map(\.attribute))
        if !asked.isEmpty {
            let held = try db.read { db in
                try FeedFacts.read(db, asking: asked, feeds: feeds, now: fetchedAt)[url]
            }
            for name in counted { facts[name] = held?[name] ?? "0" }
        }
        feedFacts = facts
    }

    /// Whether the rules leave `item` out; `position` is its place in the feed, from 0.
    func ignores(_ item: FeedItem, position: Int) throws -> Bool {
        try matcher.matches { name in attribute(name, of: item, position: position) }
    }

    private func attribute(_ name: String, of item: FeedItem, position: Int) -> String? {
        switch name {
        case "title": return item.title
        case "link": return item.link
        case "author": return item.author
        // newsboat's article body: the full text, else the summary.
        case "content": return item.content.isEmpty ? item.summary : item.content
        case "date": return FeedFacts.rfc822(date(of: item))
        case "guid": return item.id
        // Only items new to the cache are asked about, and they start unread and unstarred.
        case "unread": return "yes"
        case "flags": return ""
        case "enclosure_url": return item.enclosures.first?.url ?? ""
        case "enclosure_type": return item.enclosures.first?.type ?? ""
        case "age":
            let seconds = Int64(date(of: item).timeIntervalSince1970.rounded(.towardZero))
            return String((nowSeconds - seconds) / 86_400)
        case "articleindex": return String(position + 1)
        case "rssurl": return url
        default: return feedFacts[name]
        }
    }

    /// The date the cache gives an item: published, else updated, else when it was first seen.
    private func date(of item: FeedItem) -> Date {
        item.published ?? item.updated ?? fetchedAt
    }
}
