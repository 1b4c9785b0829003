import Testing
@testable import FremontCore

/// The writers' exact text, on two series (one name needing CSV quotes) over three days: a day
/// starting at 22:00, a day with no rows, a day whose one hour ends the span.
@Suite struct SeriesStatsExportTests {
    let stats = SeriesStats(SeriesFixture.rows(["Total", "West, Sidewalk"], [
        ("2016-04-01T22:00", [1200, 500]), ("2016-04-01T23:00", [34, nil]), ("2016-04-03T00:00", [nil, 2.5]),
    ]), by: .day)

    private func text(_ format: SeriesStatsExport.Format, _ stats: SeriesStats? = nil) -> String {
        var out = ""
        SeriesStatsExport.write(stats ?? self.stats, as: format) { out += $0 }
        return out
    }

    @Test func csvIsLongWithTheGroupFirst() {
        #expect(text(.csv) == """
            day,series,kind,count,sum,mean,min,max,missing
            2016-04-01,Total,count,2,1234,617,34,1200,0
            2016-04-01,"West, Sidewalk",count,1,500,500,500,500,1
            2016-04-02,Total,count,0,0,,,,24
            2016-04-02,"West, Sidewalk",count,0,0,,,,24
            2016-04-03,Total,count,0,0,,,,1
            2016-04-03,"West, Sidewalk",count,1,2.5,2.5,2.5,2.5,0

            """)
    }

    @Test func jsonHasTheCSVsKeys() {
        #expect(text(.json) == """
            [
            {"day":"2016-04-01","series":"Total","kind":"count","count":2,"sum":1234,"mean":617,"min":34,"max":1200,"missing":0},
            {"day":"2016-04-01","series":"West, Sidewalk","kind":"count","count":1,"sum":500,"mean":500,"min":500,"max":500,"missing":1},
            {"day":"2016-04-02","series":"Total","kind":"count","count":0,"sum":0,"mean":null,"min":null,"max":null,"missing":24},
            {"day":"2016-04-02","series":"West, Sidewalk","kind":"count","count":0,"sum":0,"mean":null,"min":null,"max":null,"missing":24},
            {"day":"2016-04-03","series":"Total","kind":"count","count":0,"sum":0,"mean":null,"min":null,"max":null,"missing":1},
            {"day":"2016-04-03","series":"West, Sidewalk","kind":"count","count":1,"sum":2.5,"mean":2.5,"min":2.5,"max":2.5,"missing":0}
            ]

            """)
    }

    @Test func tableIsABlockPerSeries() {
        #expect(text(.table) == """
            Total (a count: periods add it up)
            Day             Hours    Sum   Mean   Min    Max  Missing
            Fri 2016-04-01      2  1,234  617.0    34  1,200        0
            Sat 2016-04-02      0      0      —     —      —       24
            Sun 2016-04-03      0      0      —     —      —        1

            West, Sidewalk (a count: periods add it up)
            Day             Hours    Sum   Mean   Min    Max  Missing
            Fri 2016-04-01      1    500  500.0   500    500        1
            Sat 2016-04-02      0      0      —     —      —       24
            Sun 2016-04-03      1   2.50    2.5  2.50   2.50        0

            """)
    }

    @Test func hoursAndYearsAreNumbersInJSON() {
        let table = SeriesFixture.rows(["A"], [("2016-04-01T08:00", [0.1]), ("2016-04-01T09:00", [0.2])])
        let hours = text(.json, SeriesStats(table, by: .hour))
        #expect(hours.hasPrefix("[\n{\"hour\":8,\"series\":\"A\",\"kind\":\"count\",\"count\":1,\"sum\":0.1,"))
        #expect(text(.json, SeriesStats(table, by: .year)) == """
            [
            {"year":2016,"series":"A","kind":"count","count":2,"sum":0.30000000000000004,"mean":0.15000000000000002,"min":0.1,"max":0.2,"missing":0}
            ]

            """)
        #expect(text(.csv, SeriesStats(table, by: .weekday)) == "weekday,series,kind,count,sum,mean,min,max,missing\nFriday,A,count,2,0.30000000000000004,0.15000000000000002,0.1,0.2,0\n")
        #expect(text(.table, SeriesStats(table, by: .hour)).hasSuffix("Hour   Hours   Sum  Mean   Min   Max  Missing\n08:00      1  0.10   0.1  0.10  0.10        0\n09:00      1  0.20   0.2  0.20  0.20        0\n"))
    }

    @Test func nothingToWrite() {
        let empty = SeriesStats(SeriesTable(series: [Series(name: "A")], times: [], values: [[]]), by: .week)
        #expect(text(.csv, empty) == "week,series,kind,count,sum,mean,min,max,missing\n")
        #expect(text(.json, empty) == "[]\n")
        #expect(text(.table, empty) == "No rows.\n")
    }
}
