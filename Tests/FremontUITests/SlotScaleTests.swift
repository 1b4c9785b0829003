import Testing
@testable import FremontUI

@Suite struct SlotScaleTests {
    @Test func itemsSitAtTheCentreOfTheirShare() {
        let hours = SlotScale(count: 24, dots: 96)  // 4 dots an hour
        #expect((0..<24).map(hours.dot(of:)) == (0..<24).map { 4 * $0 + 2 })
        #expect(SlotScale(count: 1, dots: 10).dot(of: 0) == 5)
    }

    @Test func lookupsAgreeBothWays() {
        for count in [1, 2, 3, 7, 24, 100, 365, 4_686, 50_000] {
            for dots in [16, 37, 96, 228, 398] {
                let scale = SlotScale(count: count, dots: dots)
                var seen = 0
                for dot in 0..<dots {
                    let items = scale.items(inDot: dot)
                    #expect(items.lowerBound == seen || items.isEmpty, "\(count) in \(dots), dot \(dot)")
                    for item in items { #expect(scale.dot(of: item) == dot) }
                    seen += items.count
                }
                #expect(seen == count, "\(count) in \(dots): every item in exactly one dot column")
                for cell in 0..<(dots / 2) {
                    let item = scale.item(atCell: cell)!
                    let inCell = scale.items(inCell: cell)
                    if !inCell.isEmpty { #expect(item == inCell.lowerBound) }
                }
            }
        }
    }

    @Test func aClickBetweenSparseItemsTakesTheNearest() {
        let scale = SlotScale(count: 3, dots: 60)  // items at dots 10, 30, 50: cells 5, 15, 25
        #expect([0, 5, 9, 10, 11, 14, 15, 19, 20, 29].map { scale.item(atCell: $0)! } == [0, 0, 0, 1, 1, 1, 1, 1, 2, 2])
        #expect(scale.item(atCell: -3) == 0 && scale.item(atCell: 99) == 2)
        #expect(SlotScale(count: 0, dots: 60).item(atCell: 3) == nil)
    }
}
