import Foundation
import Testing
@testable import FremontCore

/// Column names come from the file: escapes in them never reach a terminal, formulas in them never
/// reach a spreadsheet as formulas, and a program reading a pipe still gets them as they are. The
/// values (`-3.5` among them) stay numbers for every reader.
@Suite struct HostileColumnNameTests {
    static let retitle = "\u{1B}]0;PWNED\u{07}north"
    static let recolour = "\u{1B}[31mred\u{9B}0m"
    static let reversed = "\u{202E}desrever"
    static let formulas = ["=HYPERLINK(\"http://x.example\",\"click\")", "+1+cmd", "-2+3", "@SUM(A1)", "\tTab"]
    static let names = [retitle, recolour, reversed] + formulas

    static func csvSource() -> String {
        let header = (["date"] + names).map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ",")
        let row = ["2016-04-01T00:00:00"] + names.map { _ in "-3.5" }
        return header + "\n" + row.joined(separator: ",") + "\n" + (["2016-04-01T01:00:00"] + names.map { _ in "2" }).joined(separator: ",") + "\n"
    }

    static func jsonSource() -> String {
        func row(_ date: String, _ value: String) -> String {
            "{\"date\":\"\(date)\"," + names.map { JSONText.string($0) + ":" + value }.joined(separator: ",") + "}"
        }
        return "[" + row("2016-04-01T00:00:00", "-3.5") + "," + row("2016-04-01T01:00:00", "2") + "]"
    }

    /// XML names cannot hold controls or start with a formula, but may hold the Arabic letter
    /// mark (a bidi control) and a prepended concatenation mark.
    static let xmlNames = ["a\u{061C}b", "c\u{0600}d"]
    static func xmlSource() -> String {
        func row(_ date: String, _ value: String) -> String {
            "<row><date>\(date)</date>" + xmlNames.map { "<\($0)>\(value)</\($0)>" }.joined() + "</row>"
        }
        return "<response>" + row("2016-04-01T00:00:00", "-3.5") + row("2016-04-01T01:00:00", "2") + "</response>"
    }

    static func load(_ text: String) throws -> SeriesTable {
        try SeriesLoader.load(.string(text, name: "hostile"))
    }

    /// Each source and the names it gives (a CSV header's names lose their leading blanks).
    static func sources() throws -> [(String, SeriesTable, [String])] {
        [("csv", try load(csvSource()), names.map { $0 == "\tTab" ? "Tab" : $0 }), ("json", try load(jsonSource()), names),
         ("xml", try load(xmlSource()), xmlNames)]
    }

    /// What a spreadsheet gets for each name: no controls or bidi marks, formulas after a `'`.
    static let forSpreadsheets = [
        retitle: "]0;PWNEDnorth", recolour: "[31mred0m", reversed: "desrever", "=HYPERLINK(\"http://x.example\",\"click\")":
            "'=HYPERLINK(\"http://x.example\",\"click\")", "+1+cmd": "'+1+cmd", "-2+3": "'-2+3", "@SUM(A1)": "'@SUM(A1)",
        "\tTab": "'\tTab", "Tab": "Tab", "a\u{061C}b": "ab", "c\u{0600}d": "cd",
    ]

    static func isTerminalSafe(_ text: String) -> Bool {
        !text.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) && $0 != "\n" && $0 != "\t" }
    }

    @Test func everySourceKeepsTheNamesAsTheyAre() throws {
        for (kind, table, names) in try Self.sources() {
            #expect(Set(table.series.map(\.name)) == Set(names), "\(kind)")
            #expect(table.values.allSatisfy { $0.first == -3.5 }, "\(kind)")
        }
    }

    @Test func csvForATerminalHasNoEscapesAndForAProgramEveryName() throws {
        for (kind, table, names) in try Self.sources() {
            var terminal = "", program = ""
            SeriesExport.write(table, as: .csv, audience: .terminal) { terminal += $0 }
            SeriesExport.write(table, as: .csv, audience: .program) { program += $0 }
            #expect(Self.isTerminalSafe(terminal), "\(kind): \(terminal.debugDescription)")
            #expect(terminal.contains("2016-04-01T00:00:00,-3.5,-3.5"), "\(kind)")
            // Faithful for a program: the header reads back as the names.
            let header = try CSVReader.records(program).first ?? []
            #expect(Set(header.dropFirst()) == Set(names), "\(kind)")
        }
    }

    /// The browser's `e` export: formulas start with `'`, escapes are gone, numbers are numbers.
    @Test func csvForASpreadsheetGuardsFormulasButNotNumbers() throws {
        for (kind, table, names) in try Self.sources() {
            var file = ""
            SeriesExport.csv(table, rows: 0..<table.rowCount, audience: .spreadsheet) { file += $0 }
            #expect(Self.isTerminalSafe(file), "\(kind)")
            let records = try CSVReader.records(file)
            #expect(Set(records[0].dropFirst()) == Set(names.map { Self.forSpreadsheets[$0]! }), "\(kind)")
            #expect(records[1].dropFirst().allSatisfy { $0 == "-3.5" }, "\(kind)")
            #expect(records[0].allSatisfy { cell in !["=", "+", "-", "@", "\t", "\r"].contains { cell.hasPrefix($0) } }, "\(kind)")
        }
    }

    @Test func statsCSVGuardsNamesAndLeavesNumbersAndGroups() throws {
        let table = try Self.load(Self.jsonSource())
        for grouping in [SeriesGrouping.hour, .day] {
            var terminal = "", spreadsheet = "", program = ""
            let stats = SeriesStats(table, by: grouping)
            SeriesStatsExport.write(stats, as: .csv, audience: .terminal) { terminal += $0 }
            SeriesStatsExport.write(stats, as: .csv, audience: .spreadsheet) { spreadsheet += $0 }
            SeriesStatsExport.write(stats, as: .csv, audience: .program) { program += $0 }
            #expect(Self.isTerminalSafe(terminal))
            let rows = try CSVReader.records(spreadsheet).dropFirst()
            #expect(rows.allSatisfy { !["=", "+", "-", "@", "\t"].contains(where: $0[1].hasPrefix) }, "\(rows.map { $0[1] })")
            // A minimum of -3.5 (after the group, the series and its kind): a number, not guarded.
            #expect(rows.contains { $0[6] == "-3.5" } && !rows.contains { $0[6].hasPrefix("'") })
            #expect(Set(try CSVReader.records(program).dropFirst().map { $0[1] }) == Set(Self.names))
        }
    }

    @Test func jsonAndTablesAreSafeWhoeverReadsThem() throws {
        for (kind, table, names) in try Self.sources() {
            var json = "", text = "", statsJSON = "", statsText = ""
            SeriesExport.write(table, as: .json) { json += $0 }
            SeriesExport.write(table, as: .table) { text += $0 }
            SeriesStatsExport.write(SeriesStats(table, by: .day), as: .json) { statsJSON += $0 }
            SeriesStatsExport.write(SeriesStats(table, by: .day), as: .table) { statsText += $0 }
            for output in [json, text, statsJSON, statsText] { #expect(Self.isTerminalSafe(output), "\(kind): \(output.debugDescription)") }
            // JSON escapes rather than drops: the names read back whole.
            let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
            #expect(Set(objects[0].keys) == Set(names + ["date"]), "\(kind)")
            #expect(objects[0].filter { $0.key != "date" }.values.allSatisfy { ($0 as? Double) == -3.5 })
        }
    }
}

extension CSVReader {
    /// Every record of `text`, for reading tests.
    static func records(_ text: String) throws -> [[String]] {
        var records: [[String]] = []
        try CSVReader(try InputSource.string(text).open(), delimiter: UInt8(ascii: ",")).forEachRecord { record in
            records.append((0..<record.fieldCount).map { record.string($0) })
        }
        return records
    }
}
