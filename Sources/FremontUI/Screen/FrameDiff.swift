/// Consecutive cells of one row that changed since the last frame: what a terminal backend
/// writes, cell `i` at column `x + i`. A continuation cell (the right half of a wide glyph) is
/// there to keep the columns; the backend skips it, as the glyph before it covers it.
public struct CellRun: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var cells: [Cell]

    public init(x: Int, y: Int, cells: [Cell]) {
        self.x = x
        self.y = y
        self.cells = cells
    }
}

/// The difference between two frames, as the runs of cells to send. Pure, so it is tested on
/// buffers; the backend only writes what it is given.
public enum FrameDiff {
    /// Every cell that differs from `previous` (all of them when there is no previous frame of
    /// the same size). A wide glyph whose other half changed is sent again whole.
    public static func runs(from previous: ScreenBuffer?, to current: ScreenBuffer) -> [CellRun] {
        let full = previous == nil || previous!.width != current.width || previous!.height != current.height
        var runs: [CellRun] = []
        for y in 0..<current.height {
            var run: CellRun?
            for x in 0..<current.width {
                let cell = current[x, y]
                let changed = full || isChanged(x: x, y: y, previous: previous!, current: current)
                if changed {
                    if run == nil { run = CellRun(x: x, y: y, cells: []) }
                    run!.cells.append(cell)
                } else if let finished = run {
                    runs.append(finished)
                    run = nil
                }
            }
            if let run { runs.append(run) }
        }
        return runs
    }

    private static func isChanged(x: Int, y: Int, previous: ScreenBuffer, current: ScreenBuffer) -> Bool {
        let cell = current[x, y]
        if previous[x, y] != cell { return true }
        // A wide glyph is resent when its continuation changed (its other half was overwritten).
        if !cell.isContinuation, x + 1 < current.width, current[x + 1, y].isContinuation, previous[x + 1, y] != current[x + 1, y] {
            return true
        }
        return false
    }

    /// How many glyphs the runs send (continuation cells are not sent).
    public static func cellCount(_ runs: [CellRun]) -> Int {
        runs.reduce(0) { $0 + $1.cells.lazy.filter { !$0.isContinuation }.count }
    }
}
