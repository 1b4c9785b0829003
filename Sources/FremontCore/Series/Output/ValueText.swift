/// Series values as text, without a formatter per value.
public enum ValueText {
    /// For CSV and JSON, and exact: a whole number as an integer (`3121`, not `3121.0`), anything
    /// else in the shortest form that reads back to the same `Double` (`130.04166666666666`,
    /// as Python prints it). nil for NaN and infinities, which CSV leaves empty and JSON `null`.
    public static func plain(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if let whole = whole(value) { return String(whole) }
        return value.description
    }

    /// The value as an integer when it is a whole number that prints without a fraction; nil
    /// for fractions, NaN and infinities.
    static func whole(_ value: Double) -> Int? {
        value == value.rounded() && abs(value) < 1e15 ? Int(value) : nil
    }

    /// For a person: a whole number grouped (`46,905`), anything else grouped to `decimals`.
    public static func readable(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite else { return value.isNaN ? "—" : (value < 0 ? "-∞" : "∞") }
        if let whole = whole(value) { return NumberText.grouped(whole) }
        return NumberText.grouped(value, decimals: decimals)
    }
}
