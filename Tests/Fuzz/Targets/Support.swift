import Foundation
import FremontCore

/// Stops the run with the fuzzer's crash report (and the input saved) when an invariant breaks.
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        FileHandle.standardError.write(Data("invariant broken: \(message())\n".utf8))
        abort()
    }
}

/// Output shown on a terminal must carry no control or bidi characters but newline and tab.
func isTerminalSafe(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
        switch scalar.value {
        case 0x0A, 0x09: return true
        case 0x00...0x1F, 0x7F...0x9F: return false
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: return false
        default: return true
        }
    }
}

/// A chunk size from 1 to 16 taken from the input, so chunk boundaries land everywhere.
func smallChunkSize(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    bytes.isEmpty ? 1 : Int(bytes[bytes.count - 1] % 16) + 1
}

/// The same table: series, times and values (NaN equal to NaN: compared as bits).
func sameRows(_ left: SeriesTable?, _ right: SeriesTable?) -> Bool {
    guard let left, let right else { return left == nil && right == nil }
    return left.series == right.series && left.times == right.times
        && left.values.map { $0.map(\.bitPattern) } == right.values.map { $0.map(\.bitPattern) }
}
