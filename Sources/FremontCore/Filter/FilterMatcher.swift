/// Evaluates a filter expression against one thing's attributes, as newsboat's `matcher.rs`
/// does: `and` and `or` stop early, so an attribute or a pattern is only checked when reached.
/// This is the language's meaning written once, plainly; the cache evaluates the same in SQL
/// (`FilterSQL`), and tests hold the two to each other.
public struct FilterMatcher: Sendable {
    public let expression: FilterExpression
    /// Compiled once each, not per thing matched.
    private let regexes: [String: POSIXRegex]

    public init(_ expression: FilterExpression) throws(FilterEvaluationError) {
        self.expression = expression
        var regexes: [String: POSIXRegex] = [:]
        for comparison in expression.comparisons where comparison.op == .regexMatches || comparison.op == .notRegexMatches {
            if regexes[comparison.value] == nil { regexes[comparison.value] = try POSIXRegex.compiled(comparison.value) }
        }
        self.regexes = regexes
    }

    /// `attribute` gives an attribute's value as text, nil when the thing has no such attribute.
    public func matches(_ attribute: (String) -> String?) throws(FilterEvaluationError) -> Bool {
        try evaluate(expression, attribute)
    }

    private func evaluate(_ expression: FilterExpression, _ attribute: (String) -> String?) throws(FilterEvaluationError) -> Bool {
        switch expression {
        case .and(let left, let right):
            guard try evaluate(left, attribute) else { return false }
            return try evaluate(right, attribute)
        case .or(let left, let right):
            if try evaluate(left, attribute) { return true }
            return try evaluate(right, attribute)
        case .comparison(let comparison):
            guard let value = attribute(comparison.attribute) else { throw .unknownAttribute(comparison.attribute) }
            return apply(comparison, to: value)
        }
    }

    private func apply(_ comparison: FilterComparison, to text: String) -> Bool {
        let literal = comparison.value
        switch comparison.op {
        // Bytes, not canonical equivalence: newsboat compares bytes.
        case .equals: return text.utf8.elementsEqual(literal.utf8)
        case .notEquals: return !text.utf8.elementsEqual(literal.utf8)
        case .regexMatches: return regexes[literal]!.matches(text)
        case .notRegexMatches: return !regexes[literal]!.matches(text)
        case .lessThan: return FilterNumber.prefix(text) < FilterNumber.prefix(literal)
        case .greaterThan: return FilterNumber.prefix(text) > FilterNumber.prefix(literal)
        case .lessThanOrEquals: return FilterNumber.prefix(text) <= FilterNumber.prefix(literal)
        case .greaterThanOrEquals: return FilterNumber.prefix(text) >= FilterNumber.prefix(literal)
        case .between: return FilterNumber.range(literal)?.contains(FilterNumber.prefix(text)) ?? false
        case .contains: return FilterNumber.words(text, contain: literal)
        case .notContains: return !FilterNumber.words(text, contain: literal)
        }
    }
}
