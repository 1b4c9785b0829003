import Foundation

/// A Dark Sky style forecast response. Only the place is always expected; a response with no
/// blocks at all is valid and simply empty.
public struct Forecast: Sendable, Equatable, Decodable {
    public var latitude: Double?
    public var longitude: Double?
    /// IANA time zone name of the place, e.g. `America/Los_Angeles`.
    public var timezone: String?
    /// Hours east of UTC at the place (deprecated by Dark Sky, still sent).
    public var offset: Double?
    public var currently: ForecastPoint?
    public var minutely: ForecastBlock?
    public var hourly: ForecastBlock?
    public var daily: ForecastBlock?
    public var alerts: [ForecastAlert]
    /// `flags.units`; nil when absent or not one Dark Sky defines.
    public var units: ForecastUnits?

    public init(latitude: Double? = nil, longitude: Double? = nil, timezone: String? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.timezone = timezone
        self.alerts = []
    }

    /// True when there is nothing to show but the place.
    public var isEmpty: Bool {
        currently == nil && (minutely?.data.isEmpty ?? true) && (hourly?.data.isEmpty ?? true)
            && (daily?.data.isEmpty ?? true) && alerts.isEmpty
    }

    /// The zone to show times in: the named zone, else the fixed `offset`, else UTC.
    public var timeZone: TimeZone {
        if let timezone, let zone = TimeZone(identifier: timezone) { return zone }
        if let offset, offset.isFinite, abs(offset) <= 18,
           let zone = TimeZone(secondsFromGMT: Int((offset * 3600).rounded())) {
            return zone
        }
        return TimeZone(identifier: "UTC")!
    }

    /// The hourly points from the hour of the response's "now" on (not the machine's now: a
    /// saved forecast shows the hours after it was made); all of them when there is no "now".
    public var upcomingHours: ArraySlice<ForecastPoint> {
        let points = hourly?.data[...] ?? []
        guard let now = currently?.time else { return points }
        return points.drop { ($0.time.map { $0.timeIntervalSince(now) <= -3600 }) ?? false }
    }

    private struct Flags: Decodable {
        var units: String?
    }

    private enum CodingKeys: String, CodingKey {
        case latitude, longitude, timezone, offset, currently, minutely, hourly, daily, alerts, flags
    }

    public init(from decoder: Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        latitude = try values.decodeIfPresent(Double.self, forKey: .latitude)
        longitude = try values.decodeIfPresent(Double.self, forKey: .longitude)
        timezone = try values.decodeIfPresent(String.self, forKey: .timezone)
        offset = try values.decodeIfPresent(Double.self, forKey: .offset)
        currently = try values.decodeIfPresent(ForecastPoint.self, forKey: .currently)
        minutely = try values.decodeIfPresent(ForecastBlock.self, forKey: .minutely)
        hourly = try values.decodeIfPresent(ForecastBlock.self, forKey: .hourly)
        daily = try values.decodeIfPresent(ForecastBlock.self, forKey: .daily)
        alerts = try values.decodeArray(ForecastAlert.self, forKey: .alerts, limit: ForecastReader.maximumPoints)
        units = try values.decodeIfPresent(Flags.self, forKey: .flags)?.units.flatMap(ForecastUnits.init(flag:))
    }
}
