import Testing
@testable import FremontCore

/// The CSV and JSON writers build their bytes directly; each piece must read exactly as the
/// `String` it replaced.
@Suite struct UTF8OutputTests {
    private func written(_ body: (inout UTF8Output) -> Void) -> String {
        var output = UTF8Output()
        body(&output)
        var text = ""
        output.finish { text += $0 }
        return text
    }

    @Test func timesReadAsIsoString() {
        var generator = SystemRandomNumberGenerator()
        var times = [LocalDateTime(year: 1, month: 1, day: 1)!, LocalDateTime(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 60)!,
                     LocalDateTime(year: 2016, month: 4, day: 1, hour: 6)!]
        // Unchecked arithmetic can leave the four-digit range; those take the slow way, unchanged.
        times.append(LocalDateTime(year: 1, month: 1, day: 1)!.addingHours(-48))
        times.append(LocalDateTime(year: 9999, month: 12, day: 31)!.addingHours(24 * 400))
        for _ in 0..<500 {
            times.append(LocalDateTime(year: Int.random(in: 1...9999, using: &generator), month: Int.random(in: 1...12, using: &generator),
                                       day: Int.random(in: 1...28, using: &generator), hour: Int.random(in: 0...23, using: &generator),
                                       minute: Int.random(in: 0...59, using: &generator), second: Int.random(in: 0...59, using: &generator))!)
        }
        for time in times {
            #expect(written { $0.append(iso: time) } == time.isoString)
        }
    }

    @Test func numbersReadAsSeriesExportNumber() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 1, 9, 10, 99, 100, -1, -10, 12.5, -3.25, 1e15, 1e15 - 1, -1e15 + 1, 123_456_789_012_345, 0.1, .infinity]
        for _ in 0..<500 {
            values.append(Double(Int.random(in: -1_000_000...1_000_000, using: &generator)))
            values.append(Double.random(in: -1e6...1e6, using: &generator))
        }
        for value in values {
            #expect(written { $0.append(number: value) } == SeriesExport.number(value))
        }
    }

    @Test func paddedDecimalsReadAsPad() {
        for value in [0, 5, 42, 999, 1000, 12_345, -7, -1234, Int.max] {
            for width in [1, 2, 4] {
                #expect(written { $0.append(value, zeroPaddedTo: width) } == pad(value, width))
            }
            #expect(written { $0.append(decimal: value) } == String(value))
        }
    }

    @Test func handsOnLargePiecesAndTheRest() {
        var output = UTF8Output()
        var pieces: [String] = []
        for _ in 0..<10_000 {
            output.append("0123456789")
            output.flush { pieces.append($0) }
        }
        output.finish { pieces.append($0) }
        #expect(pieces.count == 2)
        #expect(pieces.joined().utf8.count == 100_000)
    }
}
