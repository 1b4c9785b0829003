import Foundation
import Testing
@testable import FremontCore

/// Units by name, from the locale, and as Pirate Weather writes them.
@Suite struct ForecastUnitsTests {
    @Test func names() {
        #expect(ForecastUnits(name: "metric") == .si)
        #expect(ForecastUnits(name: "SI") == .si)
        #expect(ForecastUnits(name: "imperial") == .us)
        #expect(ForecastUnits(name: "us") == .us)
        #expect(ForecastUnits(name: "ca") == .ca)
        #expect(ForecastUnits(name: "uk") == .uk2)
        #expect(ForecastUnits(name: "kelvin") == nil)
        #expect(ForecastUnits(flag: "uk") == .uk2)
        #expect(ForecastUnits(flag: "uk2") == .uk2)
        #expect(ForecastUnits(flag: "auto") == nil)
    }

    @Test func theLocaleForMeasurementPicksThem() {
        func units(_ environment: [String: String]) -> ForecastUnits { ForecastUnits.preferred(environment: environment) }
        #expect(units(["LANG": "en_US.UTF-8"]) == .us)
        #expect(units(["LANG": "en_LR"]) == .us)
        #expect(units(["LANG": "my_MM.UTF-8"]) == .us)
        #expect(units(["LANG": "en_GB.UTF-8"]) == .si)
        #expect(units(["LANG": "de_DE@euro"]) == .si)
        #expect(units(["LANG": "C.UTF-8"]) == .si)
        #expect(units(["LANG": "POSIX"]) == .si)
        #expect(units([:]) == .si)
        // LC_ALL first, then LC_MEASUREMENT, then LANG; empty ones do not count.
        #expect(units(["LC_ALL": "en_US.UTF-8", "LC_MEASUREMENT": "fr_FR.UTF-8"]) == .us)
        #expect(units(["LC_MEASUREMENT": "fr_FR.UTF-8", "LANG": "en_US.UTF-8"]) == .si)
        #expect(units(["LC_ALL": "", "LC_MEASUREMENT": "en_us.utf8", "LANG": "de_DE.UTF-8"]) == .us)
    }

    @Test func pirateWeatherAdditionsReadAsDarkSky() throws {
        let path = OpenMeteoReaderTests.fixtures + "pirate-weather-seattle-2025-03-07-si.json"
        #expect(ForecastFormat.detect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))) == .darkSky)
        let forecast = try ForecastReader.read(.file(path))
        #expect(forecast.units == .si)
        #expect(forecast.timezone == "America/Los_Angeles")
        #expect(forecast.currently?.time == OpenMeteoReaderTests.now)
        #expect(forecast.currently?.icon == .rain)
        #expect(forecast.currently?.precipType == "rain")
        // `none` is no kind of precipitation; -999 is no end time.
        #expect(forecast.hourly?.data[3].precipType == nil)
        #expect(forecast.hourly?.data.count == 6)
        #expect(forecast.daily?.data.count == 3)
        #expect(forecast.daily?.data[2].icon == .partlyCloudyDay)
        let alert = try #require(forecast.alerts.first)
        #expect(alert.expires == nil)
        #expect(alert.time == OpenMeteoReaderTests.now - 3600)
        #expect(alert.severity == "Moderate")
    }
}
