import Foundation
import Testing
@testable import FremontCore

@Suite struct ForecastTextTests {
    @Test func valuesReadAsWholeNumbers() {
        #expect(ForecastText.degrees(59.09, units: .us) == "59°F")
        #expect(ForecastText.degrees(-0.4, units: .si) == "0°C")
        #expect(ForecastText.degrees(12.5, units: nil) == "13°")
        #expect(ForecastText.percent(0.07) == "7%")
        #expect(ForecastText.speed(6.37, units: .us) == "6 mph")
        #expect(ForecastText.speed(6.37, units: nil) == "6")
        #expect(ForecastText.whole(.nan) == 0)
        #expect(ForecastText.whole(1e300) == 0)
    }

    @Test func compassPoints() {
        #expect(ForecastText.compass(263) == "W")
        #expect(ForecastText.compass(0) == "N")
        #expect(ForecastText.compass(359) == "N")
        #expect(ForecastText.compass(-90) == "W")
        #expect(ForecastText.compass(22.5) == "NNE")
        #expect(ForecastText.compass(.infinity) == "?")
    }

    @Test func timesAreInTheForecastZone() throws {
        let time = ForecastTimeFormat(zone: try #require(TimeZone(identifier: "America/Los_Angeles")))
        let now = Date(timeIntervalSince1970: 1_552_614_606)
        #expect(time.dayAndClock(now) == "Thu 14 Mar 18:50")
        #expect(time.hour(now) == 18)
    }

    @Test func upcomingHoursStartAtTheHourOfTheResponsesNow() {
        var forecast = Forecast()
        forecast.currently = ForecastPoint(time: Date(timeIntervalSince1970: 10_000))
        forecast.hourly = ForecastBlock(data: [5_000, 7_200, 9_000, 12_000].map { ForecastPoint(time: Date(timeIntervalSince1970: $0)) })
        #expect(forecast.upcomingHours.map { $0.time?.timeIntervalSince1970 } == [7_200, 9_000, 12_000])
        forecast.currently = nil
        #expect(forecast.upcomingHours.count == 4)
    }
}
