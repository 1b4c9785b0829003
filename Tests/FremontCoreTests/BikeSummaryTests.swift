import Testing
@testable import FremontCore

@Suite struct BikeSummaryTests {
    private func row(_ when: String, _ north: Int?, _ south: Int?) -> BikeRow {
        BikeRow(date: date(when), northbound: north, southbound: south)
    }

    @Test func averagesAreOverTheDaysPresent() {
        let rows = [row("2016-04-01T08:00", 10, 20), row("2016-04-01T09:00", 30, 40), row("2016-04-03T08:00", 5, 5)]
        let summary = BikeSummary(rows: rows)
        #expect(summary.daysCovered == 2)
        #expect(summary.total == 110)
        #expect(summary.averagePerDay == 55)
        #expect(summary.northbound.averagePerDay == 22.5)
        #expect(summary.southbound.averagePerDay == 32.5)
        #expect(summary.days.map(\.total) == [100, 10])
        #expect(summary.days.map(\.hours) == [2, 1])
        #expect(summary.ratio == 45.0 / 65.0)
    }

    @Test func busiestHoursAndMaximums() {
        let summary = BikeSummary(rows: [row("2016-04-01T08:00", 10, 90), row("2016-04-01T17:00", 70, 90), row("2016-04-02T08:00", 70, 1)])
        #expect(summary.northbound.maximum == 70)
        #expect(summary.northbound.busiestHour == date("2016-04-01T17:00"))
        #expect(summary.southbound.busiestHour == date("2016-04-01T08:00"))
    }

    @Test func gapsInTheHourlySequence() {
        let rows = [row("2016-04-01T22:00", 1, 1), row("2016-04-02T01:00", 1, 1), row("2016-04-02T02:00", 1, 1), row("2016-04-02T04:00", 1, 1)]
        let summary = BikeSummary(rows: rows)
        #expect(summary.gaps == [BikeSummary.Gap(start: date("2016-04-01T23:00"), hours: 2), BikeSummary.Gap(start: date("2016-04-02T03:00"), hours: 1)])
        #expect(summary.gaps[0].end == date("2016-04-02T00:00"))
        #expect(summary.missingHours == 3)
    }

    @Test func missingCountsAreNotZeros() {
        let summary = BikeSummary(rows: [row("2016-04-01T08:00", nil, 4), row("2016-04-01T09:00", 2, nil), row("2016-04-01T10:00", 0, 0)])
        #expect(summary.rowsWithMissingCount == 2)
        #expect(summary.northbound.countedHours == 2)
        #expect(summary.southbound.countedHours == 2)
        #expect(summary.northbound.total == 2)
    }

    @Test func emptyAndOneSided() {
        let empty = BikeSummary(rows: [])
        #expect(empty.daysCovered == 0 && empty.averagePerDay == 0 && empty.ratio == nil)
        #expect(BikeSummary(rows: [row("2016-04-01T08:00", 3, 0)]).ratio == nil)
    }
}

@Suite struct BikeShadeTests {
    private let counts = BikeCounts(rows: [
        BikeRow(date: date("2016-04-01T08:00"), northbound: 400, southbound: 100),
        BikeRow(date: date("2016-04-01T17:00"), northbound: 100, southbound: 500),
        BikeRow(date: date("2016-04-01T12:00"), northbound: 200, southbound: 100),
        BikeRow(date: date("2016-04-01T13:00"), northbound: 50, southbound: 250),
        BikeRow(date: date("2016-04-01T03:00"), northbound: 0, southbound: 0),
        BikeRow(date: date("2016-04-01T04:00"), northbound: 7, southbound: 7),
        BikeRow(date: date("2016-04-01T05:00"), northbound: nil, southbound: 9),
    ])

    @Test func theBusiestHourInEachDirectionIsFullColour() {
        #expect(counts.shade(for: counts.rows[0]) == BikeShade(direction: .north, strength: 1))
        #expect(counts.shade(for: counts.rows[1]) == BikeShade(direction: .south, strength: 1))
    }

    @Test func strengthIsTheCountOverThatDirectionsMaximum() {
        #expect(counts.shade(for: counts.rows[2]) == BikeShade(direction: .north, strength: 0.5))
        #expect(counts.shade(for: counts.rows[3]) == BikeShade(direction: .south, strength: 0.5))
    }

