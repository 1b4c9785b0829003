/// Percentiles as pandas computes them (`Series.quantile`, `median`), which hand the values to
/// NumPy: linear interpolation between the two nearest ranks.
public enum Quantile {
    /// NumPy's default `linear` method on ascending values: the virtual index `(n - 1) * q`,
    /// interpolated between its neighbours the way NumPy's `_lerp` does (from the upper one when
    /// the fraction is 0.5 or more), so the result matches to the last bit. nil when empty.
    /// - Precondition: `sorted` is ascending with no NaN; `q` is in 0...1.
    public static func linear(_ sorted: [Double], _ q: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let index = Double(sorted.count - 1) * q
        if index >= Double(sorted.count - 1) { return sorted[sorted.count - 1] }
        if index <= 0 { return sorted[0] }
        let below = index.rounded(.down)
        let fraction = index - below
        let a = sorted[Int(below)], b = sorted[Int(below) + 1]
        let difference = b - a
        return fraction >= 0.5 ? b - difference * (1 - fraction) : a + difference * fraction
    }

    /// NumPy's `median`: the middle value, or the mean of the two middle ones.
    public static func median(_ sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
