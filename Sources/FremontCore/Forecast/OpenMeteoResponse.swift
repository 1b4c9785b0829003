/// The parts of an Open-Meteo `/v1/forecast` response fremont reads, as the API sends them:
/// `current` one value per variable, `hourly` and `daily` a column per variable beside a `time`
/// column, times as local wall-clock text, percentages as 0...100. Every part may be missing,
/// and any value in a column may be `null`; no column is longer than a forecast block can be.
struct OpenMeteoResponse: Decodable {
    var latitude: Double?
    var longitude: Double?
    var timezone: String?
    var utcOffsetSeconds: Double?
    var currentUnits: Units?
    var hourlyUnits: Units?
    var dailyUnits: Units?
    var current: Current?
    var hourly: Hourly?
    var daily: Daily?

    enum CodingKeys: String, CodingKey {
        case latitude, longitude, timezone
        case utcOffsetSeconds = "utc_offset_seconds"
        case currentUnits = "current_units", hourlyUnits = "hourly_units", dailyUnits = "daily_units"
        case current, hourly, daily
    }

    /// The unit each block's values are in, as text (`°F`, `km/h`).
    struct Units: Decodable {
        var temperature: String?
        var windSpeed: String?

        enum CodingKeys: String, CodingKey {
            case temperature = "temperature_2m", temperatureMax = "temperature_2m_max"
            case windSpeed = "wind_speed_10m", windSpeedMax = "wind_speed_10m_max"
        }

        init(from decoder: Decoder) throws {
            let values = try decoder.container(keyedBy: CodingKeys.self)
            temperature = try values.decodeIfPresent(String.self, forKey: .temperature)
                ?? values.decodeIfPresent(String.self, forKey: .temperatureMax)
            windSpeed = try values.decodeIfPresent(String.self, forKey: .windSpeed)
                ?? values.decodeIfPresent(String.self, forKey: .windSpeedMax)
        }
    }

    struct Current: Decodable {
        var time: String?
        var isDay: Double?
        var temperature: Double?
        var apparentTemperature: Double?
        var humidity: Double?
        var weatherCode: Double?
        var cloudCover: Double?
        var pressure: Double?
        var windSpeed: Double?
        var windDirection: Double?
        var windGusts: Double?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case time
            case isDay = "is_day"
            case temperature = "temperature_2m"
            case apparentTemperature = "apparent_temperature"
            case humidity = "relative_humidity_2m"
            case weatherCode = "weather_code"
            case cloudCover = "cloud_cover"
            case pressure = "pressure_msl"
            case windSpeed = "wind_speed_10m"
            case windDirection = "wind_direction_10m"
            case windGusts = "wind_gusts_10m"
        }
    }

    struct Hourly: Decodable {
        var time: OpenMeteoColumn<String>?
        var isDay: OpenMeteoColumn<Double>?
        var temperature: OpenMeteoColumn<Double>?
        var apparentTemperature: OpenMeteoColumn<Double>?
        var humidity: OpenMeteoColumn<Double>?
        var dewPoint: OpenMeteoColumn<Double>?
        var precipitationProbability: OpenMeteoColumn<Double>?
        var precipitation: OpenMeteoColumn<Double>?
        var weatherCode: OpenMeteoColumn<Double>?
        var cloudCover: OpenMeteoColumn<Double>?
        var pressure: OpenMeteoColumn<Double>?
        var windSpeed: OpenMeteoColumn<Double>?
        var windDirection: OpenMeteoColumn<Double>?
        var windGusts: OpenMeteoColumn<Double>?
        var uvIndex: OpenMeteoColumn<Double>?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case time
            case isDay = "is_day"
            case temperature = "temperature_2m"
            case apparentTemperature = "apparent_temperature"
            case humidity = "relative_humidity_2m"
            case dewPoint = "dew_point_2m"
            case precipitationProbability = "precipitation_probability"
            case precipitation
            case weatherCode = "weather_code"
            case cloudCover = "cloud_cover"
            case pressure = "pressure_msl"
            case windSpeed = "wind_speed_10m"
            case windDirection = "wind_direction_10m"
            case windGusts = "wind_gusts_10m"
            case uvIndex = "uv_index"
        }
    }

    struct Daily: Decodable {
        var time: OpenMeteoColumn<String>?
        var weatherCode: OpenMeteoColumn<Double>?
        var temperatureMax: OpenMeteoColumn<Double>?
        var temperatureMin: OpenMeteoColumn<Double>?
        var sunrise: OpenMeteoColumn<String>?
        var sunset: OpenMeteoColumn<String>?
        var uvIndexMax: OpenMeteoColumn<Double>?
        var precipitationSum: OpenMeteoColumn<Double>?
        var precipitationProbabilityMax: OpenMeteoColumn<Double>?
        var windGustsMax: OpenMeteoColumn<Double>?
        var windDirectionDominant: OpenMeteoColumn<Double>?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case time
            case weatherCode = "weather_code"
            case temperatureMax = "temperature_2m_max"
            case temperatureMin = "temperature_2m_min"
            case sunrise, sunset
            case uvIndexMax = "uv_index_max"
            case precipitationSum = "precipitation_sum"
            case precipitationProbabilityMax = "precipitation_probability_max"
            case windGustsMax = "wind_gusts_10m_max"
            case windDirectionDominant = "wind_direction_10m_dominant"
        }
    }

    /// The variables a request asks for in each block: exactly those read here.
    static let currentVariables = Current.CodingKeys.allCases.map(\.rawValue).filter { $0 != "time" }
    static let hourlyVariables = Hourly.CodingKeys.allCases.map(\.rawValue).filter { $0 != "time" }
    static let dailyVariables = Daily.CodingKeys.allCases.map(\.rawValue).filter { $0 != "time" }
}
