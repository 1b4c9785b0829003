import Foundation
import Testing
@testable import FremontCore
import FremontTestSupport

/// Tables with thousands of columns: telling the columns apart costs time in proportion to the
/// input (it once took a pass over the sample per column, O(rows × columns²): 40 s for a
/// 50,000-column CSV), and past `SeriesTableBuilder.maximumColumns` the file is refused, saying
/// the cap, the count and where.
@Suite(.serialized) struct WideTableTests {
    /// A time column and `columns - 1` numeric ones, over `rows` rows.
    static func wideCSV(columns: Int, rows: Int = 10) -> String {
        var text = "date," + (1..<columns).map { "c\($0)" }.joined(separator: ",") + "\n"
        for hour in 0..<rows {
            text += "2024-01-01T\(hour < 10 ? "0" : "")\(hour):00," + (1..<columns).map { String(($0 + hour) % 10) }.joined(separator: ",") + "\n"
        }
        return text
    }

    /// About the same bytes as `wideCSV(columns:)`, in three columns: the linear reference.
    static func tallCSV(bytes: Int) -> String {
        var text = "date,a,b\n"
        var hour = 0
        while text.utf8.count < bytes {
            text += "\(LocalDateTime(uncheckedYear: 2000, month: 1, day: 1, hour: 0, minute: 0, second: 0).addingHours(hour).isoString),\(hour % 7),\(hour % 5)\n"
            hour += 1
        }
        return text
    }

    /// Rows of `columns - 1` numeric keys beside a date.
    static func wideJSON(columns: Int, rows: Int = 10) -> String {
        "[" + (0..<rows).map { hour in
            "{\"date\":\"2024-01-01T0\(hour):00\"," + (1..<columns).map { "\"c\($0)\":\"\(($0 + hour) % 10)\"" }.joined(separator: ",") + "}"
        }.joined(separator: ",\n") + "]"
    }

    static func tallJSON(bytes: Int) -> String {
        var rows: [String] = []
        var size = 0, hour = 0
        while size < bytes {
            let row = "{\"date\":\"\(LocalDateTime(uncheckedYear: 2000, month: 1, day: 1, hour: 0, minute: 0, second: 0).addingHours(hour).isoString)\",\"a\":\"\(hour % 7)\",\"b\":\"\(hour % 5)\"}"
            size += row.utf8.count + 2
            rows.append(row)
            hour += 1
        }
        return "[" + rows.joined(separator: ",\n") + "]"
    }

    private func load(_ text: String, _ format: TableFormat) throws(LoadError) -> SeriesTable {
        try SeriesLoader.load(.string(text, name: "wide"), format: format)
    }

    /// The error loading `text` gives, nil when it loads.
    private func failure(_ text: String, _ format: TableFormat) -> LoadError? {
        do throws(LoadError) {
            _ = try load(text, format)
            return nil
        } catch {
            return error
        }
    }

    @Test func wideCSVLoadsInTimeProportionalToItsSize() throws {
        let table = try load(Self.wideCSV(columns: 16_000), .csv)
        #expect(table.series.count == 15_999)
        #expect(table.rowCount == 10)
        // 1,000 → 16,000 columns: a pass per column made the time per byte grow 16 times.
        let growth = GrowthCheck.relativeGrowth(sizes: [1_000, 4_000, 16_000], bound: 4,
                                                make: { Self.wideCSV(columns: $0) }, work: { _ = try? load($0, .csv) },
                                                reference: { Self.tallCSV(bytes: Self.wideCSV(columns: $0).utf8.count) },
                                                { _ = try? load($0, .csv) })
        #expect(growth <= 4, "time per byte grew \(growth)× more than a narrow table's from 1,000 to 16,000 columns")
    }

    @Test func wideJSONLoadsInTimeProportionalToItsSize() throws {
        let table = try load(Self.wideJSON(columns: 16_000), .json)
        #expect(table.series.count == 15_999)
        let growth = GrowthCheck.relativeGrowth(sizes: [1_000, 4_000, 16_000], bound: 4,
                                                make: { Self.wideJSON(columns: $0) }, work: { _ = try? load($0, .json) },
                                                reference: { Self.tallJSON(bytes: Self.wideJSON(columns: $0).utf8.count) },
                                                { _ = try? load($0, .json) })
        #expect(growth <= 4, "time per byte grew \(growth)× more than a narrow table's from 1,000 to 16,000 columns")
    }

