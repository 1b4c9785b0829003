import Foundation
import FremontCore

/// The SoQL request the tutorials make of a Socrata dataset: the rows whose `date` lies in a
/// span, in date order (`$where=date between '…' and '…'&$order=date`), a page at a time.
public struct SocrataQuery: Sendable, Hashable {
    /// The Fremont Bridge counts on Seattle's portal.
    public static let defaultEndpoint = URL(string: "https://data.seattle.gov/resource/4xy5-26gy.json")!
    /// Rows per request. Socrata sends 1,000 unless told; SODA 2.0 endpoints allow up to 50,000.
    public static let defaultPageSize = 50_000

    public var endpoint: URL
    public var first: LocalDateTime
    public var last: LocalDateTime
    public var pageSize: Int
    /// Taken from the endpoint's extension: `.json`, `.xml` or `.csv`.
    public let format: TableFormat
    /// The dataset's field of times, which the span and the order are on (`date` for Seattle's
    /// counters). A field name only: it goes into the query.
    public var timeField = "date"

    /// True for a SoQL field name (`date`, `date_time`), which is all a query may hold of it.
    public static func isFieldName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return name.count <= 64 && name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    public init(endpoint: URL = SocrataQuery.defaultEndpoint, first: LocalDateTime, last: LocalDateTime,
                pageSize: Int = SocrataQuery.defaultPageSize) throws(LoadError) {
        let name = RedactedURL.text(endpoint)
        guard let scheme = endpoint.scheme?.lowercased(), scheme == "http" || scheme == "https", endpoint.host != nil else {
            throw LoadError(source: name, "the endpoint must be an http or https address")
        }
        guard let format = TableFormat(rawValue: endpoint.pathExtension.lowercased()) else {
            throw LoadError(source: name, "the endpoint should end in .json, .xml or .csv, which picks the format (like /resource/4xy5-26gy.json)")
        }
        guard first <= last else {
            throw LoadError(source: name, "the span is empty: \(first.isoDateString) comes after \(last.isoDateString)")
        }
        guard pageSize > 0 else { throw LoadError(source: name, "the page size must be at least 1") }
        self.endpoint = endpoint
        self.first = first
        self.last = last
        self.pageSize = pageSize
        self.format = format
    }

    /// Every hour of a month given as `2016-04`.
    public static func month(_ text: String, endpoint: URL = SocrataQuery.defaultEndpoint,
                             pageSize: Int = SocrataQuery.defaultPageSize) throws(LoadError) -> SocrataQuery {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]), let month = Int(parts[1]),
              let first = LocalDateTime(year: year, month: month, day: 1) else {
            throw LoadError(source: "--month", "\(quotedArgument(text)) is not a month like 2016-04")
        }
        let days = CivilCalendar.daysInMonth(year: year, month: month)
        let last = LocalDateTime(year: year, month: month, day: days, hour: 23)!
        return try SocrataQuery(endpoint: endpoint, first: first, last: last, pageSize: pageSize)
    }

    /// Every hour from the start of day `from` to the last hour of day `to`, both like `2016-04-01`.
    public static func days(from: String, to: String, endpoint: URL = SocrataQuery.defaultEndpoint,
                            pageSize: Int = SocrataQuery.defaultPageSize) throws(LoadError) -> SocrataQuery {
        let first = try day(from, option: "--from")
        let lastDay = try day(to, option: "--to")
        let last = LocalDateTime(year: lastDay.year, month: lastDay.month, day: lastDay.day, hour: 23)!
        return try SocrataQuery(endpoint: endpoint, first: first, last: last, pageSize: pageSize)
    }

    /// `date between '2016-04-01T00:00:00' and '2016-04-30T23:00:00'`, as the tutorials write it.
    public var whereClause: String {
        "\(timeField) between '\(first.isoString)' and '\(last.isoString)'"
    }

    /// The request for one page: `$where`, `$order`, `$limit` and `$offset`, percent-encoded,
    /// after any query the endpoint already has (an app token, say).
    public func url(offset: Int) -> URL {
        let parameters = [("$where", whereClause), ("$order", timeField), ("$limit", String(pageSize)), ("$offset", String(offset))]
        let query = parameters.map { "\($0.0)=\(Self.percentEncoded($0.1))" }.joined(separator: "&")
        var text = endpoint.absoluteString
        if let hash = text.firstIndex(of: "#") { text = String(text[..<hash]) }
        let separator = endpoint.query == nil ? "?" : (text.hasSuffix("&") || text.hasSuffix("?") ? "" : "&")
        return URL(string: text + separator + query)!
    }

    /// What a list of results calls this query: `4xy5-26gy.json 2016-04-01…2016-04-30`.
    public var name: String {
        "\(endpoint.host ?? "")\(endpoint.path) \(first.isoDateString)…\(last.isoDateString)"
    }

    /// Only unreserved characters stay as they are: the quotes and spaces of SoQL become %27
    /// and %20 (not `+`, which Socrata would take for a plus), and `&`, `=`, `#` cannot end the value.
    static func percentEncoded(_ value: String) -> String {
        var allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        allowed.insert(charactersIn: ":")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }

    private static func day(_ text: String, option: String) throws(LoadError) -> LocalDateTime {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              let date = LocalDateTime(year: year, month: month, day: day) else {
            throw LoadError(source: option, "\(quotedArgument(text)) is not a day like 2016-04-01")
        }
        return date
    }

    private static func quotedArgument(_ text: String) -> String {
        "'\(TerminalSafeText.singleLine(String(text.prefix(40))))'"
    }
}
