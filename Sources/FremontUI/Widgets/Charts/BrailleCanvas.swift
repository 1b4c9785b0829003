/// A grid of braille cells (U+2800…U+28FF) addressed by dot: each cell holds 2×4 dots, so a
/// chart gets twice the columns and four times the rows of the cells it covers. Dots are counted
/// from the top-left, x to the right and y down; points outside are ignored, so callers never
/// clip.
public struct BrailleCanvas: Hashable, Sendable {
    /// Size in cells.
    public let columns: Int
    public let rows: Int
    /// One byte a cell: bit n is braille dot n+1, the code point's offset from U+2800.
    public private(set) var cells: [UInt8]

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: 0, count: self.columns * self.rows)
    }

    /// Size in dots.
    public var dotWidth: Int { columns * 2 }
    public var dotHeight: Int { rows * 4 }

    /// Braille numbers its dots down the left column (1 2 3), down the right (4 5 6), then the
    /// bottom row (7 8): the bit of the dot at (x % 2, y % 4), at index (y % 4) * 2 + x % 2.
    private static let bits: [UInt8] = [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]

    @inline(__always)
    private static func bit(x: Int, y: Int) -> UInt8 { bits[(y & 3) << 1 | (x & 1)] }

    public mutating func set(x: Int, y: Int) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        cells[(y >> 2) * columns + (x >> 1)] |= Self.bit(x: x, y: y)
    }

    public func isSet(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return false }
        return cells[(y >> 2) * columns + (x >> 1)] & Self.bit(x: x, y: y) != 0
    }

    /// The dots of cell (column, row), 0 when empty.
    public func pattern(column: Int, row: Int) -> UInt8 {
        cells[row * columns + column]
    }

    /// Every dot of column `x` from `y0` to `y1`, in either order.
    public mutating func verticalLine(x: Int, from y0: Int, to y1: Int) {
        guard x >= 0, x < dotWidth else { return }
        let top = max(0, min(y0, y1)), bottom = min(dotHeight - 1, max(y0, y1))
        guard top <= bottom else { return }
        let column = x >> 1
        for y in top...bottom { cells[(y >> 2) * columns + column] |= Self.bit(x: x, y: y) }
    }

    /// A line of dots from one point to another (Bresenham): no gaps, one dot per step along
    /// the longer direction. Its cost is the line's length in dots, so both ends should lie on
    /// or near the canvas (charts pass scaled points, which do).
    public mutating func line(from start: (x: Int, y: Int), to end: (x: Int, y: Int)) {
        var (x, y) = start
        let dx = abs(end.x - x), dy = -abs(end.y - y)
        let sx = x < end.x ? 1 : -1, sy = y < end.y ? 1 : -1
        var error = dx + dy
        while true {
            set(x: x, y: y)
            if x == end.x && y == end.y { return }
            let doubled = 2 * error
            if doubled >= dy { error += dy; x += sx }
            if doubled <= dx { error += dx; y += sy }
        }
    }

    /// The braille character for a pattern of dots, made once for all 256.
    public static func glyph(_ pattern: UInt8) -> String { glyphs[Int(pattern)] }

    private static let glyphs: [String] = (0..<256).map { String(UnicodeScalar(UInt32(0x2800 + $0))!) }
}
