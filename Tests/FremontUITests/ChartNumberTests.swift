import Testing
@testable import FremontUI

@Suite struct ChartNumberTests {
    @Test func ticksShowTheirStepsDecimalsGrouped() {
        #expect(ChartNumber.tick(12_000, step: 2_000) == "12,000")
        #expect(ChartNumber.tick(2.5, step: 0.5) == "2.5")
        #expect(ChartNumber.tick(0.25, step: 0.25) == "0.25")
        #expect(ChartNumber.tick(0.3, step: 0.1) == "0.3")
        #expect(ChartNumber.tick(-20, step: 10) == "-20")
    }

    @Test func shortTicksTakeASuffix() {
        #expect(ChartNumber.shortTick(12_000, step: 2_000, magnitude: 12_000) == "12k")
        #expect(ChartNumber.shortTick(1_500_000, step: 500_000, magnitude: 2_000_000) == "1.5M")
        #expect(ChartNumber.shortTick(0, step: 2e11, magnitude: 1e12) == "0")
        #expect(ChartNumber.shortTick(4e11, step: 2e11, magnitude: 1e12) == "0.4T")
        #expect(ChartNumber.shortTick(400, step: 200, magnitude: 600) == "400")
    }

    @Test func readoutsKeepWholeNumbersWholeAndOthersToOneDecimal() {
        #expect(ChartNumber.value(3_412) == "3,412")
        #expect(ChartNumber.value(412.34) == "412.3")
        #expect(ChartNumber.value(0.0123) == "0.0123")
        #expect(ChartNumber.value(0.5) == "0.5")
        #expect(ChartNumber.value(-7.25) == "-7.3")
        #expect(ChartNumber.value(.nan) == "—")
        #expect(ChartNumber.value(.infinity) == "—")
    }

    @Test func magnitudesNoIntHoldsGetAnExponentNotATrap() {
        #expect(ChartNumber.value(2.5e20) == "2.5e20")
        #expect(ChartNumber.tick(2e18, step: 1e18) == "2e18")
        #expect(ChartNumber.shortTick(3e21, step: 1e21, magnitude: 5e21) == "3e21")
        #expect(ChartNumber.value(1.7e308) == "1.7e308")
    }
}
