/// The comparison operators of newsboat's filter language, with their spelling.
public enum FilterOperator: String, Sendable, Hashable, CaseIterable {
    case equals = "="
    case notEquals = "!="
    /// POSIX extended regular expression, case-insensitive, unanchored.
    case regexMatches = "=~"
    case notRegexMatches = "!~"
    /// The four orderings compare the integer prefixes of both sides (`FilterNumber`).
    case lessThan = "<"
    case greaterThan = ">"
    case lessThanOrEquals = "<="
    case greaterThanOrEquals = ">="
    /// `A:B`, inclusive, either order.
    case between
    /// Whether the value is one of the attribute's space-separated words.
    case contains = "#"
    case notContains = "!#"
}
