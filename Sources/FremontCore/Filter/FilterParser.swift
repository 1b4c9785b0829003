/// Reads newsboat's filter language exactly as newsboat (its `filterparser.rs`) does, so a
/// user's expressions mean the same here:
///
///     expression := (parens | comparison) ' '* ('and' | 'or') (' ' | '(' after spaces) ' '* (expression | parens | comparison)
///     parens     := '(' ' '* (expression | parens | comparison) ' '* ')'
///     comparison := name ' '* op ' '* ("quoted string" | number ':' number | number)
///
/// and the whole is `' '* (expression | parens | comparison) ' '*`. Names are ASCII letters,
/// digits, `_`, `-` and `.`; only the space is white space (a tab is an error); a number is an
/// optional `-` and ASCII digits; a string keeps its backslash escapes as written. Each choice
/// tries its alternatives in order and, when all fail, reports the last one's failure, as
/// newsboat's parser combinators do: so the positions of errors are newsboat's too. Each rule's
/// outcome at a position is remembered, so nested parentheses cost linear time (re-trying every
/// alternative at every level would be exponential), and nesting is bounded.
public enum FilterParser {
    /// Parentheses and `and`/`or` chains nest at most this deep: far past what anyone writes, and
    /// within SQLite's limit on an expression's depth when one is translated.
    public static let maximumDepth = 200

    public static func parse(_ text: String) throws(FilterParseError) -> FilterExpression {
        var parser = Parser(Array(text.utf8))
        let start = parser.spaces(0)
        let outcome = parser.anyExpression(start, depth: 0)
        if let deep = parser.tooDeepAt { throw FilterParseError(position: deep, .tooDeep(maximumDepth)) }
        switch outcome {
        case .failure(let error):
            throw error
        case .success(let expression, let end):
            let rest = parser.spaces(end)
            guard rest == parser.bytes.count else {
                throw FilterParseError(position: rest, .trailingCharacters(String(decoding: parser.bytes[rest...], as: UTF8.self)))
            }
            return expression
        case .bare:
            preconditionFailure("a comparison always fails with what it expected")
        }
    }

    /// What a rule made of the text at a position.
    private enum Outcome {
        case success(FilterExpression, end: Int)
        /// What was expected, and where: only a comparison fails so, and the last alternative
        /// of every choice is a comparison.
        case failure(FilterParseError)
        /// Failed without saying what it expected (a missing parenthesis, `and` not followed
        /// by a space).
        case bare
    }

    private struct Parser {
        let bytes: [UInt8]
        private var comparisons: [Int: Outcome] = [:]
        private var parenthesised: [Int: Outcome] = [:]
        private var chains: [Int: Outcome] = [:]
        /// Where nesting went past the limit: the parse stops with that error, whatever else.
        private(set) var tooDeepAt: Int?

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        func spaces(_ position: Int) -> Int {
            var index = position
            while index < bytes.count, bytes[index] == 0x20 { index += 1 }
            return index
        }

        /// `expression | parens | comparison`: the first that succeeds, else the comparison's failure.
        mutating func anyExpression(_ position: Int, depth: Int) -> Outcome {
            if case .success(let expression, let end) = chain(position, depth: depth) { return .success(expression, end: end) }
            if case .success(let expression, let end) = parens(position, depth: depth) { return .success(expression, end: end) }
            return comparison(position)
        }

        /// `left and|or right`, grouping to the right.
        mutating func chain(_ position: Int, depth: Int) -> Outcome {
            if let known = chains[position] { return known }
            let outcome = readChain(position, depth: depth)
            chains[position] = outcome
            return outcome
        }

        private mutating func readChain(_ position: Int, depth: Int) -> Outcome {
            if depth >= FilterParser.maximumDepth { return tooDeep(position) }
            let left: FilterExpression, afterLeft: Int
            if case .success(let expression, let end) = parens(position, depth: depth) {
                (left, afterLeft) = (expression, end)
            } else {
                switch comparison(position) {
                case .success(let expression, let end): (left, afterLeft) = (expression, end)
                case let other: return other
                }
            }
            var index = spaces(afterLeft)
            let isAnd: Bool
            if starts(with: "and", at: index) {
                isAnd = true
                index += 3
            } else if starts(with: "or", at: index) {
                isAnd = false
                index += 2
            } else {
                return .bare
            }
            // A space or a parenthesis must follow: `x=1andy=0` is not `x=1 and y=0`.
            guard index < bytes.count, bytes[index] == 0x20 || bytes[spaces(index)] == UInt8(ascii: "(") else { return .bare }
            switch anyExpression(spaces(index), depth: depth + 1) {
            case .success(let right, let end): return .success(isAnd ? .and(left, right) : .or(left, right), end: end)
            case let failed: return failed
            }
        }

