import Testing
@testable import FremontCore
import FremontTestSupport

@Suite(.needsSharedData) struct BikeSummaryTests {
    private func row(_ when: String, _ north: Int?, _ south: Int?) -> BikeRow {
        BikeRow(date: date(when), northbound: north, southbound: south)
    }

    private func summary(_ rows: [BikeRow]) -> SeriesSummary { SeriesSummary(.fremont(rows)) }

    @Test func averagesAreOverTheDaysPresent() {
        let rows = [row("2016-04-01T08:00", 10, 20), row("2016-04-01T09:00", 30, 40), row("2016-04-03T08:00", 5, 5)]
        let result = summary(rows)
        #expect(result.daysCovered == 2)
        #expect(result.total == 110)
        #expect(result.averagePerDay == 55)
        #expect(result.northbound.averagePerDay == 22.5)
        #expect(result.southbound.averagePerDay == 32.5)
        #expect(result.days.map { $0.totals.reduce(0, +) } == [100, 10])
        #expect(result.days.map(\.hours) == [2, 1])
        #expect(result.ratio == 45.0 / 65.0)
    }

    @Test func busiestHoursAndMaximums() {
        let result = summary([row("2016-04-01T08:00", 10, 90), row("2016-04-01T17:00", 70, 90), row("2016-04-02T08:00", 70, 1)])
        #expect(result.northbound.maximum == 70)
        #expect(result.northbound.busiestHour == date("2016-04-01T17:00"))
        #expect(result.southbound.busiestHour == date("2016-04-01T08:00"))
    }

    @Test func gapsInTheHourlySequence() {
        let rows = [row("2016-04-01T22:00", 1, 1), row("2016-04-02T01:00", 1, 1), row("2016-04-02T02:00", 1, 1), row("2016-04-02T04:00", 1, 1)]
        let result = summary(rows)
        #expect(result.gaps == [SeriesSummary.Gap(start: date("2016-04-01T23:00"), hours: 2), SeriesSummary.Gap(start: date("2016-04-02T03:00"), hours: 1)])
        #expect(result.gaps[0].end == date("2016-04-02T00:00"))
        #expect(result.missingHours == 3)
    }

    @Test func missingCountsAreNotZeros() {
        let result = summary([row("2016-04-01T08:00", nil, 4), row("2016-04-01T09:00", 2, nil), row("2016-04-01T10:00", 0, 0)])
        #expect(result.rowsWithMissingValue == 2)
        #expect(result.northbound.countedHours == 2)
        #expect(result.southbound.countedHours == 2)
        #expect(result.northbound.total == 2)
    }

    @Test func emptyAndOneSided() {
        let empty = summary([])
        #expect(empty.daysCovered == 0 && empty.averagePerDay == 0 && empty.ratio == nil)
        #expect(summary([row("2016-04-01T08:00", 3, 0)]).ratio == nil)
    }
}

@Suite(.needsSharedData) struct RowShadeTests {
    private let hours = [
        BikeRow(date: date("2016-04-01T08:00"), northbound: 400, southbound: 100),
        BikeRow(date: date("2016-04-01T17:00"), northbound: 100, southbound: 500),
        BikeRow(date: date("2016-04-01T12:00"), northbound: 200, southbound: 100),
        BikeRow(date: date("2016-04-01T13:00"), northbound: 50, southbound: 250),
        BikeRow(date: date("2016-04-01T03:00"), northbound: 0, southbound: 0),
        BikeRow(date: date("2016-04-01T04:00"), northbound: 7, southbound: 7),
        BikeRow(date: date("2016-04-01T05:00"), northbound: nil, southbound: 9),
    ]
    private var counts: SeriesTable { .fremont(hours) }

    private func shade(_ table: SeriesTable, _ row: Int) -> RowShade {
        ShadeRule(table, summary: SeriesSummary(table)).shade(table, row: row)
    }

    private func shade(_ table: SeriesTable, _ row: BikeRow) -> RowShade {
        shade(table, table.times.firstIndex(of: row.date)!)
    }

    @Test func theBusiestHourInEachDirectionIsFullColour() {
        #expect(shade(counts, hours[0]) == RowShade(direction: .north, strength: 1))
        #expect(shade(counts, hours[1]) == RowShade(direction: .south, strength: 1))
    }

    @Test func strengthIsTheCountOverThatDirectionsMaximum() {
        #expect(shade(counts, hours[2]) == RowShade(direction: .north, strength: 0.5))
        #expect(shade(counts, hours[3]) == RowShade(direction: .south, strength: 0.5))
    }

    @Test func tiesEmptyHoursAndMissingCountsAreNeutral() {
        for index in 4...6 {
            #expect(shade(counts, hours[index]) == RowShade(direction: .even, strength: 0))
        }
    }

