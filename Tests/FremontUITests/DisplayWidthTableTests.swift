import Testing
@testable import FremontUI

/// The Basic Plane's width table fills whole blocks from their first character: each of those
/// blocks must really be of one width, or a character in it would be drawn at the wrong width.
@Suite struct DisplayWidthTableTests {
    @Test func everyBasicPlaneWidthIsTheCharactersOwn() {
        var differing: [String] = []
        for value in UInt32(0)..<0x10000 where Int(DisplayWidth.basicPlane[Int(value)]) != DisplayWidth.computedWidth(value) {
            differing.append(String(value, radix: 16))
        }
        #expect(differing.isEmpty, "\(differing.count) differ: \(differing.prefix(10))")
    }
}
