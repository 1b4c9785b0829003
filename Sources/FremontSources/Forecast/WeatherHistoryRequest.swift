import Foundation
import FremontCore

/// The weather of past days at a place, from Open-Meteo's archive (reanalysis, on a grid):
/// asked a calendar year a page, each page's days and hours kept in the cache under the place's
/// address and the page's days, so that a page of settled past days is never asked twice.
public struct WeatherHistoryRequest: Sendable, Hashable {
    public static let defaultEndpoint = URL(string: "https://archive-api.open-meteo.com/v1/archive")!
    /// The archive reaches back to 1940: a span longer than the years since is a mistake.
    public static let maximumPages = 200

    public let coordinates: Coordinates
    public let first: LocalDateTime
    public let last: LocalDateTime
    public let endpoint: URL

    /// One year's request (or the part of it inside the span).
    public struct Page: Sendable, Hashable {
        public let first: LocalDateTime
        public let last: LocalDateTime
        public let url: URL
        public var span: ClosedRange<LocalDateTime> { first...last }
    }

    public init(coordinates: Coordinates, first: LocalDateTime, last: LocalDateTime, endpoint: URL? = nil) throws(LoadError) {
        let endpoint = endpoint ?? Self.defaultEndpoint
        guard let scheme = endpoint.scheme?.lowercased(), scheme == "http" || scheme == "https", endpoint.host?.isEmpty == false else {
            throw LoadError(source: RedactedURL.text(endpoint), "the weather history endpoint must be an http or https address")
        }
        let first = first.startOfDay, last = last.startOfDay
        guard first <= last else { throw LoadError(source: "weather:\(coordinates)", "the last day (\(last.isoDateString)) is before the first (\(first.isoDateString))") }
        guard last.year - first.year < Self.maximumPages else {
            throw LoadError(source: "weather:\(coordinates)", "\(first.isoDateString) to \(last.isoDateString) is more than \(Self.maximumPages) years")
        }
        self.coordinates = coordinates
        self.first = first
        self.last = last
        self.endpoint = endpoint
    }

    /// The place's address without days, as shown and as the cache keys its pages.
    public var name: String { RedactedURL.text(address(first: nil, last: nil)) }

    /// A page per calendar year, clipped to the span.
    public var pages: [Page] {
        (first.year...last.year).map { year in
            let pageFirst = max(first, LocalDateTime(year: year, month: 1, day: 1)!)
            let pageLast = min(last, LocalDateTime(year: year, month: 12, day: 31)!)
            return Page(first: pageFirst, last: pageLast, url: URL(string: address(first: pageFirst, last: pageLast))!)
        }
    }

    /// The endpoint's own query, the place, the days, the variables, and local times in the
    /// place's zone (`timezone=auto`): days begin at the place's midnight, like its counters'.
    private func address(first: LocalDateTime?, last: LocalDateTime?) -> String {
        var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)!
        if components.path.isEmpty || components.path == "/" { components.path = "/v1/archive" }
        var query = components.queryItems ?? []
        query += [URLQueryItem(name: "latitude", value: coordinates.latitudeText),
                  URLQueryItem(name: "longitude", value: coordinates.longitudeText)]
        if let first, let last {
            query += [URLQueryItem(name: "start_date", value: first.isoDateString), URLQueryItem(name: "end_date", value: last.isoDateString)]
        }
        query += [URLQueryItem(name: "daily", value: WeatherArchiveReader.dailyVariables.joined(separator: ",")),
                  URLQueryItem(name: "hourly", value: WeatherArchiveReader.hourlyVariables.joined(separator: ",")),
                  URLQueryItem(name: "timezone", value: "auto")]
        components.queryItems = query
        return components.string!
    }
}

/// A join source naming a place's weather history: `weather:47.65,-122.35` (days), or
/// `weather:47.65,-122.35,hourly` (hours).
public struct WeatherHistorySource: Sendable, Hashable {
    public static let prefix = "weather:"
    public let coordinates: Coordinates
    public let hourly: Bool

    public static func isWeather(_ argument: String) -> Bool { argument.lowercased().hasPrefix(prefix) }

    public init(argument: String) throws(Coordinates.Invalid) {
        var text = String(argument.dropFirst(Self.prefix.count))
        hourly = text.lowercased().hasSuffix(",hourly")
        if hourly { text = String(text.dropLast(",hourly".count)) } else if text.lowercased().hasSuffix(",daily") { text = String(text.dropLast(",daily".count)) }
        do {
            coordinates = try Coordinates(parsing: text)
        } catch {
            throw Coordinates.Invalid(message: "\(TerminalSafeText.singleLine(argument)): \(error.message) (a weather source is weather:LAT,LON, or weather:LAT,LON,hourly)")
        }
    }
}