    @Test func aprilBusiestHoursOnTheRealData() throws {
        let april = try SharedData.bikes("fremont-2016-04.xml")
        let busiestNorth = april.rows.first { $0.northbound == 455 }!
        let busiestSouth = april.rows.first { $0.southbound == 593 }!
        #expect(shade(april, busiestNorth) == RowShade(direction: .north, strength: 1))
        #expect(shade(april, busiestSouth) == RowShade(direction: .south, strength: 1))
        let quietNight = april.rows.first { $0.date == date("2016-04-01T04:00") }!  // 0 north, 2 south
        #expect(shade(april, quietNight).strength < 0.01)
    }
}

@Suite(.needsSharedData) struct BikeExportTests {
    private let rows = [
        BikeRow(date: date("2016-04-01T06:00"), northbound: 94, southbound: 43),
        BikeRow(date: date("2016-04-01T07:00"), northbound: nil, southbound: 1_106),
    ]

    private func render(_ format: SeriesExport.Format, _ rows: [BikeRow]) -> String {
        render(format, .fremont(rows))
    }

    private func render(_ format: SeriesExport.Format, _ table: SeriesTable) -> String {
        var out = ""
        SeriesExport.write(table, as: format) { out += $0 }
        return out
    }

    @Test func csv() {
        #expect(render(.csv, rows) == "date,fremont_bridge_nb,fremont_bridge_sb\n2016-04-01T06:00:00,94,43\n2016-04-01T07:00:00,,1106\n")
    }

    @Test func everySeriesUnderItsSourceName() {
        let hour = date("2014-01-01T00:00")
        let table = SeriesTable(series: [Series(name: "BGT Total", role: .total), Series(name: "Ped, South"), Series(name: "temp")],
                                times: [hour, hour.addingHours(1)], values: [[15, 9], [0, .nan], [-3.5, 1_234.25]])
        #expect(render(.csv, table) == "date,BGT Total,\"Ped, South\",temp\n2014-01-01T00:00:00,15,0,-3.5\n2014-01-01T01:00:00,9,,1234.25\n")
        #expect(render(.json, table) == """
        [
        {"date":"2014-01-01T00:00:00","BGT Total":15,"Ped, South":0,"temp":-3.5},
        {"date":"2014-01-01T01:00:00","BGT Total":9,"Ped, South":null,"temp":1234.25}
        ]

        """)
        // The table puts the source's total last and computes none of its own.
        #expect(render(.table, table) == """
        Date                  Ped, South      temp    Total
        Wed 2014-01-01 00:00           0     -3.50       15
        Wed 2014-01-01 01:00           —  1,234.25        9

        """)
    }

    @Test func json() {
        #expect(render(.json, rows) == """
        [
        {"date":"2016-04-01T06:00:00","fremont_bridge_nb":94,"fremont_bridge_sb":43},
        {"date":"2016-04-01T07:00:00","fremont_bridge_nb":null,"fremont_bridge_sb":1106}
        ]

        """)
        #expect(render(.json, []) == "[]\n")
    }

    @Test func table() {
        #expect(render(.table, rows) == """
        Date                  Northbound  Southbound    Total
        Fri 2016-04-01 06:00          94          43      137
        Fri 2016-04-01 07:00           —       1,106        —

        """)
    }

    @Test func csvRoundTripsThroughTheParser() throws {
        let april = try SharedData.bikes("city-export-2012-10-02_to_2025-07-31.csv")
        let written = render(.csv, april)
        let reread = try parse(written)
        #expect(reread.rows == april.rows)
        #expect(reread.series.map(\.name) == april.series.map(\.name))
        #expect(reread.series.map(\.role) == [.northbound, .southbound, .total])
    }

    @Test func summaryReportForApril() throws {
        let april = try SharedData.bikes("fremont-2016-04.csv")
        let report = SeriesSummaryReport.text(april.summary, title: "April")
        #expect(report == """
        April
        Every hour has a count.
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
        Rows with a missing value:  0

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
        #expect(NumberText.grouped(-0.004, decimals: 2) == "0.00")
        #expect(NumberText.grouped(-2.996, decimals: 2) == "-3.00")
        // Past 2^53 a double has no fraction: no digits invented by scaling it.
        #expect(NumberText.grouped(10_000_000_000_000_002, decimals: 2) == "10,000,000,000,000,002.00")
        #expect(NumberText.grouped(1_000_000_000_000_000.25, decimals: 1) == "1,000,000,000,000,000.3")
        #expect(DateText.full(date("2016-04-01T06:00")) == "Friday, April 1, 2016  6:00 AM")
        #expect(DateText.full(date("2016-04-01T12:00")) == "Friday, April 1, 2016 12:00 PM")
        #expect(DateText.full(date("2016-04-01T00:00")) == "Friday, April 1, 2016 12:00 AM")
    }
}
