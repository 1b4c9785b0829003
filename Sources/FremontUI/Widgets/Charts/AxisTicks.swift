import Foundation

/// Round tick values for a numeric axis (Heckbert's "nice numbers"): a step of 1, 2 or 5 times a
/// power of ten, so labels read `0 2,000 4,000` rather than `0 1,873 3,746`. The axis's bounds
/// enclose the data on multiples of a fifth of the step, not of the step itself: a peak of 521
/// with ticks 500 apart gets an axis to 600, not to 1,000, so small plots do not waste half
/// their height.
public struct AxisTicks: Hashable, Sendable {
    /// The axis's bounds.
    public let lower: Double
    public let upper: Double
    public let step: Double
    /// The multiples of `step` within the bounds (at least two, widening the bounds if need be).
    public let values: [Double]

    /// Ticks for data from `minimum` to `maximum`, at most `maxCount` of them (at least 2).
    /// A range of one value is widened (to 0...1 when it is 0), so a flat series still has an
    /// axis; non-finite bounds are treated as 0...1.
    public init(minimum: Double, maximum: Double, maxCount: Int) {
        var low = minimum.isFinite ? minimum : 0
        var high = maximum.isFinite ? maximum : 1
        if low > high { swap(&low, &high) }
        var count = max(2, maxCount)
        if low == high {
            let pad = low == 0 ? 1 : abs(low) / 2
            (low, high) = low >= 0 ? (max(0, low - pad), low + pad) : (low - pad, min(0, high + pad))
            if low == 0 || high == 0 { count = 2 }
        }
        var exponent = Self.floorLog10((high - low) / Double(count - 1))
        var mantissaIndex = 0
        // The smallest nice step giving at most `count` ticks; each pass tries the next larger.
        while exponent <= 308 {
            let mantissa = Self.mantissas[mantissaIndex]
            if let ticks = Self.ticks(low: low, high: high, mantissa: mantissa, exponent: exponent), ticks.count <= count {
                // Bounds on fifths of the step: 2, 4 or 10 times the next lower power of ten.
                let fifth = (mantissa: mantissa * 2, exponent: exponent - 1)
                let first = Self.multiple(low, of: Self.value(1, fifth.mantissa, fifth.exponent), .down)
                let last = Self.multiple(high, of: Self.value(1, fifth.mantissa, fifth.exponent), .up)
                let inside = ticks.filter { tick in
                    let fifths = (tick / Self.value(1, fifth.mantissa, fifth.exponent)).rounded()
                    return fifths >= first && fifths <= last
                }
                if inside.count >= 2 {
                    self.init(ticks: inside, step: Self.value(1, mantissa, exponent),
                              lower: Self.value(first, fifth.mantissa, fifth.exponent),
                              upper: Self.value(last, fifth.mantissa, fifth.exponent), low: low, high: high)
                } else {
                    self.init(ticks: ticks, step: Self.value(1, mantissa, exponent), lower: ticks[0], upper: ticks[ticks.count - 1],
                              low: low, high: high)
                }
                return
            }
            mantissaIndex += 1
            if mantissaIndex == Self.mantissas.count { mantissaIndex = 0; exponent += 1 }
        }
        // Past the largest Double: the data's own bounds, unrounded.
        self.init(ticks: [low, high], step: high - low, lower: low, upper: high, low: low, high: high)
    }

    private init(ticks: [Double], step: Double, lower: Double, upper: Double, low: Double, high: Double) {
        // Near Double's limit a rounded bound may overflow: the data's own bound stands in.
        self.lower = lower.isFinite ? lower : low
        self.upper = upper.isFinite ? upper : high
        self.step = step
        values = ticks.filter(\.isFinite)
    }

    private static let mantissas: [Double] = [1, 2, 5]

    /// ⌊log₁₀ x⌋ for x > 0, exact at powers of ten (where `log10` may land just below).
    static func floorLog10(_ x: Double) -> Int {
        guard x > 0, x.isFinite else { return 0 }
        var exponent = Int(log10(x).rounded(.down))
        if power(exponent + 1) <= x { exponent += 1 }
        if power(exponent) > x { exponent -= 1 }
        return exponent
    }

    /// 10^exponent; exact for the exponents that matter (|e| ≤ 22).
    static func power(_ exponent: Int) -> Double {
        var value = 1.0
        for _ in 0..<min(abs(exponent), 400) { value *= 10 }
        return exponent >= 0 ? value : 1 / value
    }

    /// `multiple` × `mantissa` × 10^`exponent`, dividing for negative exponents so that 0.3 is
    /// 0.3, not 0.30000000000000004.
    static func value(_ multiple: Double, _ mantissa: Double, _ exponent: Int) -> Double {
        let value = exponent >= 0 ? multiple * mantissa * power(exponent) : multiple * mantissa / power(-exponent)
        return value == 0 ? 0 : value  // never -0
    }

    /// `value` / `step` rounded down or up, forgiving the last bits of a division that should be
    /// exact: 0.9 / 0.1 is 9.000000000000002, and 0.9 is not past the ninth tick.
    private static func multiple(_ value: Double, of step: Double, _ rule: FloatingPointRoundingRule) -> Double {
        let quotient = value / step
        let nearest = quotient.rounded()
        return abs(quotient - nearest) <= 1e-9 * max(1, abs(nearest)) ? nearest : quotient.rounded(rule)
    }

    /// The multiples of `mantissa`·10^`exponent` from `low` rounded down to `high` rounded up,
    /// or nil when the step is unusable or gives far too many.
    private static func ticks(low: Double, high: Double, mantissa: Double, exponent: Int) -> [Double]? {
        let step = value(1, mantissa, exponent)
        guard step.isFinite, step > 0 else { return nil }
        let first = Self.multiple(low, of: step, .down), last = Self.multiple(high, of: step, .up)
        guard last - first < 1_000 else { return nil }
        return stride(from: first, through: last, by: 1).map { value($0, mantissa, exponent) }
    }
}
