/// A run of points (`minutely`, `hourly`, `daily`) with the provider's summary of it.
public struct ForecastBlock: Sendable, Equatable, Decodable {
    public var summary: String?
    public var icon: WeatherIcon?
    public var data: [ForecastPoint]

    public init(summary: String? = nil, icon: WeatherIcon? = nil, data: [ForecastPoint] = []) {
        self.summary = summary
        self.icon = icon
        self.data = data
    }

    private enum CodingKeys: String, CodingKey { case summary, icon, data }

    public init(from decoder: Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        summary = try values.decodeIfPresent(String.self, forKey: .summary)
        icon = try values.decodeIfPresent(WeatherIcon.self, forKey: .icon)
        data = try values.decodeArray(ForecastPoint.self, forKey: .data, limit: ForecastReader.maximumPoints)
    }
}
