import FremontCore

/// Numbers as charts print them: axis labels to the precision of their step, readouts to one
/// decimal, and a short form (`12k`, `1.5M`) when grouped digits would not fit. Beyond what an
/// `Int` holds, an exponent (`2e18`), never a trap.
public enum ChartNumber {
    /// Grouped digits stop here: past it `NumberText` would overflow `Int`.
    static let groupedLimit = 1e15

    /// `12,000`, `2.5`, `0.25`: as many decimals as `step` needs.
    public static func tick(_ value: Double, step: Double) -> String {
        guard value.isFinite else { return "—" }
        guard abs(value) < groupedLimit else { return exponent(value, step: step) }
        return NumberText.grouped(value, decimals: decimals(for: step))
    }

    /// `12k`, `1.5M`, `2G`: the tick over the largest power of 1,000 not above `magnitude`.
    public static func shortTick(_ value: Double, step: Double, magnitude: Double) -> String {
        guard value.isFinite else { return "—" }
        let suffixes = ["", "k", "M", "G", "T", "P"]
        var index = 0
        var unit = 1.0
        while index + 1 < suffixes.count, abs(magnitude) >= unit * 1_000 {
            index += 1
            unit *= 1_000
        }
        guard abs(magnitude) < unit * 1_000 else { return exponent(value, step: step) }
        if value == 0 { return "0" }
        return NumberText.grouped(value / unit, decimals: decimals(for: step / unit)) + suffixes[index]
    }

    /// A readout: whole numbers as they are (`3,412`), others to one decimal (`412.3`), small
    /// ones to three significant digits (`0.0123`); `—` when missing.
    public static func value(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        guard abs(value) < groupedLimit else { return exponent(value, step: abs(value) / 100) }
        if value == value.rounded() { return NumberText.grouped(Int(value)) }
        if abs(value) >= 1 { return NumberText.grouped(value, decimals: 1) }
        return trimmingZeros(NumberText.grouped(value, decimals: min(12, 2 - AxisTicks.floorLog10(abs(value)))))
    }

    /// `0.500` → `0.5`.
    private static func trimmingZeros(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var text = text
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Decimals that show a multiple of `step` exactly: 0 for 1, 10, 1,000; 1 for 0.5; 2 for 0.25.
    static func decimals(for step: Double) -> Int {
        guard step.isFinite, step > 0, step < 1 else { return 0 }
        var decimals = 0
        var scaled = step
        while decimals < 12, abs(scaled - scaled.rounded()) > 1e-9 * max(1, scaled) {
            scaled *= 10
            decimals += 1
        }
        return decimals
    }

    /// `2e18`, `2.5e18`: mantissa and power of ten, for magnitudes no `Int` holds.
    static func exponent(_ value: Double, step: Double) -> String {
        if value == 0 { return "0" }
        let power = AxisTicks.floorLog10(abs(value))
        let scale = AxisTicks.power(power)
        let mantissa = value / scale
        let stepDecimals = min(3, max(0, decimals(for: step / scale)))
        return trimmingZeros(NumberText.grouped(mantissa, decimals: stepDecimals)) + "e\(power)"
    }
}
