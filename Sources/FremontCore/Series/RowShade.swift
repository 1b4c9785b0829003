/// How a row is tinted: a direction and a strength from 0 (white) to 1 (full colour).
/// The terminal turns this into colours; the rule itself lives here so every view agrees.
public struct RowShade: Sendable, Hashable {
    public enum Direction: Sendable, Hashable {
        /// More northbound than southbound: blue.
        case north
        /// More southbound than northbound: red.
        case south
        /// Equal counts, or a count missing: no tint.
        case even
        /// One series against its busiest hour, for tables without directions: one hue.
        case level
    }

    public var direction: Direction
    /// The dominant direction's count over the largest count in that direction in the span.
    public var strength: Double

    public init(direction: Direction, strength: Double) {
        self.direction = direction
        self.strength = strength
    }

    static func ratio(_ value: Double, _ maximum: Double) -> Double {
        maximum > 0 ? min(1, max(0, value / maximum)) : 0
    }
}

/// Which rule shades a table's rows, worked out once per table: the tutorial's blue/red rule
/// where the table has the Fremont Bridge's two directions, else the strength of one series
/// (the one the view has selected) against its busiest hour.
public struct ShadeRule: Sendable {
    private enum Kind: Sendable {
        case directions(north: Int, south: Int, maxNorth: Double, maxSouth: Double)
        case level(series: Int, maximum: Double)
        case none
    }

    private let kind: Kind

    /// No shading, for before a table is loaded.
    public static let none = ShadeRule(kind: .none)

    private init(kind: Kind) {
        self.kind = kind
    }

    public init(_ table: SeriesTable, summary: SeriesSummary, series selected: Int = 0) {
        if let north = table.index(of: .northbound), let south = table.index(of: .southbound) {
            kind = .directions(north: north, south: south,
                               maxNorth: summary.columns[north].maximum ?? 0, maxSouth: summary.columns[south].maximum ?? 0)
        } else if table.series.indices.contains(selected) {
            kind = .level(series: selected, maximum: summary.columns[selected].maximum ?? 0)
        } else {
            kind = .none
        }
    }

    public var isDirectional: Bool {
        if case .directions = kind { return true }
        return false
    }

    public func shade(_ table: SeriesTable, row: Int) -> RowShade {
        switch kind {
        case .directions(let northIndex, let southIndex, let maxNorth, let maxSouth):
            guard let north = table.value(northIndex, row), let south = table.value(southIndex, row), north != south else {
                return RowShade(direction: .even, strength: 0)
            }
            return north > south
                ? RowShade(direction: .north, strength: RowShade.ratio(north, maxNorth))
                : RowShade(direction: .south, strength: RowShade.ratio(south, maxSouth))
        case .level(let series, let maximum):
            guard let value = table.value(series, row) else { return RowShade(direction: .even, strength: 0) }
            return RowShade(direction: .level, strength: RowShade.ratio(value, maximum))
        case .none:
            return RowShade(direction: .even, strength: 0)
        }
    }
}
