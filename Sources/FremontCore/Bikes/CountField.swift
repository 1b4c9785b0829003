/// A count as found in a source, before it becomes `Int?`.
public enum CountField: Sendable, Hashable {
    case value(Int)
    /// Absent element, empty field, absent key, JSON null.
    case missing
    /// Present but not a count ("Two Hundred Fifty Six", "-3", "12.5"); keeps the raw text.
    case invalid(String)

    public var value: Int? {
        if case .value(let count) = self { return count }
        return nil
    }

    /// Reads a count from bytes: digits with optional surrounding spaces, or a whole number
    /// written with a zero fraction (`12.0`), as some exports do.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> CountField {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0D || bytes[end - 1] == 0x0A { end -= 1 }
        if start == end { return .missing }
        var value = 0
        var index = start
        while index < end, bytes[index] &- 0x30 < 10 {
            value = value &* 10 &+ Int(bytes[index] &- 0x30)
            index += 1
            if value > 1_000_000_000 { return invalid(bytes, start, end) }
        }
        if index == start { return invalid(bytes, start, end) }
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < end, bytes[index] == UInt8(ascii: "0") { index += 1 }
        }
        return index == end ? .value(value) : invalid(bytes, start, end)
    }

    public static func parse(_ text: String) -> CountField {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    private static func invalid(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> CountField {
        .invalid(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
    }
}
