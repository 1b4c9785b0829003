import Testing
import FremontCore
@testable import FremontUI

/// The shared table: widths by rule, columns left out by priority, numbers right-aligned, the
/// sorted column marked, the same cells as CSV.
@Suite struct TableWidgetTests {
    static let widget = TableWidget([
        TableColumn("name", width: .fill(min: 6)),
        TableColumn("count", .right),
        TableColumn("mean", .right, dropOrder: 1),
        TableColumn("p95", .right, dropOrder: 2),
    ])
    static let rows = [["Fremont Bridge", "1,024", "65.1", "228.2"], ["=cmd|' /C calc'!A0", "7", "-3.5", "9"]]

    static func widest(_ column: Int) -> Int { rows.map { DisplayWidth.of($0[column]) }.max() ?? 0 }

    @Test func widthsFitTheCellsAndTheFillColumnTakesTheRest() {
        let widths = Self.widget.widths(in: 50, widest: Self.widest)
        #expect(widths == [30, 5, 4, 5])
        #expect(Self.widget.header(widths) == "name                            count  mean    p95")
        #expect(Self.widget.line(Self.rows[0], widths) == "Fremont Bridge                  1,024  65.1  228.2")
    }

    @Test func narrowAreasLeaveOutTheLeastNeededColumnsFirst() {
        let narrow = Self.widget.widths(in: 22, widest: Self.widest)
        #expect(narrow == [9, 5, 4, nil])
        let line = Self.widget.line(Self.rows[0], narrow)
        #expect(line.hasPrefix("Fremont") && line.hasSuffix("  1,024  65.1") && DisplayWidth.of(line) == 22)
        #expect(Self.widget.widths(in: 14, widest: Self.widest) == [7, 5, nil, nil])
    }

    @Test func theSortedColumnIsMarkedAndCellsAreMadeSafe() {
        var widget = Self.widget
        widget.sort = (1, true)
        let widths = widget.widths(in: 50, widest: Self.widest)
        #expect(widget.header(widths).contains("count▼"))
        #expect(widget.line(["a\u{1B}]0;owned\u{7}b", "1", "2", "3"], widths).hasPrefix("a]0;ownedb "))
    }

    @Test func csvKeepsNumbersAndGuardsFormulas() {
        let csv = Self.widget.csv(Self.rows.map { [.text($0[0]), .number($0[1]), .number($0[2]), .number($0[3])] })
        #expect(csv == "name,count,mean,p95\nFremont Bridge,\"1,024\",65.1,228.2\n'=cmd|' /C calc'!A0,7,-3.5,9\n")
    }
}
