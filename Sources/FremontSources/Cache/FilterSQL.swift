import Foundation
import FremontCore
import GRDB

/// A filter expression translated into a condition on the cache's `item` table, so SQLite finds
/// the matching items itself and no item is loaded to be tested. The meaning is exactly
/// `FilterMatcher`'s (newsboat's); where an attribute has an index (`unread`) the condition uses
/// it. `=~` calls a function registered for the query, which matches with the patterns compiled
/// once (`POSIXRegex`, the system's regcomp); `tags` and `feedindex` come from the feeds file
/// through functions too. Unknown attributes and bad patterns are refused here, before any row
/// is read (newsboat finds them when it evaluates).
struct FilterSQL {
    /// The condition, over `item` (its columns unqualified), and its arguments.
    let condition: String
    let arguments: StatementArguments
    private let regexes: [POSIXRegex]
    private let feeds: FilterFeedList

    /// The attributes newsboat documents, and their SQL over `item` (always text or an integer,
    /// never NULL). `now` is when the query runs, in seconds, for `age`.
    private enum Attribute {
        case text(String)
        case integer(String)
        /// `unread`: "yes" or "no", decided on the indexed column.
        case unread
    }

    /// A date as newsboat shows one (`Thu, 01 Jan 1970 00:00:01 +0000`), in UTC, from SQL text.
    private static func rfc822(_ date: String) -> String {
        """
        coalesce(substr('SunMonTueWedThuFriSat', 1 + 3 * strftime('%w', \(date)), 3) || ', ' || strftime('%d', \(date)) || ' ' \
        || substr('JanFebMarAprMayJunJulAugSepOctNovDec', 3 * strftime('%m', \(date)) - 2, 3) || ' ' \
        || strftime('%Y %H:%M:%S', \(date)) || ' +0000', '')
        """
    }

    private static let itemDate = "coalesce(published, updated, firstSeen)"

    private static func attribute(_ name: String, now: Int64) -> Attribute? {
        let seconds = { (date: String) in "CAST(strftime('%s', \(date)) AS INTEGER)" }
        switch name {
        case "title": return .text("title")
        case "link": return .text("link")
        case "author": return .text("author")
        // newsboat's article body: the full text, else the summary.
        case "content": return .text("(CASE WHEN content != '' THEN content ELSE summary END)")
        case "date": return .text(rfc822(itemDate))
        case "guid": return .text("id")
        case "unread": return .unread
        case "enclosure_url": return .text("coalesce(json_extract(enclosures, '$[0].url'), '')")
        case "enclosure_type": return .text("coalesce(json_extract(enclosures, '$[0].type'), '')")
        // Fremont's one flag is the star, written `s`.
        case "flags":
            return .text("(CASE WHEN EXISTS (SELECT 1 FROM starred WHERE starred.source = item.feedURL AND starred.id = item.id) THEN 's' ELSE '' END)")
        case "age": return .integer("((\(now) - \(seconds(itemDate))) / 86400)")
        case "articleindex": return .integer("(position + 1)")
        case "feedtitle": return .text("coalesce((SELECT title FROM feed WHERE feed.url = item.feedURL), '')")
        case "description": return .text("coalesce((SELECT description FROM feed WHERE feed.url = item.feedURL), '')")
        case "feedlink": return .text("coalesce((SELECT link FROM feed WHERE feed.url = item.feedURL), '')")
        case "feeddate": return .text(rfc822("(SELECT updated FROM feed WHERE feed.url = item.feedURL)"))
        case "rssurl": return .text("feedURL")
        case "unread_count": return .integer("coalesce((SELECT unread FROM itemTally WHERE itemTally.feedURL = item.feedURL), 0)")
        case "total_count": return .integer("coalesce((SELECT total FROM itemTally WHERE itemTally.feedURL = item.feedURL), 0)")
        case "tags": return .text("fremont_filter_tags(feedURL)")
        case "feedindex": return .integer("fremont_filter_feedindex(feedURL)")
        case "latest_article_age":
            return .integer("""
                coalesce((\(now) - (SELECT max(\(seconds("coalesce(published, updated)"))) FROM item AS latest \
                WHERE latest.feedURL = item.feedURL)) / 86400, 0)
                """)
        default: return nil
        }
    }

    init(_ expression: FilterExpression, feeds: FilterFeedList = FilterFeedList(), now: Date = Date()) throws(FilterEvaluationError) {
        var builder = Builder(now: Int64(now.timeIntervalSince1970.rounded(.down)))
        condition = try builder.translate(expression)
        arguments = StatementArguments(builder.arguments)
        regexes = builder.regexes
        self.feeds = feeds
    }

    private struct Builder {
        let now: Int64
        var arguments: [(any DatabaseValueConvertible)?] = []
        var regexes: [POSIXRegex] = []
        var regexIndex: [String: Int] = [:]

