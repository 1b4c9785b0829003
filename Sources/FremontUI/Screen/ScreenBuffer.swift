/// One cell: a grapheme cluster and its style. A wide grapheme (CJK, most emoji) fills its cell
/// and leaves the next one as a continuation with empty text.
public struct Cell: Hashable, Sendable {
    public var text: String
    public var style: Style

    public init(_ text: String = " ", style: Style = .plain) {
        self.text = text
        self.style = style
    }

    public var isContinuation: Bool { text.isEmpty }
    public static let blank = Cell()
}

/// A grid of cells that views draw into. `FrameDiff` finds the cells that changed since the
/// last frame, which the terminal backend sends.
public struct ScreenBuffer: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    public mutating func clear(style: Style = .plain) {
        let blank = Cell(" ", style: style)
        cells.withUnsafeMutableBufferPointer { cells in
            for index in cells.indices { cells[index] = blank }
        }
    }

    public mutating func fill(_ rect: Rect, style: Style, character: Character = " ") {
        fill(rect, with: Cell(String(character), style: style))
    }

    /// Every cell of `rect` set to `cell`, which must be one column wide: for views that draw
    /// many cells of a few kinds (a heatmap) without measuring text per cell.
    public mutating func fill(_ rect: Rect, with cell: Cell) {
        let clipped = clip(rect)
        let width = self.width
        cells.withUnsafeMutableBufferPointer { cells in
            for y in clipped.y..<clipped.maxY {
                for x in clipped.x..<clipped.maxX { cells[y * width + x] = cell }
            }
        }
    }

    /// Changes the style of every cell in `rect`, keeping the text.
    public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
        let clipped = clip(rect)
        for y in clipped.y..<clipped.maxY {
            for x in clipped.x..<clipped.maxX { change(&cells[y * width + x].style) }
        }
    }

    /// Writes `text` from (x, y), never past `maxWidth` columns or the buffer's edge, in the cells
    /// a terminal advances over (`DisplayWidth.cells`: a character and its marks a cell, two for
    /// wide ones and emoji pictures, a spacing vowel sign a cell of its own). Controls, bidi
    /// controls and prepended concatenation marks are dropped and tabs become spaces, so nothing
    /// in the buffer can move a terminal's cursor or hide a neighbour. Returns the columns used.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        let limit = min(width, x + (maxWidth ?? width))
        if let used = writeASCII(text, x: x, y: y, style: style, limit: limit) { return used }
        if DisplayWidth.isOneColumnPerScalar(text) { return writeScalars(text, x: x, y: y, style: style, limit: limit) }
        var column = x
        /// Puts one cell; false when it does not fit.
        func place(_ glyph: String, _ columns: Int) -> Bool {
            if column + columns > limit {
                // A wide glyph that does not fit leaves a blank, never half a character.
                if columns == 2, column < limit, column >= 0 {
                    repairWideNeighbours(x: column, y: y, columns: 1)
                    cells[y * width + column] = Cell(" ", style: style)
                    column += 1
                }
                return false
            }
            if column >= 0 {
                repairWideNeighbours(x: column, y: y, columns: columns)
                cells[y * width + column] = Cell(glyph, style: style)
                if columns == 2 { cells[y * width + column + 1] = Cell("", style: style) }
            }
            column += columns
            return true
        }
        for character in text {
            let scalars = character.unicodeScalars
            if let only = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex, only != "\t" {
                // One scalar (most text): one cell, or none; no list of cells made.
                let columns = TerminalSafeTextCheck.isUnsafe(only) ? 0 : DisplayWidth.of(scalar: only)
                if columns > 0, !place(String(character), columns) { break }
                continue
            }
            for (glyph, columns) in DisplayWidth.cells(of: character) {
                if !place(glyph, columns) { return column - x }
            }
        }
        return column - x
    }

    /// Printable ASCII, one string per byte, made once: most of a screen is ASCII, and this skips
    /// grapheme breaking and width lookups for it.
    private static let asciiCells: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

    /// Writes `text` when it is all printable ASCII; nil (nothing written) otherwise.
    private mutating func writeASCII(_ text: String, x: Int, y: Int, style: Style, limit: Int) -> Int? {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        var column = x
        let base = y * width
        for byte in utf8 {
            if column >= limit { break }
            if column >= 0 {
                if cells[base + column].isContinuation || (column + 1 < width && cells[base + column + 1].isContinuation) {
                    repairWideNeighbours(x: column, y: y, columns: 1)
                }
                cells[base + column] = Cell(Self.asciiCells[Int(byte)], style: style)
            }
            column += 1
        }
        return column - x
    }

    /// Writes text whose every scalar is a one-column character of its own (box drawing, blocks,
    /// arrows, accented letters): one cell a scalar, without grapheme breaking.
    private mutating func writeScalars(_ text: String, x: Int, y: Int, style: Style, limit: Int) -> Int {
        var column = x
        let base = y * width
        for scalar in text.unicodeScalars {
            if column >= limit { break }
            if column >= 0 {
                repairWideNeighbours(x: column, y: y, columns: 1)
                cells[base + column] = Cell(String(scalar), style: style)
            }
            column += 1
        }
        return column - x
    }

    private func clip(_ rect: Rect) -> Rect {
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(width, rect.maxX), y1 = min(height, rect.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Overwriting half of a wide glyph blanks its other half.
    private mutating func repairWideNeighbours(x: Int, y: Int, columns: Int) {
        let base = y * width
        if cells[base + x].isContinuation, x > 0 { cells[base + x - 1].text = " " }
        let after = x + columns
        if after < width, cells[base + after].isContinuation { cells[base + after].text = " " }
    }
}
