import Testing
@testable import FremontUI

@Suite struct AxisTicksTests {
    @Test func countsGetRoundStepsAndBoundsOnFifthsOfThem() {
        let ticks = AxisTicks(minimum: 0, maximum: 11_873, maxCount: 7)
        #expect(ticks.step == 2_000)
        #expect(ticks.values == [0, 2_000, 4_000, 6_000, 8_000, 10_000, 12_000])
        #expect(ticks.lower == 0 && ticks.upper == 12_000)
        // A peak of 521.8 with ticks 200 apart: the axis ends at 560, a fifth of a step above it.
        let profile = AxisTicks(minimum: 0, maximum: 521.8, maxCount: 4)
        #expect(profile.values == [0, 200, 400])
        #expect(profile.upper == 560)
    }

    @Test func neverMoreTicksThanAsked() {
        for maximum in [1.0, 7, 9.99, 10, 55, 99, 101, 999, 4_686, 1e6, 3.7e9] {
            for count in 2...12 {
                let ticks = AxisTicks(minimum: 0, maximum: maximum, maxCount: count)
                #expect(ticks.values.count <= count, "\(maximum) in \(count)")
                #expect(ticks.values.count >= 2, "\(maximum) in \(count)")
                #expect(ticks.lower <= 0 && ticks.upper >= maximum, "\(maximum) in \(count)")
                #expect(ticks.values.allSatisfy { $0 >= ticks.lower && $0 <= ticks.upper })
            }
        }
    }

    @Test func decimalStepsAreExact() {
        let ticks = AxisTicks(minimum: 0, maximum: 0.9, maxCount: 10)
        #expect(ticks.step == 0.1)
        #expect(ticks.values == [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9])
    }

    @Test func negativeRangesAndNoMinusZero() {
        let ticks = AxisTicks(minimum: -12.5, maximum: 31, maxCount: 7)
        #expect(ticks.step == 10)
        #expect(ticks.values == [-10, 0, 10, 20, 30])
        #expect(ticks.lower == -14 && ticks.upper == 32)
        #expect(ticks.values.allSatisfy { $0 != 0 || $0.sign == .plus })
    }

    @Test func aFlatRangeIsWidened() {
        #expect(AxisTicks(minimum: 0, maximum: 0, maxCount: 5).values == [0, 1])
        let five = AxisTicks(minimum: 5, maximum: 5, maxCount: 5)
        #expect(five.lower <= 5 && five.upper >= 5 && five.lower < five.upper)
        let negative = AxisTicks(minimum: -3, maximum: -3, maxCount: 5)
        #expect(negative.lower < -3 && negative.upper >= -3)
    }

    @Test func hugeAndNonFiniteBoundsStayFinite() {
        for (low, high) in [(0.0, 1e12), (0, 9.9e18), (0, 1.7e308), (-1.7e308, 1.7e308), (0, Double.infinity), (Double.nan, 5), (0, 1e-300)] {
            let ticks = AxisTicks(minimum: low, maximum: high, maxCount: 6)
            #expect(ticks.lower.isFinite && ticks.upper.isFinite && ticks.step.isFinite, "\(low)…\(high)")
            #expect(ticks.lower < ticks.upper, "\(low)…\(high)")
            #expect(!ticks.values.isEmpty && ticks.values.count <= 6, "\(low)…\(high)")
        }
        #expect(AxisTicks(minimum: 0, maximum: 1e12, maxCount: 6).values == [0, 2e11, 4e11, 6e11, 8e11, 1e12])
    }

    @Test func floorLog10IsExactAtPowersOfTen() {
        #expect(AxisTicks.floorLog10(1_000) == 3)
        #expect(AxisTicks.floorLog10(999.999) == 2)
        #expect(AxisTicks.floorLog10(0.001) == -3)
        #expect(AxisTicks.floorLog10(1e15) == 15)
    }
}
