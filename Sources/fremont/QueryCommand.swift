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
        let query = ItemQuery.filter(parsed, feeds: FeedListFile.load().filterFeeds)
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
        case .json: ItemHeadlineExport.json(items) { output.write($0) }
        case .text:
            if items.isEmpty { Diagnostics.note("no cached item matches \(TerminalSafeText.singleLine(expression))") }
            ItemHeadlineExport.text(items) { output.write($0) }
        }
        output.flush()
    }
}
