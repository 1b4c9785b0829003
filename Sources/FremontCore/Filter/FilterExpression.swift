/// A parsed expression of newsboat's filter language: comparisons joined by `and` and `or`.
/// The chains group to the right with no precedence between the two (`a and b or c` is
/// `a and (b or c)`), exactly as newsboat reads them; parentheses group.
public indirect enum FilterExpression: Sendable, Hashable {
    case and(FilterExpression, FilterExpression)
    case or(FilterExpression, FilterExpression)
    case comparison(FilterComparison)

    /// Reads `text`; see `FilterParser`.
    public init(parsing text: String) throws(FilterParseError) {
        self = try FilterParser.parse(text)
    }

    /// Every comparison, left to right.
    public var comparisons: [FilterComparison] {
        switch self {
        case .and(let left, let right), .or(let left, let right): left.comparisons + right.comparisons
        case .comparison(let comparison): [comparison]
        }
    }
}

extension FilterExpression {
    /// This expression's items that are unread: `unread = "yes" and (self)`.
    public var unreadOnly: FilterExpression {
        .and(.comparison(FilterComparison("unread", .equals, "yes")), self)
    }
}
