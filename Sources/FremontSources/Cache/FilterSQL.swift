import Foundation
import FremontCore
import GRDB
import GRDBSQLite

/// A filter expression translated into a condition on the cache's `item` table, so SQLite finds
/// the matching items itself and no item is loaded to be tested. The meaning is exactly
/// `FilterMatcher`'s (newsboat's). `=~` calls a function registered for the query, which
/// matches with the patterns compiled once (`POSIXRegex`, the system's regcomp) on the text as
/// SQLite holds it, never copied into a Swift string per row. A comparison of a feed's attribute
/// (`tags` and `feedindex` from the feeds file, the others from the cache) is decided once a
/// feed, and becomes the list of feeds it holds for. Unknown attributes and bad patterns are
/// refused here, before any row is read (newsboat finds them when it evaluates).
struct FilterSQL {
    /// The condition, over `item` (its columns unqualified), and its arguments.
    let condition: String
    let arguments: StatementArguments
    /// `highlight-article`: the index of the first of `highlights` a row matches, else -1, as a
    /// column (its literals written in, so the column needs no arguments of its own before the
    /// condition's); nil without highlights.
    let highlightColumn: String?
    private let regexes: [POSIXRegex]

    /// The attributes newsboat documents, and their SQL over `item` (always text or an integer,
    /// never NULL). `now` is when the query runs, in seconds, for `age`.
    private enum Attribute {
        case text(String)
        case integer(String)
        /// `unread`: "yes" or "no", decided on the `isRead` column.
        case unread
        /// One of the feed's: decided for each feed once (`FeedFacts`), then a condition on the item's feed.
        case feed(String)
    }

    /// The feed's attributes, the same for all its items (`rssurl` is the item's own column).
    static let feedAttributes: Set<String> = ["feedtitle", "description", "feedlink", "feeddate", "unread_count", "total_count",
                                              "tags", "feedindex", "latest_article_age"]

    /// A date as newsboat shows one (`Thu, 01 Jan 1970 00:00:01 +0000`), in UTC, from SQL seconds since 1970.
    private static func rfc822(_ date: String) -> String {
        let part = { (format: String) in "strftime('\(format)', \(date), 'unixepoch')" }
        return """
        coalesce(substr('SunMonTueWedThuFriSat', 1 + 3 * \(part("%w")), 3) || ', ' || \(part("%d")) || ' ' \
        || substr('JanFebMarAprMayJunJulAugSepOctNovDec', 3 * \(part("%m")) - 2, 3) || ' ' \
        || \(part("%Y %H:%M:%S")) || ' +0000', '')
        """
    }

    private static let itemDate = "coalesce(published, updated, firstSeen)"

    private static func attribute(_ name: String, now: Int64) -> Attribute? {
        // Dates are seconds since 1970; an age counts whole days back from the whole second.
        let seconds = { (date: String) in "CAST(\(date) AS INTEGER)" }
        switch name {
        case "title": return .text("title")
        case "link": return .text("\(StoredItemText.linkFunctionName)(text)")
        case "author": return .text("author")
        // newsboat's article body: the full text, else the summary.
        case "content": return .text("\(StoredItemText.bodyFunctionName)(text)")
        case "date": return .text(rfc822(itemDate))
        case "guid": return .text("id")
        case "unread": return .unread
        case "enclosure_url": return .text("coalesce(json_extract(enclosures, '$[0].url'), '')")
        case "enclosure_type": return .text("coalesce(json_extract(enclosures, '$[0].type'), '')")
        // Fremont's one flag is the star, written `s`.
        case "flags":
            return .text(ItemWindowReader.itemFlags)
        case "age": return .integer("((\(now) - \(seconds(itemDate))) / 86400)")
        case "articleindex": return .integer("(position + 1)")
        case "rssurl": return .text(ItemWindowReader.itemFeedURL)
        default: return feedAttributes.contains(name) ? .feed(name) : nil
        }
    }

    /// `facts`: each feed's attributes by its address (`FeedFacts`), for the feed attributes.
    /// `hiding`: items it matches are left out too (the display mode's ignore rules), in the same
    /// condition, its patterns beside the expression's. Neither: every item.
    init(_ expression: FilterExpression?, hiding: FilterExpression? = nil, highlights: [FilterExpression] = [],
         facts: [String: [String: String]] = [:], now: Date = Date()) throws(FilterEvaluationError) {
        var builder = Builder(now: Int64(now.timeIntervalSince1970.rounded(.down)), facts: facts)
        var parts: [String] = []
        if let expression { parts.append(try builder.translate(expression)) }
        if let hiding { parts.append("NOT (\(try builder.translate(hiding)))") }
        condition = parts.isEmpty ? "1" : parts.joined(separator: " AND ")
        arguments = StatementArguments(builder.arguments)
        if highlights.isEmpty {
            highlightColumn = nil
        } else {
            builder.inlinesLiterals = true
            var cases = ""
            for (index, highlight) in highlights.enumerated() { cases += " WHEN \(try builder.translate(highlight)) THEN \(index)" }
            highlightColumn = "(CASE\(cases) ELSE -1 END)"
        }
        regexes = builder.regexes
    }

    /// The expression translated with what `db` holds of the feeds, when it asks about them.
    static func prepared(_ expression: FilterExpression?, hiding: FilterExpression? = nil, highlights: [FilterExpression] = [],
                         feeds: FilterFeedList, db: Database, now: Date = Date()) throws -> FilterSQL {
        let comparisons = (expression?.comparisons ?? []) + (hiding?.comparisons ?? []) + highlights.flatMap(\.comparisons)
        let asked = Set(comparisons.map(\.attribute)).intersection(feedAttributes)
        let facts = asked.isEmpty ? [:] : try FeedFacts.read(db, asking: asked, feeds: feeds, now: now)
        return try FilterSQL(expression, hiding: hiding, highlights: highlights, facts: facts, now: now)
    }

