/// A value as found in a source, before it becomes a number or a missing value.
public enum ValueField: Sendable, Hashable {
    case value(Double)
    /// Absent element, empty field, absent key, JSON null.
    case missing
    /// Present but not a number the column takes ("Two Hundred Fifty Six", or "-3" for a count);
    /// keeps the raw text.
    case invalid(String)

    public var value: Double? {
        if case .value(let number) = self { return number }
        return nil
    }

    /// What a column accepts: a count is a whole number of zero or more (written `12` or `12.0`,
    /// as some exports do); a measure is any decimal number.
    public enum Rule: Sendable, Hashable {
        case count, measure
    }

    /// Reads a value from bytes without allocating: optional spaces, an optional sign (measures
    /// only), digits, an optional fraction.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, rule: Rule) -> ValueField {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0D || bytes[end - 1] == 0x0A { end -= 1 }
        if start == end { return .missing }
        var index = start
        var negative = false
        if rule == .measure, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        // Digits into an integer mantissa, then one division by a power of ten: exact for the
        // values counters publish (at most 15 significant digits), and no Foundation per value.
        var mantissa = 0
        var digits = 0
        let integerStart = index
        while index < end, bytes[index] &- 0x30 < 10 {
            mantissa = mantissa &* 10 &+ Int(bytes[index] &- 0x30)
            digits += 1
            index += 1
            if digits > 15 { return slowParse(bytes, start, end, rule: rule) }
        }
        var fractionDigits = 0
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < end, bytes[index] &- 0x30 < 10 {
                let digit = Int(bytes[index] &- 0x30)
                index += 1
                if rule == .count {
                    if digit != 0 { return invalid(bytes, start, end) }
                    continue
                }
                if digits < 15 {
                    mantissa = mantissa &* 10 &+ digit
                    digits += 1
                    fractionDigits += 1
                }
            }
        }
        guard index == end, index > integerStart, digits > 0 || fractionDigits > 0 || index - integerStart > 1 else {
            return slowParse(bytes, start, end, rule: rule)
        }
        if rule == .count, mantissa > 1_000_000_000 { return invalid(bytes, start, end) }
        var number = Double(mantissa)
        if fractionDigits > 0 { number /= powersOfTen[fractionDigits] }
        return .value(negative ? -number : number)
    }

    /// The forms the fast path leaves: an exponent (`2.5e3`), thousands separators (`1,234,567`,
    /// grouped by three), more than 15 digits (read as the nearest decimal, as pandas does).
    /// Only digits, one sign, one point, one exponent and well-placed commas get here: strtod's
    /// `inf`, `nan` and hexadecimal are not numbers in a table.
    private static func slowParse(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, rule: Rule) -> ValueField {
        guard end - start <= 64 else { return invalid(bytes, start, end) }
        var text: [UInt8] = []
        text.reserveCapacity(end - start)
        var index = start
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            text.append(bytes[index])
            index += 1
        }
        // The integer part, with commas only between groups of three digits.
        var run = 0, groups = 0, integerDigits = 0
        while index < end {
            let byte = bytes[index]
            if byte &- 0x30 < 10 {
                text.append(byte)
                run += 1
                integerDigits += 1
            } else if byte == UInt8(ascii: ",") {
                guard (groups == 0 && (1...3).contains(run)) || (groups > 0 && run == 3) else { return invalid(bytes, start, end) }
                groups += 1
                run = 0
            } else {
                break
            }
            index += 1
        }
        if groups > 0, run != 3 { return invalid(bytes, start, end) }
        var fractionDigits = 0
        if index < end, bytes[index] == UInt8(ascii: ".") {
            text.append(bytes[index])
            index += 1
            while index < end, bytes[index] &- 0x30 < 10 {
                text.append(bytes[index])
                fractionDigits += 1
                index += 1
            }
        }
        guard integerDigits + fractionDigits > 0 else { return invalid(bytes, start, end) }
        if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
            text.append(UInt8(ascii: "e"))
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                text.append(bytes[index])
                index += 1
            }
            var exponentDigits = 0
            while index < end, bytes[index] &- 0x30 < 10 {
                text.append(bytes[index])
                exponentDigits += 1
                index += 1
            }
            guard exponentDigits > 0 else { return invalid(bytes, start, end) }
        }
        guard index == end, let number = Double(String(decoding: text, as: UTF8.self)), number.isFinite else {
            return invalid(bytes, start, end)
        }
        if rule == .count {
            guard number >= 0, number <= 1_000_000_000, number.rounded() == number else { return invalid(bytes, start, end) }
        }
        return .value(number == 0 ? 0 : number)
    }

    public static func parse(_ text: String, rule: Rule) -> ValueField {
        var text = text
        return text.withUTF8 { parse($0, rule: rule) }
    }

    private static let powersOfTen: [Double] = (0...15).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    private static func invalid(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> ValueField {
        .invalid(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end.clamped(start, start + 200)]), as: UTF8.self))
    }
}

extension Int {
    fileprivate func clamped(_ low: Int, _ high: Int) -> Int { Swift.min(Swift.max(self, low), high) }
}
