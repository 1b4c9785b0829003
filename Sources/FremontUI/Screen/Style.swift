/// A colour as views ask for it; the backend maps it onto what the terminal has.
public enum TerminalColor: Hashable, Sendable {
    case `default`
    /// The 8 (or 16) named colours: 0 black, 1 red, 2 green, 3 yellow, 4 blue, 5 magenta, 6 cyan, 7 white.
    case ansi(UInt8)
    /// The xterm 256-colour palette.
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    public static let black = TerminalColor.ansi(0)
    public static let red = TerminalColor.ansi(1)
    public static let green = TerminalColor.ansi(2)
    public static let yellow = TerminalColor.ansi(3)
    public static let blue = TerminalColor.ansi(4)
    public static let magenta = TerminalColor.ansi(5)
    public static let cyan = TerminalColor.ansi(6)
    public static let white = TerminalColor.ansi(7)

    /// The nearest colour of the xterm 256-colour palette (its 6×6×6 cube or its grey ramp).
    /// The xterm cube's six levels a channel, and its greys `8 + 10 × n`.
    private static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The colour of the xterm palette's `index` from 16 on (the cube, then the greys): the
    /// same on every terminal, which remaps only the first 16.
    public static func cubeRGB(_ index: UInt8) -> (UInt8, UInt8, UInt8) {
        guard index >= 232 else {
            let cube = Int(max(16, index)) - 16
            return (UInt8(cubeLevels[cube / 36]), UInt8(cubeLevels[cube / 6 % 6]), UInt8(cubeLevels[cube % 6]))
        }
        let level = UInt8(8 + 10 * (Int(index) - 232))
        return (level, level, level)
    }

    public static func nearestIndexed(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let levels = cubeLevels
        func cubeIndex(_ value: UInt8) -> Int {
            let v = Int(value)
            return levels.indices.min { abs(levels[$0] - v) < abs(levels[$1] - v) }!
        }
        let (ri, gi, bi) = (cubeIndex(r), cubeIndex(g), cubeIndex(b))
        let cube = (levels[ri], levels[gi], levels[bi])
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let greyIndex = min(23, max(0, (average - 8 + 5) / 10))
        let grey = 8 + greyIndex * 10
        func distance(_ c: (Int, Int, Int)) -> Int {
            let dr = c.0 - Int(r), dg = c.1 - Int(g), db = c.2 - Int(b)
            return dr * dr + dg * dg + db * db
        }
        if distance((grey, grey, grey)) < distance(cube) { return UInt8(232 + greyIndex) }
        return UInt8(16 + 36 * ri + 6 * gi + bi)
    }
}

public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let dim = TextAttributes(rawValue: 1 << 1)
    public static let underline = TextAttributes(rawValue: 1 << 2)
    public static let reverse = TextAttributes(rawValue: 1 << 3)
    public static let italic = TextAttributes(rawValue: 1 << 4)
}

/// How a cell looks.
public struct Style: Hashable, Sendable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var attributes: TextAttributes

    public init(foreground: TerminalColor = .default, background: TerminalColor = .default, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = Style()

    public func adding(_ extra: TextAttributes) -> Style { var copy = self; copy.attributes.formUnion(extra); return copy }
}