    /// Whether every item `expression` matches is unread (`unread = "yes"` and'ed in): its items
    /// are then looked for along the index of unread items alone.
    static func requiresUnread(_ expression: FilterExpression) -> Bool {
        switch expression {
        case .and(let left, let right): return requiresUnread(left) || requiresUnread(right)
        case .or(let left, let right): return requiresUnread(left) && requiresUnread(right)
        case .comparison(let comparison):
            guard comparison.attribute == "unread", let single = try? FilterMatcher(.comparison(comparison)) else { return false }
            return (try? single.matches { _ in "yes" }) == true && (try? single.matches { _ in "no" }) == false
        }
    }

    /// Whether the cache can evaluate `expression` (its attributes known, its patterns valid),
    /// asked where an expression is read, before any item is.
    static func check(_ expression: FilterExpression) throws(FilterEvaluationError) {
        _ = try FilterSQL(expression)
    }

    private struct Builder {
        let now: Int64
        let facts: [String: [String: String]]
        var arguments: [(any DatabaseValueConvertible)?] = []
        var regexes: [POSIXRegex] = []
        var regexIndex: [String: Int] = [:]
        /// Literals written into the SQL as quoted strings rather than bound (`highlightColumn`).
        var inlinesLiterals = false

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
                // Not `isRead = 0`, which would have SQLite walk the partial index of unread
                // items and fetch each row out of order: a scan in order is faster for every
                // condition but the rarest.
                case (true, false): return "NOT isRead"
                case (false, true): return "isRead"
                }
            case .feed(let name):
                // A few hundred feeds tested here; the items then by their feed, which SQLite
                // looks up in a table it builds once (or reaches through the feed's index).
                let single = try FilterMatcher(.comparison(FilterComparison(name, comparison.op, literal)))
                var matching: [String] = []
                for (url, attributes) in facts where try single.matches({ attributes[$0] }) { matching.append(url) }
                if matching.isEmpty { return "0" }
                if matching.count == facts.count { return "1" }
                let list = String(decoding: (try? JSONEncoder().encode(matching.sorted())) ?? Data("[]".utf8), as: UTF8.self)
                // A few feeds are found through the feeds' index; many are quicker to test on
                // each row read in order (`+` keeps SQLite off the index, row by row out of order).
                let column = matching.count * 20 <= facts.count ? "feedKey" : "+feedKey"
                return "(\(column) IN (SELECT key FROM feed WHERE url IN (SELECT value FROM json_each(\(bind(list))))))"
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
            // The text's UTF-8 as a blob literal, read back as text: whatever it holds (a quote,
            // a NUL) cannot end the literal.
            if inlinesLiterals {
                let hex = value.utf8.map { byte in String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16) }
                return "CAST(X'\(hex.joined())' AS TEXT)"
            }
            arguments.append(value)
            return "?"
        }

        private mutating func regex(_ pattern: String) throws(FilterEvaluationError) -> Int {
            if let known = regexIndex[pattern] { return known }
            regexes.append(try POSIXRegex.compiled(pattern))
            regexIndex[pattern] = regexes.count - 1
            return regexes.count - 1
        }
    }

    /// Runs `body` with the functions the condition calls registered on `db`, and removes them after.
    func withFunctions<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        try RegexFunction.registered(regexes, on: db) { try withNumberFunction(db, body) }
    }

    private func withNumberFunction<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        let number = DatabaseFunction("fremont_filter_number", argumentCount: 1, pure: true) { values in
            Int64(FilterNumber.prefix(String.fromDatabaseValue(values[0]) ?? ""))
        }
        db.add(function: number)
        defer { db.remove(function: number) }
        return try body()
    }
}

/// `fremont_filter_regex(k, text)`: whether the query's `k`th pattern matches `text`, registered
/// through SQLite's own interface so that the text is matched where SQLite holds it (NUL-
/// terminated UTF-8), with no value converted or copied per row.
private enum RegexFunction {
    final class Patterns {
        let regexes: [POSIXRegex]
        init(_ regexes: [POSIXRegex]) { self.regexes = regexes }
    }

    static let name = "fremont_filter_regex"

    static func registered<T>(_ regexes: [POSIXRegex], on db: Database, _ body: () throws -> T) throws -> T {
        guard let connection = db.sqliteConnection else { return try body() }
        let patterns = Unmanaged.passRetained(Patterns(regexes))
        let status = sqlite3_create_function_v2(connection, name, 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, patterns.toOpaque(), { context, _, values in
            guard let context, let values, let data = sqlite3_user_data(context) else { return }
            let patterns = Unmanaged<Patterns>.fromOpaque(data).takeUnretainedValue()
            let index = Int(sqlite3_value_int(values[0]))
            guard patterns.regexes.indices.contains(index), let text = sqlite3_value_text(values[1]) else {
                sqlite3_result_int(context, 0)
                return
            }
            let matched = text.withMemoryRebound(to: CChar.self, capacity: 1) { patterns.regexes[index].matches(cString: $0) }
            sqlite3_result_int(context, matched ? 1 : 0)
        }, nil, nil, { data in
            if let data { Unmanaged<Patterns>.fromOpaque(data).release() }
        })
        guard status == SQLITE_OK else {
            patterns.release()
            throw DatabaseError(resultCode: ResultCode(rawValue: status), message: "cannot register \(name)")
        }
        // Removing it releases the patterns (SQLite calls the destructor).
        defer { sqlite3_create_function_v2(connection, name, 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, nil, nil, nil, nil) }
        return try body()
    }
}