    @Test func fiftyThousandColumnsAreRefusedAtOnceNamingTheCap() {
        let csv = Self.wideCSV(columns: 50_000, rows: 3)
        // Processor time: a parallel run on two loaded cores once took 17 s of wall clock.
        let (error, elapsed) = ThreadCPUTime.measure { failure(csv, .csv) }
        #expect(error?.description == "wide:1: the header has 50,000 columns; at most 16,384 are read")
        #expect(elapsed < .seconds(5))
    }

    @Test func oneColumnPastTheCapIsRefusedInEveryFormat() {
        let columns = SeriesTableBuilder.maximumColumns + 1
        #expect((try? load(Self.wideCSV(columns: SeriesTableBuilder.maximumColumns, rows: 1), .csv))?.series.count == columns - 2)
        var error = failure(Self.wideCSV(columns: columns, rows: 1), .csv)
        #expect(error?.description == "wide:1: the header has 16,385 columns; at most 16,384 are read")
        // JSON names columns as keys turn up: the row that brings the one too many is named.
        let json = "[{\"date\":\"2024-01-01T00:00\",\"c1\":\"1\"},\n" + Self.wideJSON(columns: columns, rows: 1).dropFirst()
        error = failure(json, .json)
        #expect(error?.description == "wide:2: more than 16,384 columns (column 16,385 is 'c16384'); at most 16,384 are read")
        let xml = "<response><row>\n<row><date>2024-01-01T00:00</date>"
            + (1..<columns).map { "<c\($0)>1</c\($0)>" }.joined() + "</row></row></response>"
        error = failure(xml, .xml)
        #expect(error?.message == "more than 16,384 columns (column 16,385 is 'c16384'); at most 16,384 are read")
        #expect(error?.location?.line == 2)
    }

    /// JSON rows that each give one of thousands of keys: every kept row holds a value or a gap
    /// for every series, so 273 KB once took 847 MB and 12 s. The values kept stay in proportion
    /// to the fields read; past that the rows are refused, pointing at --columns.
    @Test func sparseRowsOfManySeriesAreRefusedNotMadeWide() {
        let first = "{\"date\":\"2024-01-01T00:00\"," + (1..<16_000).map { "\"c\($0)\":\"1\"" }.joined(separator: ",") + "}"
        let rest = (1...2_000).map { "{\"date\":\"\(LocalDateTime(uncheckedYear: 2024, month: 1, day: 1, hour: 0, minute: 0, second: 0).addingHours($0).isoString)\",\"c1\":\"1\"}" }
        let json = "[" + ([first] + rest).joined(separator: ",\n") + "]"
        let (error, elapsed) = ThreadCPUTime.measure { failure(json, .json) }
        #expect(elapsed < .seconds(10))
        #expect(error?.message.hasPrefix("the rows give few of the 15,999 series' values: ") == true)
        #expect(error?.message.hasSuffix("; name the series wanted with --columns") == true)
        // Found as soon as the first 200 rows have settled the columns (200 × 15,999 values for
        // some 16,400 fields), where the 200th row is.
        #expect(error?.location?.line == 200)
        // Named, the series it gives load.
        let chosen = try? SeriesLoader.load(.string(json, name: "wide"), format: .json, choice: SeriesColumnChoice(columns: ["c1"]))
        #expect(chosen?.rowCount == 2_001)
    }

    @Test func aRowMissingThousandsOfValuesIsOneShortWarning() throws {
        let header = "date," + (1..<2_000).map { "c\($0)" }.joined(separator: ",")
        let full = "2024-01-01T00:00," + Array(repeating: "1", count: 1_999).joined(separator: ",")
        let empty = "2024-01-01T01:00," + Array(repeating: "", count: 1_999).joined(separator: ",")
        let table = try load([header, full, empty].joined(separator: "\n") + "\n", .csv)
        #expect(table.warnings.map(\.description) == [
            "line 3: 2024-01-01T01:00:00: 'c1' missing; 'c2' missing; 'c3' missing; 'c4' missing; 'c5' missing; 'c6' missing; 'c7' missing; 'c8' missing; and 1,991 more",
        ])
    }
}
