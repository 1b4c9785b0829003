import Foundation
import Testing
@testable import FremontCore

/// The Handbook's model: its features (holidays as pandas' USFederalHolidayCalendar lists them,
/// daylight by its formula), the QR least squares, and the seeded bootstrap.
@Suite struct RidershipModelTests {
    @Test func holidaysAreThoseOfPandasUSFederalHolidayCalendar() {
        // pandas 2.x: USFederalHolidayCalendar().holidays('2012-01-01', '2016-12-31') and 2021–2022.
        let expected2012to2016 = ["2012-01-02", "2012-01-16", "2012-02-20", "2012-05-28", "2012-07-04", "2012-09-03", "2012-10-08", "2012-11-12",
                                  "2012-11-22", "2012-12-25", "2013-01-01", "2013-01-21", "2013-02-18", "2013-05-27", "2013-07-04", "2013-09-02",
                                  "2013-10-14", "2013-11-11", "2013-11-28", "2013-12-25", "2014-01-01", "2014-01-20", "2014-02-17", "2014-05-26",
                                  "2014-07-04", "2014-09-01", "2014-10-13", "2014-11-11", "2014-11-27", "2014-12-25", "2015-01-01", "2015-01-19",
                                  "2015-02-16", "2015-05-25", "2015-07-03", "2015-09-07", "2015-10-12", "2015-11-11", "2015-11-26", "2015-12-25",
                                  "2016-01-01", "2016-01-18", "2016-02-15", "2016-05-30", "2016-07-04", "2016-09-05", "2016-10-10", "2016-11-11",
                                  "2016-11-24", "2016-12-26"]
        let expected2021to2022 = ["2021-01-01", "2021-01-18", "2021-02-15", "2021-05-31", "2021-06-18", "2021-07-05", "2021-09-06", "2021-10-11",
                                  "2021-11-11", "2021-11-25", "2021-12-24", "2021-12-31", "2022-01-17", "2022-02-21", "2022-05-30", "2022-06-20",
                                  "2022-07-04", "2022-09-05", "2022-10-10", "2022-11-11", "2022-11-24", "2022-12-26"]
        func text(_ years: ClosedRange<Int>) -> [String] {
            years.flatMap(USFederalHolidays.observed(in:)).map { day in
                let (year, month, dayOfMonth) = CivilCalendar.civil(dayNumber: day)
                return LocalDateTime(year: year, month: month, day: dayOfMonth)!.isoDateString
            }
        }
        #expect(text(2012...2016) == expected2012to2016)
        #expect(text(2021...2022) == expected2021to2022)
    }

    @Test func daylightIsTheHandbooksFormula() {
        // numpy: hours_of_daylight(pd.Timestamp(d)) at 47.61 for the solstices and an equinox.
        let seattle = 47.61
        let june = RidershipModel.daylightHours(dayNumber: date("2015-06-21").dayNumber, latitude: seattle)
        let december = RidershipModel.daylightHours(dayNumber: date("2015-12-21").dayNumber, latitude: seattle)
        #expect(abs(june - 15.780_240_035_999_618) < 1e-9)
        #expect(abs(december - 8.219_279_158_031_831) < 1e-9)
        // Near the pole: clipped to a whole day of light, not NaN.
        #expect(RidershipModel.daylightHours(dayNumber: date("2015-06-21").dayNumber, latitude: 80) == 24)
    }

    @Test func leastSquaresRecoversAnExactFitAndGivesADependentColumnZero() {
        let x1: [Double] = [1, 2, 3, 4, 5], x2: [Double] = [1, 0, 1, 0, 2]
        let y = zip(x1, x2).map { 2 * $0 - 3 * $1 + 0.5 }
        let fit = LeastSquares(columns: [x1, x2, [1, 1, 1, 1, 1], [0, 0, 0, 0, 0]], y: y)
        #expect(fit.rank == 3)
        let exact = zip(fit.coefficients, [2, -3, 0.5, 0]).allSatisfy { abs($0 - $1) < 1e-12 }
        #expect(exact, "\(fit.coefficients)")
    }

    @Test func leastSquaresMatchesTheNormalEquationsOnANoisyFit() {
        // y = 1 + 2x + noise; numpy.linalg.lstsq([[1, x]], y) gives [1.06, 1.99].
        let x: [Double] = [0, 1, 2, 3, 4]
        let y: [Double] = [1.1, 2.9, 5.2, 7.0, 9.0]
        let fit = LeastSquares(columns: [[1, 1, 1, 1, 1], x], y: y)
        #expect(abs(fit.coefficients[0] - 1.06) < 1e-12)
        #expect(abs(fit.coefficients[1] - 1.99) < 1e-12)
    }

    /// Two years of made-up days, riders an exact sum of the features: the fit gives the
    /// coefficients back, and every bootstrap sample does too (errors 0).
    @Test func aNoiselessModelIsFittedExactlyWithNoBootstrapSpread() {
        let truth: [Double] = [3000, 3100, 3050, 2900, 2600, 1200, 1100, -1500, 120, -40, 400, 60, 150]
        var days: [RidershipModel.Day] = []
        var generator = SplitMix64(seed: 7)
        for offset in 0..<730 {
            let time = date("2014-01-01").addingHours(24 * offset)
            let rain = offset % 3 == 0 ? 0 : Double(generator.next() % 200) / 10
            let temperature = 10 + 8 * sin(Double(offset) / 58) + Double(generator.next() % 30) / 10
            days.append(RidershipModel.Day(date: time, riders: 0, precipitation: rain, temperature: temperature))
        }
        let columns = RidershipModel.design(days, latitude: 47.61)
        for row in days.indices { days[row].riders = truth.indices.reduce(0) { $0 + truth[$1] * columns[$1][row] } }
        let model = RidershipModel(days: days, latitude: 47.61, samples: 50, seed: 1)
        #expect(model.rank == 13)
        for (fitted, expected) in zip(model.coefficients, truth) { #expect(abs(fitted - expected) < 1e-7 * max(1, abs(expected))) }
        let noSpread = model.standardErrors.allSatisfy { $0 < 1e-6 }
        #expect(noSpread, "\(model.standardErrors)")
        #expect(abs(model.rSquared - 1) < 1e-12)
        // The holiday column flags New Year's Day, the weekday columns one day each.
        #expect(columns[7][0] == 1 && columns[7][1] == 0)
        #expect(columns[CivilCalendar.weekday(dayNumber: days[0].date.dayNumber) - 1][0] == 1)
        #expect(columns[12][365] == 1)
    }

    @Test func theBootstrapIsTheSameForASeedAndDiffersForAnother() {
        var days: [RidershipModel.Day] = []
        var generator = SplitMix64(seed: 3)
        for offset in 0..<400 {
            let riders = 3000 + Double(generator.next() % 1000)
            days.append(RidershipModel.Day(date: date("2015-01-01").addingHours(24 * offset), riders: riders,
                                           precipitation: Double(generator.next() % 50) / 10, temperature: Double(generator.next() % 20)))
        }
        let first = RidershipModel(days: days, latitude: 47.61, samples: 100, seed: 42)
        let again = RidershipModel(days: days, latitude: 47.61, samples: 100, seed: 42)
        let other = RidershipModel(days: days, latitude: 47.61, samples: 100, seed: 43)
        #expect(first.standardErrors == again.standardErrors)
        #expect(first.standardErrors != other.standardErrors)
        let spread = first.standardErrors.allSatisfy { $0 > 0 }
        #expect(spread)
    }
}
