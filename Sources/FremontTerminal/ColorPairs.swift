import CNcurses
import FremontUI

/// Maps styles onto curses attributes and colour pairs, allocating pairs as styles appear.
/// Extended pairs (`init_extended_pair`) lift the 256-pair ceiling of `COLOR_PAIR()`.
struct ColorPairs {
    let support: ColorSupport
    let colorCount: Int
    let pairCount: Int
    private var pairs: [Pair: Int32] = [:]
    private var cache: [Style: (attr_t, Int32)] = [:]

    private struct Pair: Hashable {
        var foreground: Int32
        var background: Int32
    }

    init(support: ColorSupport, colorCount: Int, pairCount: Int) {
        self.support = support
        self.colorCount = colorCount
        self.pairCount = pairCount
    }

    mutating func attributes(for style: Style) -> (attr_t, Int32) {
        if let known = cache[style] { return known }
        var attributes = fremont_a_normal()
        if style.attributes.contains(.bold) { attributes |= fremont_a_bold() }
        if style.attributes.contains(.dim) { attributes |= fremont_a_dim() }
        if style.attributes.contains(.underline) { attributes |= fremont_a_underline() }
        if style.attributes.contains(.reverse) { attributes |= fremont_a_reverse() }
        if style.attributes.contains(.italic) { attributes |= fremont_a_italic() }
        var pair: Int32 = 0
        if support != .none {
            let key = Pair(foreground: number(for: style.foreground), background: number(for: style.background))
            if key.foreground != -1 || key.background != -1 { pair = allocate(key) }
        }
        cache[style] = (attributes, pair)
        return (attributes, pair)
    }

    private mutating func allocate(_ key: Pair) -> Int32 {
        if let pair = pairs[key] { return pair }
        let next = Int32(pairs.count + 1)
        // Out of pairs: fall back to the terminal's default colours rather than fail.
        guard Int(next) < pairCount else { return 0 }
        init_extended_pair(next, key.foreground, key.background)
        pairs[key] = next
        return next
    }

    /// The curses colour number for a colour: -1 is the terminal's default.
    private func number(for color: TerminalColor) -> Int32 {
        switch color {
        case .default:
            return -1
        case .ansi(let index):
            return Int32(index) < Int32(colorCount) ? Int32(index) : -1
        case .indexed(let index):
            if colorCount >= 256 { return Int32(index) }
            return Int32(Self.ansiApproximation(index))
        case .rgb(let r, let g, let b):
            if support == .truecolor { return Int32(r) << 16 | Int32(g) << 8 | Int32(b) }
            let index = TerminalColor.nearestIndexed(r, g, b)
            return colorCount >= 256 ? Int32(index) : Int32(Self.ansiApproximation(index))
        }
    }

    /// The closest of the 8 basic colours to a 256-palette colour.
    static func ansiApproximation(_ index: UInt8) -> UInt8 {
        if index < 16 { return index % 8 }
        if index >= 232 { return index >= 244 ? 7 : 0 }
        let cube = Int(index) - 16
        let r = cube / 36 >= 3 ? 1 : 0, g = (cube / 6) % 6 >= 3 ? 1 : 0, b = cube % 6 >= 3 ? 1 : 0
        return UInt8(r | g << 1 | b << 2)
    }
}
