/// Why a well-formed filter expression cannot be evaluated: newsboat finds these when it
/// evaluates; Fremont finds them before, when the expression is prepared.
public enum FilterEvaluationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An attribute no article or feed has (newsboat: "attribute `x` is not available").
    case unknownAttribute(String)
    /// The pattern of `=~`/`!~`, and what `regcomp` said of it.
    case invalidRegex(String, String)

    public var description: String {
        switch self {
        case .unknownAttribute(let name): "attribute '\(name)' is not available"
        case .invalidRegex(let pattern, let reason): "'\(pattern)' is not a valid regular expression: \(reason)"
        }
    }
}