        mutating func translate(_ expression: FilterExpression) throws(FilterEvaluationError) -> String {
            switch expression {
            case .and(let left, let right): "(\(try translate(left)) AND \(try translate(right)))"
            case .or(let left, let right): "(\(try translate(left)) OR \(try translate(right)))"
            case .comparison(let comparison): try translate(comparison)
            }
        }

        private mutating func translate(_ comparison: FilterComparison) throws(FilterEvaluationError) -> String {
            guard let attribute = FilterSQL.attribute(comparison.attribute, now: now) else {
                throw .unknownAttribute(comparison.attribute)
            }
            let literal = comparison.value
            switch attribute {
            case .unread:
                // Decided for both values here: the condition is then on the indexed column.
                let single = try FilterMatcher(.comparison(FilterComparison("unread", comparison.op, literal)))
                let yes = try single.matches { _ in "yes" }, no = try single.matches { _ in "no" }
                switch (yes, no) {
                case (true, true): return "1"
                case (false, false): return "0"
                case (true, false): return "isRead = 0"
                case (false, true): return "isRead != 0"
                }
            case .text(let sql):
                return try condition(comparison.op, literal, text: sql, number: "fremont_filter_number(\(sql))")
            case .integer(let sql):
                let clamped = "max(min(\(sql), 2147483647), -2147483648)"
                return try condition(comparison.op, literal, text: "CAST(\(sql) AS TEXT)", number: clamped)
            }
        }

        private mutating func condition(_ op: FilterOperator, _ literal: String, text: String, number: String) throws(FilterEvaluationError) -> String {
            switch op {
            case .equals: return "(\(text) = \(bind(literal)))"
            case .notEquals: return "(\(text) != \(bind(literal)))"
            case .regexMatches: return "fremont_filter_regex(\(try regex(literal)), \(text))"
            case .notRegexMatches: return "NOT fremont_filter_regex(\(try regex(literal)), \(text))"
            case .lessThan: return "(\(number) < \(FilterNumber.prefix(literal)))"
            case .greaterThan: return "(\(number) > \(FilterNumber.prefix(literal)))"
            case .lessThanOrEquals: return "(\(number) <= \(FilterNumber.prefix(literal)))"
            case .greaterThanOrEquals: return "(\(number) >= \(FilterNumber.prefix(literal)))"
            case .between:
                guard let range = FilterNumber.range(literal) else { return "0" }
                return "(\(number) BETWEEN \(range.lowerBound) AND \(range.upperBound))"
            case .contains, .notContains:
                // A word never holds a space; the empty word is where spaces double, lead or trail.
                let found = literal.utf8.contains(0x20) ? "0" : "(instr(' ' || \(text) || ' ', ' ' || \(bind(literal)) || ' ') > 0)"
                return op == .contains ? found : "NOT \(found)"
            }
        }

        private mutating func bind(_ value: String) -> String {
            arguments.append(value)
            return "?"
        }

        private mutating func regex(_ pattern: String) throws(FilterEvaluationError) -> Int {
            if let known = regexIndex[pattern] { return known }
            regexes.append(try POSIXRegex(pattern))
            regexIndex[pattern] = regexes.count - 1
            return regexes.count - 1
        }
    }

    /// Runs `body` with the functions the condition calls registered on `db`, and removes them after.
    func withFunctions<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        let regexes = self.regexes
        let regex = DatabaseFunction("fremont_filter_regex", argumentCount: 2, pure: true) { values in
            guard let index = Int.fromDatabaseValue(values[0]), regexes.indices.contains(index) else { return false }
            return Self.withText(values[1]) { regexes[index].matches($0) }
        }
        let number = DatabaseFunction("fremont_filter_number", argumentCount: 1, pure: true) { values in
            Int64(FilterNumber.prefix(String.fromDatabaseValue(values[0]) ?? ""))
        }
        let tagLines = feeds.tags.mapValues { $0.map { $0 + " " }.joined() }
        let tags = DatabaseFunction("fremont_filter_tags", argumentCount: 1, pure: true) { values in
            tagLines[String.fromDatabaseValue(values[0]) ?? ""] ?? ""
        }
        var places: [String: Int64] = [:]
        for (index, url) in feeds.urls.enumerated() where places[url] == nil { places[url] = Int64(index + 1) }
        let feedIndex = DatabaseFunction("fremont_filter_feedindex", argumentCount: 1, pure: true) { [places] values in
            places[String.fromDatabaseValue(values[0]) ?? ""] ?? 0
        }
        let functions = [regex, number, tags, feedIndex]
        for function in functions { db.add(function: function) }
        defer { for function in functions { db.remove(function: function) } }
        return try body()
    }

    /// A value's text (an integer's digits), read without copying a string where SQLite holds one.
    private static func withText(_ value: DatabaseValue, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        switch value.storage {
        case .string(let string):
            var string = string
            return string.withUTF8(body)
        case .int64(let number):
            var text = String(number)
            return text.withUTF8(body)
        case .double(let number):
            var text = String(number)
            return text.withUTF8(body)
        case .blob(let data):
            return data.withUnsafeBytes { body($0.bindMemory(to: UInt8.self)) }
        case .null:
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
    }
}
