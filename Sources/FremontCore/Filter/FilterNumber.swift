/// How newsboat's filter language reads a number out of text for `<`, `>`, `<=`, `>=` and
/// `between`: the integer prefix (an optional `-`, then digits), 0 when there is none, clamped to
/// 32 bits as newsboat's `i32` is. Its digits are whatever Unicode calls numeric, as Rust's
/// `char::is_numeric`; a prefix that is not plain ASCII digits cannot be read as a number, and
/// newsboat then takes it for an overflow: the same here.
public enum FilterNumber {
    public static func prefix(_ text: some StringProtocol) -> Int32 {
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        let negative = index != scalars.endIndex && scalars[index] == "-"
        if negative { index = scalars.index(after: index) }
        var value: Int64 = 0
        var digits = 0
        var readable = true
        while index != scalars.endIndex, scalars[index].properties.numericType != nil {
            let scalar = scalars[index]
            if scalar.value >= 0x30, scalar.value <= 0x39 {
                if value <= Int64(Int32.max) + 1 { value = value * 10 + Int64(scalar.value - 0x30) }
            } else {
                readable = false
            }
            digits += 1
            index = scalars.index(after: index)
        }
        guard digits > 0 else { return 0 }
        guard readable else { return negative ? .min : .max }
        let signed = negative ? -value : value
        return Int32(clamping: signed)
    }

    /// `A:B` as `between` reads it: nil unless exactly two fields.
    public static func range(_ literal: String) -> ClosedRange<Int32>? {
        let fields = literal.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 else { return nil }
        let a = prefix(fields[0]), b = prefix(fields[1])
        return min(a, b)...max(a, b)
    }

    /// Whether `word` is one of the space-separated words of `text` (`#`): split at every
    /// single space, so empty words exist where spaces double or lead or trail.
    public static func words(_ text: String, contain word: String) -> Bool {
        text.utf8.split(separator: 0x20, omittingEmptySubsequences: false).contains { $0.elementsEqual(word.utf8) }
    }
}
