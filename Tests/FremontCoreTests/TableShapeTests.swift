import Foundation
import Testing
@testable import FremontCore

/// Issue 24: tables of other shapes than the Fremont Bridge's hours, read and summarised as
/// pandas reads them. The fixtures are written by `Tests/Tools/table_shapes_fixture.py`; each
/// expected figure is pandas' (`Tests/Tools/pandas_stats_check.py` recomputes the groupings).
@Suite struct TableShapeTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/shapes").path + "/"

    private func load(_ name: String, _ choice: SeriesColumnChoice = SeriesColumnChoice()) throws -> SeriesTable {
        try SeriesLoader.load(.file(Self.fixtures + name), choice: choice)
    }

    private func loadError(_ name: String, _ choice: SeriesColumnChoice = SeriesColumnChoice()) -> LoadError? {
        do {
            _ = try SeriesLoader.load(.file(Self.fixtures + name), choice: choice)
            return nil
        } catch {
            return error
        }
    }

    private func column(_ table: SeriesTable, _ name: String) throws -> [Double?] {
        let index = try #require(table.series.firstIndex { $0.name == name })
        return table.times.indices.map { table.value(index, $0) }
    }

    // MARK: - Numbers

    @Test func exponentsSeparatorsAndLongNumbersAreRead() throws {
        let table = try load("numbers.csv")
        #expect(table.series.map(\.name) == ["big", "exp", "grouped"])
        // pandas: 2500, 0.01, 300, 4, -15, 7.
        #expect(try column(table, "exp") == [2500, 0.01, 300, 4, -15, 7])
        // pandas (thousands=','): 1234, 12345678, 999, 1000.5; "1,2,3" is not grouped by three,
        // so a blank with a warning here (pandas' 123 drops the commas wherever they are).
        #expect(try column(table, "grouped") == [1234, 12_345_678, 999, 1000.5, nil, 0])
        // Beyond 2^53: the nearest decimal, as pandas' float64.
        #expect(try column(table, "big")[3] == Double("12345678901234567890")!)
        #expect(try column(table, "big")[1] == Double("10000000000000002")!)
        #expect(table.warnings.contains { $0.message.contains("'1,2,3' is not a number") })
        // A value past 2^63 is written in Swift's shortest form, not trapped converting to Int.
        let report = SeriesSummaryReport.text(SeriesSummary(table), title: "Numbers")
        #expect(report.contains("1.2345678901234567e+19"))
        // The column of words is left out, and said so.
        #expect(table.warnings.contains { $0.message.hasPrefix("column 'label' left out: 6 of its first 6 values are words") })
    }

    @Test func valueFieldForms() {
        #expect(ValueField.parse("2.5e3", rule: .measure) == .value(2500))
        #expect(ValueField.parse("1,234,567", rule: .count) == .value(1_234_567))
        #expect(ValueField.parse("1234567890123456789", rule: .measure) == .value(Double("1234567890123456789")!))
        #expect(ValueField.parse("12,34", rule: .measure) == .invalid("12,34"))
        #expect(ValueField.parse("inf", rule: .measure) == .invalid("inf"))
        #expect(ValueField.parse("0x10", rule: .measure) == .invalid("0x10"))
        #expect(ValueField.parse("-2e1", rule: .count) == .invalid("-2e1"))
        #expect(ValueField.parse("2.5e0", rule: .count) == .invalid("2.5e0"))
    }

    @Test func aColumnWithFewWordsStaysWithBlanks() throws {
        var text = "date,count,note\n"
        for hour in 0..<30 { text += "2024-01-01T\(pad(hour % 24)):00:00,\(hour == 3 ? "n/a" : String(hour)),x\n".replacingOccurrences(of: "2024-01-01T0", with: hour >= 24 ? "2024-01-02T0" : "2024-01-01T0") }
        let table = try parse(text)
        #expect(table.series.map(\.name) == ["count"])
        #expect(table.value(0, 3) == nil)
        #expect(table.warnings.contains { $0.message.contains("'n/a' is not a number") })
        #expect(table.warnings.contains { $0.message.hasPrefix("column 'note' left out") })
    }

    @Test func aColumnEmptyInTheSampleIsKeptWhenValuesComeLater() throws {
        var text = "date,a,b\n"
        for day in 0..<250 {
            let time = LocalDateTime(year: 2024, month: 1, day: 1)!.addingHours(day)
            text += "\(time.isoString),\(day),\(day >= 220 ? String(day) : "")\n"
        }
        let table = try parse(text)
        #expect(table.series.map(\.name) == ["a", "b"])
        #expect(table.value(1, 230) == 230)
        let never = try parse("date,a,b\n2024-01-01T00:00:00,1,\n2024-01-01T01:00:00,2,\n")
        #expect(never.series.map(\.name) == ["a"])
        #expect(never.warnings.contains { $0.message == "column 'b' left out: it has no values" })
    }

    // MARK: - Dates

    @Test func offsetsKeepTheirWallClockOrConvertWithTZ() throws {
        let table = try load("zones.csv")
        #expect(table.times.map(\.isoString) == ["2024-03-10T00:00:00", "2024-03-10T01:00:00", "2024-03-10T03:00:00",
                                                 "2024-03-10T04:00:00", "2024-03-10T05:00:00"])
        #expect(table.warnings.contains { $0.message.contains("gives zones (-08:00, -07:00)") })
        // pandas: pd.to_datetime(…, utc=True).dt.tz_convert('UTC') gives 08:00, 09:00, 10:00, 11:00, 12:00.
        let utc = try load("zones.csv", SeriesColumnChoice(timeZone: TimeZone(identifier: "UTC")))
        #expect(utc.times.map(\.isoString) == ["2024-03-10T08:00:00", "2024-03-10T09:00:00", "2024-03-10T10:00:00",
                                               "2024-03-10T11:00:00", "2024-03-10T12:00:00"])
        #expect(utc.warnings.contains { $0.message.contains("converted to UTC") })
        // And 'Z' into Seattle's summer time: tz_convert('America/Los_Angeles') is 17:00 the day before.
        let seattle = try load("utc.csv", SeriesColumnChoice(timeZone: TimeZone(identifier: "America/Los_Angeles")))
        #expect(seattle.times.first?.isoString == "2024-06-30T17:00:00")
    }

    @Test func epochSecondsAreUTC() throws {
        let table = try load("epochs.csv")
        // pandas: pd.to_datetime(…, unit='s') is 2024-07-01 00:00 … 05:00.
        #expect(table.times.map(\.isoString) == (0..<6).map { "2024-07-01T0\($0):00:00" })
        #expect(table.warnings.contains { $0.message.contains("holds epoch seconds, UTC") })
        let milliseconds = try parse("ts,count\n1719792000000,1\n1719795600000,2\n")
        #expect(milliseconds.times.map(\.isoString) == ["2024-07-01T00:00:00", "2024-07-01T01:00:00"])
    }

    @Test func dottedAndSlashedDates() throws {
        let dotted = try load("dotted.csv")
        // pandas: pd.to_datetime(…, dayfirst=True) — 20 days from 2024-01-01.
        #expect(dotted.times.first?.isoDateString == "2024-01-01" && dotted.times.last?.isoDateString == "2024-01-20")
        #expect(dotted.rowCount == 20)
        let yearFirst = try parse("date,count\n2024/03/05,1\n2024/03/06 13:00,2\n")
        #expect(yearFirst.times.map(\.isoString) == ["2024-03-05T00:00:00", "2024-03-06T13:00:00"])
    }

    @Test func theDayMonthOrderIsSettledByTheWholeColumn() throws {
        // Every value up to row 121 has a day of 12 or less; the last, 13/01/2025, settles it.
        let table = try load("slashes-dayfirst.csv")
        #expect(table.rowCount == 121)
        // pandas dayfirst=True: each day's count is its day of the month.
        let counts = try column(table, "count")
        #expect(table.times.indices.allSatisfy { counts[$0] == Double(table.times[$0].day) })
        #expect(table.times.first?.isoDateString == "2024-01-01" && table.times.last?.isoDateString == "2025-01-13")
        let conflict = try #require(loadError("slashes-conflict.csv"))
        #expect(conflict.description.contains("writes '04/13/2024' (month first) and '13/04/2024' (day first)"))
        #expect(conflict.description.contains("slashes-conflict.csv:3"))
    }

    private func parseChoosing(_ text: String, _ choice: SeriesColumnChoice) throws(LoadError) -> SeriesTable {
        try SeriesLoader.load(.string(text, name: "test"), choice: choice)
    }

    @Test func aColumnThatCannotSettleItsDayMonthOrderIsAnErrorUntilAnOptionSays() throws {
        // Every day 12 or less: pandas reads 04/05/2024 month first with only a UserWarning.
        var text = "date,count\n"
        for day in 1...12 { text += "\(pad(day))/05/2024,\(day)\n" }
        let error = try #require(parseError(text))
        #expect(error.description.contains("the column 'date' never writes a day above 12"))
        #expect(error.description.contains("'01/05/2024' is 1 May 2024 day first, 5 January 2024 month first"))
        #expect(error.description.contains("say which with --day-first or --month-first"))
        // pandas dayfirst=True: 1 to 12 May; dayfirst=False: the fifth of January to December.
        let dayFirst = try parseChoosing(text, SeriesColumnChoice(dayFirst: true))
        #expect(dayFirst.times.map(\.isoDateString) == (1...12).map { "2024-05-\(pad($0))" })
        #expect(!dayFirst.warnings.contains { $0.message.contains("day above 12") })
        let monthFirst = try parseChoosing(text, SeriesColumnChoice(dayFirst: false))
        #expect(monthFirst.times.map(\.isoDateString) == (1...12).map { "2024-\(pad($0))-05" })
        // A value only one order can read, against the option chosen, is named.
        let against = try #require(loadError("slashes-dayfirst.csv", SeriesColumnChoice(dayFirst: false)))
        #expect(against.description.contains("writes '13/01/2025', which can only be day first, against --month-first"))
        // A column that settles itself needs no option.
        #expect(try load("slashes-dayfirst.csv").rowCount == 121)
    }

    @Test func aUSPortalsOwnFormIsMonthFirstWithoutAsking() throws {
        // Slashes and AM/PM (Socrata's export): pandas reads it month first, and so do we.
        var text = "date,count\n"
        for day in 1...12 { text += "\(pad(day))/05/2024 01:00:00 PM,\(day)\n" }
        let table = try parseChoosing(text, SeriesColumnChoice())
        #expect(table.times.map(\.isoDateString) == (1...12).map { "2024-\(pad($0))-05" })
        // A later value with a day above 12 still turns the column round.
        text += "13/05/2024 01:00:00 PM,13\n"
        let turned = try parseChoosing(text, SeriesColumnChoice())
        #expect(turned.times.last?.isoDateString == "2024-05-13")
        #expect(turned.times.first?.isoDateString == "2024-05-01")
    }

    @Test func aColumnMixingZonesIsReadInOneZone() throws {
        // pandas: pd.to_datetime(…, utc=True).dt.tz_convert('-07:00') — 00:00, 01:00, 02:00, 03:00.
        let text = "time,count\n2024-07-01T00:00:00-07:00,1\n2024-07-01T08:00:00Z,2\n2024-07-01T02:00:00-07:00,3\n2024-07-01T11:00:00+01:00,4\n"
        let table = try parse(text)
        #expect(table.times.map(\.isoString) == ["2024-07-01T00:00:00", "2024-07-01T01:00:00", "2024-07-01T02:00:00", "2024-07-01T03:00:00"])
        let note = try #require(table.warnings.first { $0.message.contains("gives zones") }?.message)
        #expect(note.contains("gives zones (-07:00, UTC, +01:00); all are read in one zone, the first value's (-07:00): 2 times were converted to it"))
        // A zone's daylight saving time, an hour off, keeps its wall clock (zones.csv: -08:00 and -07:00).
        let seattle = try load("zones.csv")
        #expect(seattle.times.map(\.hour) == [0, 1, 3, 4, 5])
    }

    @Test func aMeasuresStatsTableGivesItsMeanAndNoSum() throws {
        let stats = SeriesStats(try load("temperatures.csv"), by: .year)
        var text = ""
        SeriesStatsExport.table(stats) { text += $0 }
        let words = text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        // pandas: groupby(year).agg(['count','mean','min','max']) — temp_c 72, -3.5, -10, 3; rain_mm sums to 36.
        #expect(words == ["temp_c (a measure: periods average it)", "Year Hours Mean Min Max Missing", "2024 72 -3.5 -10 3 0",
                          "rain_mm (a count: periods add it up)", "Year Hours Sum Mean Min Max Missing", "2024 72 36 0.5 0 2 0"])
    }

    @Test func dateOnlyAndMonthColumns() throws {
        let table = try parse("month,count\n2024-01,5\n2024-02,6\n2024-03,6\n2024-05,7\n")
        #expect(table.times.map(\.isoDateString) == ["2024-01-01", "2024-02-01", "2024-03-01", "2024-05-01"])
        #expect(SeriesStep(table.times) == .months(1))
        #expect(SeriesSummary(table).gaps.map(\.start.isoDateString) == ["2024-04-01"])
    }

    // MARK: - Steps

    @Test func theStepIsFoundFromTheData() throws {
        #expect(SeriesStep(try load("daily.csv").times) == .day)
        #expect(SeriesStep(try load("quarter-hour.csv").times) == .seconds(900))
        #expect(SeriesStep(try load("temperatures.csv").times) == .hour)
        #expect(SeriesStep([]) == .hour)
    }

    @Test func aDailyTableMissesDaysNotHours() throws {
        let summary = SeriesSummary(try load("daily.csv"))
        // pandas: reindex(date_range(freq='D')) has 3 absent days and 1 blank: 4 without a value.
        #expect(summary.missingHours == 3)
        #expect(summary.gaps == [SeriesSummary.Gap(start: date("2024-02-10T00:00"), hours: 3, step: .day)])
        #expect(summary.outages.missing == 4)
        #expect(summary.columns[0].total == 107_414)
        let text = SeriesSummaryReport.text(summary, title: "Counts")
        #expect(text.contains("Rows: ") && text.contains("87 days\n"))
        #expect(text.contains("Missing days: "))
        #expect(!text.contains("hour"))
    }

    @Test func theBusiestHourOfQuarterHoursAddsThemUp() throws {
        let summary = SeriesSummary(try load("quarter-hour.csv"))
        // pandas: resample('h').sum().max() is 246 at 2024-05-06 08:00 (the busiest quarter is 63).
        #expect(summary.columns[0].maximum == 246)
        #expect(summary.columns[0].busiestHour == date("2024-05-06T08:00"))
        #expect(summary.columns[0].total == 3619)
        #expect(summary.outages.missing == 1)
    }

    // MARK: - Counts and measures

    @Test func measuresAreAveragedCountsSummed() throws {
        let table = try load("temperatures.csv")
        #expect(table.series.map(\.kind) == [.measure, .count])
        let summary = SeriesSummary(table)
        // pandas: temp_c mean -3.5, min -10, max 3.
        #expect(summary.columns[0].mean == -3.5 && summary.columns[0].minimum == -10 && summary.columns[0].maximum == 3)
        let text = SeriesSummaryReport.text(summary, title: "Readings")
        #expect(text.contains("temp_c mean: ") && text.contains("-3.50 (min -10, max 3)"))
        #expect(!text.contains("temp_c total"))
        let stats = SeriesStats(table, by: .day)
        // pandas resample('D'): temp_c mean -4.0, -3.5, -3.0; rain_mm sum 12 each.
        #expect(stats.aggregates.map { $0[0].mean } == [-4.0, -3.5, -3.0])
        #expect(stats.aggregates.map { $0[1].sum } == [12, 12, 12])
        var csv = ""
        SeriesStatsExport.write(stats, as: .csv) { csv += $0 }
        #expect(csv.hasPrefix("day,series,kind,count,sum,mean,min,max,missing\n2024-01-15,temp_c,measure,24,"))
        let forced = try load("temperatures.csv", SeriesColumnChoice(summed: ["temp_c"], averaged: ["rain_mm"]))
        #expect(forced.series.map(\.kind) == [.count, .measure])
        #expect(loadError("temperatures.csv", SeriesColumnChoice(summed: ["pressure"]))?.description.contains("no series named 'pressure' for --sum") == true)
    }

    @Test func periodRowsAverageMeasuresAndCountWhatIsMissing() throws {
        let temperatures = SeriesPeriodRows(try load("temperatures.csv"), granularity: .day)
        // pandas resample('D'): temp_c mean -4.0, -3.5, -3.0 (not the sums -96, -84, -72); rain_mm sum 12.
        #expect(temperatures.totals[0] == [-4.0, -3.5, -3.0])
        #expect(temperatures.totals[1] == [12, 12, 12])
        #expect(temperatures.missing == [0, 0, 0])
        let weeks = SeriesPeriodRows(try load("daily.csv"), granularity: .week)
        // pandas: full.isna().resample('W-MON', closed='left', label='left').sum(): 2024-02-05 2,
        // 2024-02-12 1, 2024-02-26 1.
        let missing = Dictionary(uniqueKeysWithValues: zip(weeks.starts.map(\.isoDateString), weeks.missing)).filter { $0.value > 0 }
        #expect(missing == ["2024-02-05": 2, "2024-02-12": 1, "2024-02-26": 1])
    }

    // MARK: - Long tables

    @Test func aLongTableBecomesASeriesAKey() throws {
        let table = try load("long.csv")
        #expect(table.series.map(\.name) == ["Fremont", "Spokane", "Burke"])
        #expect(table.rowCount == 48)
        #expect(!table.warnings.contains { $0.message.contains("duplicate") })
        // pandas pivot: sums Burke 1183, Fremont 1146, Spokane 1170; Burke blank once.
        #expect(SeriesSummary(table).columns.map(\.total) == [1146, 1170, 1183])
        #expect(try column(table, "Burke").filter { $0 == nil }.count == 1)
        let named = try load("long.csv", SeriesColumnChoice(keyColumn: "counter"))
        #expect(named.series.map(\.name) == table.series.map(\.name))
    }

    @Test func moreThan200KeysIsAnErrorNamingTheCount() {
        var text = "date,station,value\n"
        for key in 0..<250 { text += "2024-01-01T00:00:00,s\(key),1\n2024-01-01T01:00:00,s\(key),2\n" }
        let error = parseError(text)
        #expect(error?.description.contains("the key column 'station' holds 250 keys; at most 200 become series") == true)
    }

    // MARK: - Outages

    @Test func theOutageHeadline() throws {
        let summary = SeriesSummary(try load("outage.csv"))
        // pandas: reindex hourly, Total NaN 507 hours; runs 1 h, 503 h (06-28 01:00 → 07-18 23:00), 3 h.
        #expect(summary.outages.missing == 507)
        #expect(summary.outages.runs.map(\.length) == [1, 503, 3])
        #expect(SeriesSummaryReport.headline(summary) == "507 hours without a count; longest 2025-06-28 01:00 → 07-18 23:00, 503 h")
        var csv = ""
        SeriesOutagesExport.write(summary.outages, as: .csv) { csv += $0 }
        #expect(csv == "start,end,hours\n2025-06-27T06:00:00,2025-06-27T06:00:00,1\n2025-06-28T01:00:00,2025-07-18T23:00:00,503\n2025-07-20T03:00:00,2025-07-20T05:00:00,3\n")
    }

    @Test func summaryLabelsNeverRunIntoTheirValues() throws {
        let name = "Burke Gilman Trail north of NE 70th St Bike and Ped Counter"
        let table = try parse("date,\(name)\n2024-01-01T00:00:00,850\n2024-01-01T01:00:00,851\n")
        let report = SeriesSummaryReport.text(SeriesSummary(table), title: "Counts")
        for line in report.split(separator: "\n").dropFirst(2) {
            #expect(line.contains(": "), "\(line)")
        }
        #expect(report.contains("\(name) average per day: 1,701.0"))
    }
}
