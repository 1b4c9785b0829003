import Testing
@testable import FremontCore

/// WMO weather codes onto the Weather tab's icons and words.
@Suite struct WeatherCodeTests {
    @Test(arguments: [
        (0, WeatherIcon.clearDay, WeatherIcon.clearNight, "Clear"),
        (1, .partlyCloudyDay, .partlyCloudyNight, "Mostly Clear"),
        (2, .partlyCloudyDay, .partlyCloudyNight, "Partly Cloudy"),
        (3, .cloudy, .cloudy, "Overcast"),
        (45, .fog, .fog, "Fog"),
        (48, .fog, .fog, "Rime Fog"),
        (51, .rain, .rain, "Light Drizzle"),
        (55, .rain, .rain, "Heavy Drizzle"),
        (56, .sleet, .sleet, "Light Freezing Drizzle"),
        (61, .rain, .rain, "Light Rain"),
        (65, .rain, .rain, "Heavy Rain"),
        (67, .sleet, .sleet, "Freezing Rain"),
        (71, .snow, .snow, "Light Snow"),
        (77, .snow, .snow, "Snow Grains"),
        (80, .rain, .rain, "Light Showers"),
        (82, .rain, .rain, "Heavy Showers"),
        (85, .snow, .snow, "Light Snow Showers"),
        (86, .snow, .snow, "Heavy Snow Showers"),
        (95, .thunderstorm, .thunderstorm, "Thunderstorms"),
        (99, .thunderstorm, .thunderstorm, "Thunderstorms with Heavy Hail"),
    ])
    func codes(code: Int, day: WeatherIcon, night: WeatherIcon, summary: String) {
        let wmo = WMOWeatherCode(code)
        #expect(wmo.icon(isDay: true) == day)
        #expect(wmo.icon(isDay: false) == night)
        #expect(wmo.summary == summary)
    }

    @Test func everyCodeOfTheAPIHasAnIconAndWords() {
        let codes = [0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95, 96, 99]
        for code in codes {
            #expect(WMOWeatherCode(code).icon() != .unknown, "\(code)")
            #expect(WMOWeatherCode(code).summary != nil, "\(code)")
        }
        for code in [4, 10, 44, 50, 100, -1] {
            #expect(WMOWeatherCode(code).icon() == .unknown)
            #expect(WMOWeatherCode(code).summary == nil)
        }
    }

    @Test func precipitationType() {
        #expect(WMOWeatherCode(63).precipitationType == "rain")
        #expect(WMOWeatherCode(96).precipitationType == "rain")
        #expect(WMOWeatherCode(75).precipitationType == "snow")
        #expect(WMOWeatherCode(66).precipitationType == "sleet")
        #expect(WMOWeatherCode(3).precipitationType == nil)
        #expect(WMOWeatherCode(45).precipitationType == nil)
    }

    @Test func onlyWholeNumbersInRangeAreCodes() {
        #expect(WMOWeatherCode(61.0)?.rawValue == 61)
        #expect(WMOWeatherCode(2.5) == nil)
        #expect(WMOWeatherCode(-1.0) == nil)
        #expect(WMOWeatherCode(1e300) == nil)
        #expect(WMOWeatherCode(Double.nan) == nil)
    }
}
