import Foundation

/// A weather warning issued by a government agency for the forecast's place.
public struct ForecastAlert: Sendable, Equatable, Decodable {
    public var title: String?
    public var description: String?
    /// `advisory`, `watch` or `warning`.
    public var severity: String?
    public var time: Date?
    public var expires: Date?
    public var regions: [String]
    public var uri: String?

    private enum CodingKeys: String, CodingKey { case title, description, severity, time, expires, regions, uri }

    public init(title: String? = nil, description: String? = nil, severity: String? = nil) {
        self.title = title
        self.description = description
        self.severity = severity
        self.regions = []
    }

    public init(from decoder: Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        title = try values.decodeIfPresent(String.self, forKey: .title)
        description = try values.decodeIfPresent(String.self, forKey: .description)
        severity = try values.decodeIfPresent(String.self, forKey: .severity)
        // Pirate Weather sends -999 for an alert without an end: no time, not 1969.
        func instant(_ key: CodingKeys) throws -> Date? {
            try values.decodeIfPresent(Double.self, forKey: key).flatMap { $0 == -999 ? nil : Date(timeIntervalSince1970: $0) }
        }
        time = try instant(.time)
        expires = try instant(.expires)
        regions = try values.decodeIfPresent([String].self, forKey: .regions) ?? []
        uri = try values.decodeIfPresent(String.self, forKey: .uri)
    }
}
