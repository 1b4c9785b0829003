/// A named line of values on a chart, one per slot (a day, an hour); `.nan` where missing.
public struct ChartLine: Hashable, Sendable {
    public var name: String
    public var values: [Double]
    /// Its colour; nil takes the chart's next one (`ChartPen.lines`).
    public var pen: ChartPen?

    public init(_ name: String, _ values: [Double], pen: ChartPen? = nil) {
        self.name = name
        self.values = values
        self.pen = pen
    }

    /// The value at `index`, nil when missing, not a number or out of range.
    func value(at index: Int) -> Double? {
        guard values.indices.contains(index) else { return nil }
        let value = values[index]
        return value.isFinite ? value : nil
    }
}

/// The colours charts draw in; `Theme.chart(_:)` says what each is on the terminal at hand.
public enum ChartPen: Hashable, Sendable {
    /// Grey: raw data under the lines that summarise it.
    case muted
    case blue, red, magenta, green

    /// Lines take these in turn: blue and red first, the pair that stays apart for colour-blind
    /// eyes and on dark and light backgrounds alike.
    public static let lines: [ChartPen] = [.blue, .red, .magenta, .green]

    static func line(_ index: Int) -> ChartPen { lines[index % lines.count] }
}
