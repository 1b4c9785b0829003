/// Output built as UTF-8 bytes in one reused buffer and handed on as text in large pieces: a
/// writer of 100,000 rows then costs a few dozen `String`s instead of several per row.
struct UTF8Output {
    /// Past this many bytes the buffer is handed on.
    static let pieceSize = 1 << 16

    private(set) var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(Self.pieceSize + 1024) }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// `value` in decimal, as `String(value)` writes it.
    mutating func append(decimal value: Int) {
        append(value, zeroPaddedTo: 1)
    }

    /// `value` in decimal with leading zeros to `width` digits, as `pad(value, width)` writes it.
    mutating func append(_ value: Int, zeroPaddedTo width: Int) {
        guard value >= 0 else {
            bytes.append(contentsOf: pad(value, width).utf8)
            return
        }
        var digitCount = 1, limit = 10
        while value >= limit, digitCount < 19 { digitCount += 1; limit &*= 10 }
        appendDigits(value, count: max(digitCount, width))
    }

    /// The last `count` decimal digits of a non-negative `value`, zeros in front.
    private mutating func appendDigits(_ value: Int, count: Int) {
        var divisor = 1
        for _ in 1..<count { divisor &*= 10 }
        for _ in 0..<count {
            bytes.append(UInt8(truncatingIfNeeded: 0x30 &+ (value / divisor) % 10))
            divisor /= 10
        }
    }

    /// `2016-04-01T06:00:00`, byte for byte `LocalDateTime.isoString`.
    mutating func append(iso time: LocalDateTime) {
        // Checked fields are in range; anything else is written the slow way, just the same.
        guard (0...9999).contains(time.year), (0...99).contains(time.month), (0...99).contains(time.day),
              (0...99).contains(time.hour), (0...99).contains(time.minute), (0...99).contains(time.second) else {
            append(time.isoString)
            return
        }
        let year = time.year
        let text: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                   UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
            digit(year / 1000), digit(year / 100 % 10), digit(year / 10 % 10), digit(year % 10), 0x2D,
            digit(time.month / 10), digit(time.month % 10), 0x2D,
            digit(time.day / 10), digit(time.day % 10), 0x54,
            digit(time.hour / 10), digit(time.hour % 10), 0x3A,
            digit(time.minute / 10), digit(time.minute % 10), 0x3A,
            digit(time.second / 10), digit(time.second % 10))
        withUnsafeBytes(of: text) { bytes.append(contentsOf: $0) }
    }

    private func digit(_ value: Int) -> UInt8 { UInt8(truncatingIfNeeded: 0x30 &+ value) }

    /// Hands the bytes on once there are enough of them.
    mutating func flush(ifOver size: Int = Self.pieceSize, to emit: (String) -> Void) {
        guard bytes.count >= size, !bytes.isEmpty else { return }
        emit(String(decoding: bytes, as: UTF8.self))
        bytes.removeAll(keepingCapacity: true)
    }

    /// Hands on whatever is left.
    mutating func finish(to emit: (String) -> Void) {
        flush(ifOver: 1, to: emit)
    }
}