        /// `( expression )`.
        mutating func parens(_ position: Int, depth: Int) -> Outcome {
            if let known = parenthesised[position] { return known }
            let outcome = readParens(position, depth: depth)
            parenthesised[position] = outcome
            return outcome
        }

        private mutating func readParens(_ position: Int, depth: Int) -> Outcome {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "(") else { return .bare }
            if depth >= FilterParser.maximumDepth { return tooDeep(position) }
            switch anyExpression(spaces(position + 1), depth: depth + 1) {
            case .success(let expression, let end):
                let close = spaces(end)
                guard close < bytes.count, bytes[close] == UInt8(ascii: ")") else { return .bare }
                return .success(expression, end: close + 1)
            case let failed:
                return failed
            }
        }

        /// `name op value`.
        mutating func comparison(_ position: Int) -> Outcome {
            if let known = comparisons[position] { return known }
            let outcome = readComparison(position)
            comparisons[position] = outcome
            return outcome
        }

        private func readComparison(_ position: Int) -> Outcome {
            var index = position
            while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
            guard index > position else { return .failure(FilterParseError(position: position, .expected(.attributeName))) }
            let name = String(decoding: bytes[position..<index], as: UTF8.self)
            index = spaces(index)
            guard let (op, length) = readOperator(index) else { return .failure(FilterParseError(position: index, .expected(.op))) }
            index = spaces(index + length)
            guard let (value, end) = readValue(index) else { return .failure(FilterParseError(position: index, .expected(.value))) }
            return .success(.comparison(FilterComparison(name, op, value)), end: end)
        }

        /// In newsboat's order: `=~` before `=`, `<=` before `<`.
        private static let operators: [(String, FilterOperator)] = [
            ("=~", .regexMatches), ("==", .equals), ("=", .equals), ("!~", .notRegexMatches), ("!=", .notEquals),
            ("<=", .lessThanOrEquals), (">=", .greaterThanOrEquals), ("<", .lessThan), (">", .greaterThan),
            ("between", .between), ("#", .contains), ("!#", .notContains),
        ]

        private func readOperator(_ index: Int) -> (FilterOperator, Int)? {
            for (spelling, op) in Self.operators where starts(with: spelling, at: index) { return (op, spelling.utf8.count) }
            return nil
        }

        /// A quoted string, else a range, else a number; the literal and where it ends.
        private func readValue(_ index: Int) -> (String, Int)? {
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                var cursor = index + 1
                while cursor < bytes.count {
                    switch bytes[cursor] {
                    case UInt8(ascii: "\""):
                        return (String(decoding: bytes[(index + 1)..<cursor], as: UTF8.self), cursor + 1)
                    case UInt8(ascii: "\\"):
                        guard cursor + 1 < bytes.count else { return nil }
                        // The escaped character, whole, whatever its length in bytes.
                        cursor += 1
                        repeat { cursor += 1 } while cursor < bytes.count && bytes[cursor] & 0xC0 == 0x80
                    default:
                        cursor += 1
                    }
                }
                return nil
            }
            guard let first = number(index) else { return nil }
            if first < bytes.count, bytes[first] == UInt8(ascii: ":"), let second = number(first + 1) {
                return (String(decoding: bytes[index..<second], as: UTF8.self), second)
            }
            return (String(decoding: bytes[index..<first], as: UTF8.self), first)
        }

        /// `-?[0-9]+`: where it ends.
        private func number(_ index: Int) -> Int? {
            var cursor = index
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
            let digits = cursor
            while cursor < bytes.count, bytes[cursor] >= 0x30, bytes[cursor] <= 0x39 { cursor += 1 }
            return cursor > digits ? cursor : nil
        }

        private func starts(with word: String, at index: Int) -> Bool {
            let utf8 = word.utf8
            guard index + utf8.count <= bytes.count else { return false }
            return zip(bytes[index...], utf8).allSatisfy { $0 == $1 }
        }

        private mutating func tooDeep(_ position: Int) -> Outcome {
            if tooDeepAt == nil { tooDeepAt = position }
            return .bare
        }

        private static func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }
}
