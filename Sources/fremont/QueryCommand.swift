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

    @Option(help: "How many items at most: a number, or all (the default for json; text lists 50 and says how many it left out).")
    var limit: ResultLimit?

    func validate() throws {
        if let problem = limit?.problem { throw ValidationError(problem) }
    }

    func run() throws {
        // Its ignore rules hide items from what is listed: what is wrong in it is said first.
        _ = ConfigFile.load()
        let parsed: FilterExpression
        do {
            parsed = try FilterParser.parse(expression)
        } catch {
            Diagnostics.fail("\(error) in \(TerminalSafeText.singleLine(expression))")
        }
        // What the feeds file knows of each feed: its tags and its place, for `tags` and `feedindex`.
        let query = ItemQuery.filter(parsed, feeds: FeedListFile.load().filterFeeds)
        let cache = WebSources.cache
        var output = StandardOutput()
        do {
            let matched = try cache.itemCount(query)
            let wanted = ResultLimit.resolved(limit, json: format == .json).listed(of: matched)
            var json = format == .json ? ItemHeadlineExport.JSONWriter(matched: matched) { output.write($0) } : nil
            // A window at a time, written as it comes: a million matches are never held at once.
            var listed = 0
            var position = ItemSeek.start
            while listed < wanted {
                let window = try cache.itemWindow(query, position, limit: min(ItemSeek.maxWindowRows, wanted - listed))
                guard let last = window.last else { break }
                let items = try window.map { ($0, try cache.item(feed: $0.feed, id: $0.id)?.item) }
                if json != nil { json?.write(items) } else { ItemHeadlineExport.text(items) { output.write($0) } }
                listed += window.count
                position = .after(last.cursor)
            }
            json?.end()
            output.flush()
            if format == .text {
                if matched == 0 { Diagnostics.note("no cached item matches \(TerminalSafeText.singleLine(expression))") }
                if listed < matched { Diagnostics.note("\(listed) of \(NumberText.grouped(matched)) matching items listed; --limit all lists every one") }
            }
        } catch let error as FilterEvaluationError {
            Diagnostics.fail("\(error) in \(TerminalSafeText.singleLine(expression))")
        } catch {
            Diagnostics.fail("cannot query the cache: \(error)")
        }
    }
}
