/// How a row is tinted: a direction and a strength from 0 (white) to 1 (full colour).
/// The terminal turns this into colours; the rule itself lives here so every view agrees.
public struct BikeShade: Sendable, Hashable {
    public enum Direction: Sendable, Hashable {
        /// More northbound than southbound: blue.
        case north
        /// More southbound than northbound: red.
        case south
        /// Equal counts, or a count missing: no tint.
        case even
    }

    public var direction: Direction
    /// The dominant direction's count over the largest count in that direction in the span.
    public var strength: Double

    public init(direction: Direction, strength: Double) {
        self.direction = direction
        self.strength = strength
    }

    public init(row: BikeRow, maxNorthbound: Int, maxSouthbound: Int) {
        guard let north = row.northbound, let south = row.southbound, north != south else {
            self.init(direction: .even, strength: 0)
            return
        }
        if north > south {
            self.init(direction: .north, strength: Self.ratio(north, maxNorthbound))
        } else {
            self.init(direction: .south, strength: Self.ratio(south, maxSouthbound))
        }
    }

    private static func ratio(_ count: Int, _ maximum: Int) -> Double {
        maximum > 0 ? min(1, Double(count) / Double(maximum)) : 0
    }
}
