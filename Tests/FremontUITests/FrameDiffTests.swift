import Testing
@testable import FremontUI

/// The frame diff on buffers: what a terminal is sent from one frame to the next.
@Suite struct FrameDiffTests {
    private func buffer(_ lines: [String], width: Int = 8) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: lines.count)
        for (y, line) in lines.enumerated() { buffer.write(line, x: 0, y: y) }
        return buffer
    }

    private func text(_ run: CellRun) -> String { run.cells.map(\.text).joined() }

    @Test func theFirstFrameIsSentWhole() {
        let frame = buffer(["ab", "cd"])
        let runs = FrameDiff.runs(from: nil, to: frame)
        #expect(runs.count == 2)
        #expect(runs.map { [$0.x, $0.y] } == [[0, 0], [0, 1]])
        #expect(FrameDiff.cellCount(runs) == 16)
    }

    @Test func anUnchangedFrameSendsNothing() {
        let frame = buffer(["hello", "world"])
        #expect(FrameDiff.runs(from: frame, to: frame).isEmpty)
    }

    @Test func changedCellsComeAsRunsPerRow() {
        let old = buffer(["abcdefgh", "12345678"])
        let new = buffer(["aXYdefgZ", "12345678"])
        let runs = FrameDiff.runs(from: old, to: new)
        #expect(runs.map(\.x) == [1, 7])
        #expect(runs.map(text) == ["XY", "Z"])
        #expect(runs.allSatisfy { $0.y == 0 })
    }

    @Test func aStyleChangeIsAChange() {
        let old = buffer(["abc"])
        var new = old
        new.restyle(Rect(x: 1, y: 0, width: 1, height: 1)) { $0 = $0.adding(.reverse) }
        let runs = FrameDiff.runs(from: old, to: new)
        #expect(runs.count == 1 && runs[0].x == 1 && text(runs[0]) == "b")
    }

    @Test func aWideGlyphWhoseOtherHalfChangedIsSentWhole() {
        var old = buffer(["a漢b"])
        var new = old
        // The continuation cell's style changes (a selection bar ending inside the glyph).
        new.restyle(Rect(x: 2, y: 0, width: 1, height: 1)) { $0 = $0.adding(.bold) }
        var runs = FrameDiff.runs(from: old, to: new)
        #expect(runs.count == 1 && runs[0].x == 1)
        #expect(runs[0].cells.first?.text == "漢")
        // Replacing it with narrow text sends both cells.
        old = new
        new = buffer(["axyb"])
        runs = FrameDiff.runs(from: old, to: new)
        #expect(runs.map(text) == ["xy"])
    }

    @Test func aNewSizeIsSentWhole() {
        let old = buffer(["abc"], width: 3)
        let new = buffer(["abc"], width: 4)
        #expect(FrameDiff.cellCount(FrameDiff.runs(from: old, to: new)) == 4)
    }
}