    @Test func tiesEmptyHoursAndMissingCountsAreNeutral() {
        for index in 4...6 {
            #expect(counts.shade(for: counts.rows[index]) == BikeShade(direction: .even, strength: 0))
        }
    }

    @Test func aprilBusiestHoursOnTheRealData() throws {
        let april = try SharedData.bikes("fremont-2016-04.xml")
        let busiestNorth = april.rows.first { $0.northbound == 455 }!
        let busiestSouth = april.rows.first { $0.southbound == 593 }!
        #expect(april.shade(for: busiestNorth) == BikeShade(direction: .north, strength: 1))
        #expect(april.shade(for: busiestSouth) == BikeShade(direction: .south, strength: 1))
        let quietNight = april.rows.first { $0.date == date("2016-04-01T04:00") }!  // 0 north, 2 south
        #expect(april.shade(for: quietNight).strength < 0.01)
    }
}

@Suite struct BikeExportTests {
    private let rows = [
        BikeRow(date: date("2016-04-01T06:00"), northbound: 94, southbound: 43),
        BikeRow(date: date("2016-04-01T07:00"), northbound: nil, southbound: 1_106),
    ]

    private func render(_ format: BikeExport.Format, _ rows: [BikeRow]) -> String {
        var out = ""
        BikeExport.write(rows, as: format) { out += $0 }
        return out
    }

    @Test func csv() {
        #expect(render(.csv, rows) == "date,northbound,southbound\n2016-04-01T06:00:00,94,43\n2016-04-01T07:00:00,,1106\n")
    }

    @Test func json() {
        #expect(render(.json, rows) == """
        [
        {"date":"2016-04-01T06:00:00","northbound":94,"southbound":43},
        {"date":"2016-04-01T07:00:00","northbound":null,"southbound":1106}
        ]

        """)
        #expect(render(.json, []) == "[]\n")
    }

    @Test func table() {
        #expect(render(.table, rows) == """
        Date                  Northbound  Southbound   Total
        Fri 2016-04-01 06:00          94          43     137
        Fri 2016-04-01 07:00           —       1,106       —

        """)
    }

    @Test func csvRoundTripsThroughTheParser() throws {
        let april = try SharedData.bikes("city-export-2012-10-02_to_2025-07-31.csv")
        let written = render(.csv, april.rows)
        let reread = try parse(written)
        #expect(reread.rows == april.rows)
    }

    @Test func summaryReportForApril() throws {
        let april = try SharedData.bikes("fremont-2016-04.csv")
        let report = BikeSummaryReport.text(april.summary, title: "April")
        #expect(report == """
        April
        Span:                       Fri 2016-04-01 00:00 to Sat 2016-04-30 23:00
        Rows:                       720 hours on 30 days
        Northbound total:           46,905
        Southbound total:           46,734
        Total crossings:            93,639
        Average crossings per day:  3,121.3
        Northbound average per day: 1,563.5
        Southbound average per day: 1,557.8
        North/South ratio:          1.004
        Busiest northbound hour:    455 on Tuesday, April 19, 2016  8:00 AM
        Busiest southbound hour:    593 on Monday, April 18, 2016  5:00 PM
        Missing hours:              none
        Rows with a missing count:  0

        """)
    }

    @Test func numbers() {
        #expect(NumberText.grouped(0) == "0")
        #expect(NumberText.grouped(999) == "999")
        #expect(NumberText.grouped(1_000) == "1,000")
        #expect(NumberText.grouped(-11_924_026) == "-11,924,026")
        #expect(NumberText.grouped(1.0036, decimals: 3) == "1.004")
        #expect(NumberText.grouped(2_544.64, decimals: 1) == "2,544.6")
        #expect(NumberText.grouped(0.05, decimals: 1) == "0.1")
        #expect(DateText.full(date("2016-04-01T06:00")) == "Friday, April 1, 2016  6:00 AM")
        #expect(DateText.full(date("2016-04-01T12:00")) == "Friday, April 1, 2016 12:00 PM")
        #expect(DateText.full(date("2016-04-01T00:00")) == "Friday, April 1, 2016 12:00 AM")
    }
}
