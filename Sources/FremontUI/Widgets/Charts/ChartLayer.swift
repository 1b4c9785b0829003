/// How a layer's dots reach the screen. In colour every layer is braille, told apart by colour;
/// without colour only the first is, and the others are drawn with glyphs of their own (`•`,
/// `━`), one per cell they touch, so a line over raw data still reads as a line.
enum ChartMark: Hashable, Sendable {
    case braille
    /// `flat` where the line passes through a column within one cell, `steep` in each cell of a
    /// column it rises or falls through.
    case glyph(flat: String, steep: String)

    private static let glyphs: [ChartMark] = [
        .glyph(flat: "•", steep: "•"), .glyph(flat: "━", steep: "┃"),
        .glyph(flat: "+", steep: "+"), .glyph(flat: "×", steep: "×"),
    ]

    /// The mark of the `index`th layer (0 at the bottom).
    static func forLayer(_ index: Int, colors: ColorSupport) -> ChartMark {
        colors != .none || index == 0 ? .braille : glyphs[(index - 1) % glyphs.count]
    }

    /// What the legend shows for a layer with this mark: a band of raw data, or a line (a bar
    /// in its colour; without colour, a dotted one, as `━` belongs to a glyph layer).
    func swatch(band: Bool, colors: ColorSupport) -> String {
        switch self {
        case .braille: return band ? "⣿" : (colors == .none ? "⠤⠤" : "━")
        case .glyph(let flat, _): return flat
        }
    }
}

/// One line (or band) of a chart: its dots, style and mark.
struct ChartLayer {
    var canvas: BrailleCanvas
    var style: Style
    var mark: ChartMark
}

extension ChartLayer {
    /// For a glyph layer, what each cell shows: 0 nothing, 1 the flat glyph, 2 the steep one.
    /// Each column's dots are read as one stroke: within one cell's height, a single flat glyph
    /// at its middle (a line wavering across a cell boundary stays one row, not a ladder); taller,
    /// a steep glyph in every row it covers. O(cells).
    func glyphCells() -> [UInt8] {
        let columns = canvas.columns, rows = canvas.rows
        var marks = [UInt8](repeating: 0, count: columns * rows)
        for column in 0..<columns {
            var top = -1, bottom = -1
            for row in 0..<rows {
                let pattern = canvas.pattern(column: column, row: row)
                guard pattern != 0 else { continue }
                if top < 0 { top = row * 4 + Self.firstDot(pattern) }
                bottom = row * 4 + Self.lastDot(pattern)
            }
            guard top >= 0 else { continue }
            if bottom - top < 4 {
                marks[(top + bottom) / 8 * columns + column] = 1
            } else {
                for row in (top / 4)...(bottom / 4) { marks[row * columns + column] = 2 }
            }
        }
        return marks
    }

    /// The first and last dot rows (0…3) a braille pattern fills.
    private static let rowBits: [UInt8] = [0x09, 0x12, 0x24, 0xC0]
    private static func firstDot(_ pattern: UInt8) -> Int { rowBits.firstIndex { pattern & $0 != 0 } ?? 0 }
    private static func lastDot(_ pattern: UInt8) -> Int { rowBits.lastIndex { pattern & $0 != 0 } ?? 3 }
}

extension ScreenBuffer {
    /// Draws the layers' cells from (x, y), the last layer on top: where a layer has dots, its
    /// cell replaces those under it (a line drawn over raw data stays crisp). Empty cells are left
    /// as they are. Layer by layer, each a pass over its own bytes: O(cells × layers).
    mutating func draw(_ layers: [ChartLayer], x: Int, y: Int) {
        for layer in layers {
            let columns = layer.canvas.columns, rows = layer.canvas.rows
            let firstRow = max(0, -y), lastRow = min(rows, height - y)
            let firstColumn = max(0, -x), lastColumn = min(columns, width - x)
            guard firstRow < lastRow, firstColumn < lastColumn else { continue }
            switch layer.mark {
            case .braille:
                layer.canvas.cells.withUnsafeBufferPointer { patterns in
                    for row in firstRow..<lastRow {
                        for column in firstColumn..<lastColumn {
                            let pattern = patterns[row * columns + column]
                            if pattern != 0 { self[x + column, y + row] = Cell(BrailleCanvas.glyph(pattern), style: layer.style) }
                        }
                    }
                }
            case .glyph(let flat, let steep):
                let marks = layer.glyphCells()
                for row in firstRow..<lastRow {
                    for column in firstColumn..<lastColumn {
                        let mark = marks[row * columns + column]
                        if mark != 0 { self[x + column, y + row] = Cell(mark == 1 ? flat : steep, style: layer.style) }
                    }
                }
            }
        }
    }
}
