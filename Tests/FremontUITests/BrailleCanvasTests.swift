import Testing
@testable import FremontUI

@Suite struct BrailleCanvasTests {
    /// The rows of cells as braille text.
    private func text(_ canvas: BrailleCanvas) -> [String] {
        (0..<canvas.rows).map { row in (0..<canvas.columns).map { BrailleCanvas.glyph(canvas.pattern(column: $0, row: row)) }.joined() }
    }

    @Test func eachDotHasItsBrailleBit() {
        // Dots 1 2 3 7 down the left column, 4 5 6 8 down the right.
        let expected: [(x: Int, y: Int, glyph: String)] = [(0, 0, "⠁"), (0, 1, "⠂"), (0, 2, "⠄"), (0, 3, "⡀"),
                                                           (1, 0, "⠈"), (1, 1, "⠐"), (1, 2, "⠠"), (1, 3, "⢀")]
        for dot in expected {
            var canvas = BrailleCanvas(columns: 1, rows: 1)
            canvas.set(x: dot.x, y: dot.y)
            #expect(text(canvas) == [dot.glyph])
            #expect(canvas.isSet(x: dot.x, y: dot.y))
        }
        var full = BrailleCanvas(columns: 1, rows: 1)
        for x in 0..<2 { for y in 0..<4 { full.set(x: x, y: y) } }
        #expect(text(full) == ["⣿"])
    }

    @Test func dotsOutsideAreIgnored() {
        var canvas = BrailleCanvas(columns: 2, rows: 1)
        for (x, y) in [(-1, 0), (4, 0), (0, -1), (0, 4), (Int.max, 0), (0, Int.min)] { canvas.set(x: x, y: y) }
        #expect(canvas.cells == [0, 0])
        canvas.verticalLine(x: 9, from: 0, to: 3)
        canvas.verticalLine(x: 1, from: -100, to: 100)  // clipped to the canvas
        #expect(text(canvas) == ["⢸⠀"])
    }

    @Test func linesHaveNoGaps() {
        var canvas = BrailleCanvas(columns: 4, rows: 2)
        canvas.line(from: (0, 7), to: (7, 0))
        #expect(text(canvas) == ["⠀⠀⡠⠊", "⡠⠊⠀⠀"])
        var flat = BrailleCanvas(columns: 3, rows: 1)
        flat.line(from: (5, 1), to: (0, 1))  // either direction
        #expect(text(flat) == ["⠒⠒⠒"])
        var steep = BrailleCanvas(columns: 1, rows: 2)
        steep.line(from: (0, 0), to: (1, 7))
        #expect((0..<8).allSatisfy { y in steep.isSet(x: 0, y: y) || steep.isSet(x: 1, y: y) })
    }

    @Test func aSeriesSpansEachColumnsLeastToGreatestAndSkipsTheMissing() {
        // Values 0…7 on the 8 dot rows of one cell row pair: value v at dot row 7 − v.
        let dotY = { (value: Double) in 7 - Int(value) }
        // Eight values in four dot columns, two a column; the third column's pair is missing.
        var canvas = BrailleCanvas(columns: 2, rows: 2)
        canvas.plot([0, 7, 3, 3, .nan, .nan, 1, 1], slots: SlotScale(count: 8, dots: 4), dotY: dotY)
        func column(_ x: Int) -> [Int] { (0..<8).filter { canvas.isSet(x: x, y: $0) } }
        #expect(column(0) == Array(0...7))  // 0…7: the least to the greatest
        #expect(column(1) == [2, 3, 4])  // 3, joined by a line from the 7 before it
        #expect(column(2) == [])  // missing: blank, not 0
        #expect(column(3) == [6])  // 1, not joined across the gap
    }
}
