import ArgumentParser
import Foundation
import FremontBrowser
import FremontCore
import FremontSources

/// `fremont query 'EXPRESSION'`: the cached items an expression of newsboat's filter language
/// matches, newest first, evaluated in the cache.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Print the cached feed items a filter expression matches (newsboat's filter language), newest first.",
        discussion: """
            For example: fremont query 'unread = "yes" and title =~ "swift|rust"'. Attributes: title, link, author, \
            content, date, guid, unread, enclosure_url, enclosure_type, flags, age, articleindex, feedtitle, description, \
            feedlink, feeddate, rssurl, unread_count, total_count, tags, feedindex, latest_article_age.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The filter expression, in quotes.")
    var expression: String

    @Option(help: "text (for a person) or json.")
    var format: Format = .text

    @Option(help: "How many items at most (1 to \(ItemSeek.maxWindowRows)).")
    var limit = 50

    func validate() throws {
        guard (1...ItemSeek.maxWindowRows).contains(limit) else { throw ValidationError("--limit must be between 1 and \(ItemSeek.maxWindowRows).") }
    }

    func run() throws {
        let parsed: FilterExpression
        do {
            parsed = try FilterParser.parse(expression)
        } catch {
            Diagnostics.fail("\(error) in \(TerminalSafeText.singleLine(expression))")
        }
        // What the feeds file knows of each feed: its tags and its place, for `tags` and `feedindex`.
        let entries = FeedListFile.load().entries
        let urls = entries.map { RedactedURL.text($0.url) }
        var tags: [String: [String]] = [:]
        for (entry, url) in zip(entries, urls) where tags[url] == nil { tags[url] = entry.tags }
        let query = ItemQuery.filter(parsed, feeds: FilterFeedList(urls: urls, tags: tags))
        let cache = WebSources.cache
        let items: [(ItemHeadline, FeedItem?)]
        do {
            items = try cache.itemWindow(query, .start, limit: limit).map { ($0, try cache.item(feed: $0.feed, id: $0.id)?.item) }
        } catch let error as FilterEvaluationError {
            Diagnostics.fail("\(error) in \(TerminalSafeText.singleLine(expression))")
        } catch {
            Diagnostics.fail("cannot query the cache: \(error)")
        }
        var output = StandardOutput()
        switch format {
        case .json:
            output.write("[")
            for (index, (headline, item)) in items.enumerated() {
                var line = index == 0 ? "\n" : ",\n"
                line += "{\"feed\":\(JSONText.string(headline.feed)),\"feedTitle\":\(JSONText.string(headline.feedTitle))"
                line += ",\"id\":\(JSONText.string(headline.id)),\"title\":\(JSONText.string(headline.title))"
                line += ",\"link\":\(JSONText.string(item?.link ?? "")),\"date\":\(JSONText.date(headline.date))"
                line += ",\"author\":\(JSONText.string(item?.author ?? ""))"
                line += ",\"unread\":\(!headline.isRead),\"starred\":\(headline.isStarred)}"
                output.write(line)
            }
            output.write(items.isEmpty ? "]\n" : "\n]\n")
        case .text:
            if items.isEmpty { Diagnostics.note("no cached item matches \(TerminalSafeText.singleLine(expression))") }
            for (headline, item) in items {
                var block = (headline.isRead ? "  " : "● ") + TerminalSafeText.singleLine(headline.title.isEmpty ? "(untitled)" : headline.title) + "\n"
                var byline = [TerminalSafeText.singleLine(headline.feedTitle.isEmpty ? headline.feed : headline.feedTitle)]
                if let date = headline.date { byline.append(InternetDate.format(date)) }
                if headline.isStarred { byline.append("starred") }
                block += "  " + byline.joined(separator: " · ") + "\n"
                if let link = item?.link, !link.isEmpty { block += "  " + TerminalSafeText.singleLine(link) + "\n" }
                output.write(block + "\n")
            }
        }
        output.flush()
    }
}
