/// What a pattern may cost before the system's `regcomp` sees it: glibc copies a counted
/// repetition's body once per count (`((a{1,100}){1,100}){1,100}` is a million states: 280 MB to
/// 8 GB at every read of the config), and matches back-references (a GNU extension to POSIX
/// extended expressions) in exponential time (37 s on a 50,000-letter title, inside the cache's
/// write lock). So a pattern is at most 1,000 bytes, holds no back-reference, no count over
/// 255, and at most 1,000 positions once its counts are expanded; newsboat's real rules are a
/// few dozen.
enum PatternBudget {
    static let maximumBytes = 1_000
    static let maximumPositions = 1_000
    static let maximumCount = 255

    /// Why `pattern` is refused, nil when it is within the budget.
    static func refusal(_ pattern: String) -> String? {
        let bytes = Array(pattern.utf8)
        guard bytes.count <= maximumBytes else { return "longer than \(maximumBytes) bytes" }
        var parser = Parser(bytes: bytes)
        do {
            let size = try parser.alternation()
            return size > maximumPositions ? "too complex: \(size) positions once its counts are expanded (at most \(maximumPositions))" : nil
        } catch {
            return error.reason
        }
    }

    /// Where the bracket expression opening at `start` (its `[`) ends: just past its `]`, or
    /// the pattern's end. `]` first is a member, `[:alpha:]`, `[.a.]` and `[=a=]` are classes.
    static func bracketEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "^") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1 }
        while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
            if bytes[index] == UInt8(ascii: "["), index + 1 < bytes.count,
               [UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "=")].contains(bytes[index + 1]) {
                let close = bytes[index + 1]
                index += 2
                while index < bytes.count, !(bytes[index] == close && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "]")) {
                    index += 1
                }
                index = min(bytes.count, index + 2)
                continue
            }
            index += 1
        }
        return min(bytes.count, index + 1)
    }

    private struct Refusal: Error {
        var reason: String
    }

    /// Sizes an extended expression as glibc builds it: a sequence adds its pieces, an
    /// alternation its branches, a count multiplies its body.
    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func alternation() throws(Refusal) -> Int {
            var total = try sequence()
            while index < bytes.count, bytes[index] == UInt8(ascii: "|") {
                index += 1
                total += try sequence()
            }
            return total
        }

        mutating func sequence() throws(Refusal) -> Int {
            var total = 0
            while index < bytes.count, bytes[index] != UInt8(ascii: "|"), bytes[index] != UInt8(ascii: ")") {
                var size = try atom()
                // Quantifiers after it, each multiplying what it applies to.
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "?") {
                        index += 1
                        size += 1
                        continue
                    }
                    if byte == UInt8(ascii: "{"), let (low, high) = try count() {
                        size *= max(1, high ?? (low + 1))
                        continue
                    }
                    break
                }
                total += size
                guard total <= PatternBudget.maximumPositions * 1_000 else { return total }
            }
            return total
        }

        mutating func atom() throws(Refusal) -> Int {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "("):
                let inner = try alternation()
                if index < bytes.count, bytes[index] == UInt8(ascii: ")") { index += 1 }
                return max(1, inner)
            case UInt8(ascii: "["):
                // A bracket expression is one position.
                index = PatternBudget.bracketEnd(bytes, from: index - 1)
                return 1
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return 1 }
                let escaped = bytes[index]
                index += 1
                if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(escaped) {
                    throw Refusal(reason: "holds a back-reference (\\\(Character(Unicode.Scalar(escaped)))), which extended expressions do not have and which can take minutes to match")
                }
                return 1
            default:
                return 1
            }
        }

        /// `{m}`, `{m,}`, `{m,n}` at `index`; nil (and nothing read) when the brace is a plain character.
        mutating func count() throws(Refusal) -> (Int, Int?)? {
            var cursor = index + 1
            func number() -> Int? {
                var value: Int?
                while cursor < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor]) {
                    value = min(100_000, (value ?? 0) * 10 + Int(bytes[cursor] - UInt8(ascii: "0")))
                    cursor += 1
                }
                return value
            }
            guard let low = number() else { return nil }
            var high: Int? = low
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ",") {
                cursor += 1
                high = number()
            }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}") else { return nil }
            index = cursor + 1
            guard low <= PatternBudget.maximumCount, (high ?? 0) <= PatternBudget.maximumCount else {
                throw Refusal(reason: "counts a repetition past \(PatternBudget.maximumCount) times")
            }
            return (low, high)
        }
    }
}
