/// Why a filter expression could not be read, and where: a zero-based byte offset into the
/// expression, as newsboat counts it, so its messages and ours name the same place.
public struct FilterParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Expected: Sendable, Equatable {
        case attributeName, op, value

        var description: String {
            switch self {
            case .attributeName: "attribute name"
            case .op: "one of: =~, ==, =, !~, !=, <=, >=, <, >, between, #, !#"
            case .value: "one of: quoted string, range, number"
            }
        }
    }

    public enum Kind: Sendable, Equatable {
        /// Something else was found where this was expected.
        case expected(Expected)
        /// An expression was read, and these characters follow it.
        case trailingCharacters(String)
        /// Parentheses or `and`/`or` chains nest deeper than the limit (Fremont's, not newsboat's).
        case tooDeep(Int)
    }

    public var position: Int
    public var kind: Kind

    public init(position: Int, _ kind: Kind) {
        self.position = position
        self.kind = kind
    }

    /// newsboat's own words.
    public var description: String {
        switch kind {
        case .expected(let expected): "Parse error at position \(position): expected \(expected.description)"
        case .trailingCharacters(let tail): "Parse error: trailing characters after position \(position): \(tail)"
        case .tooDeep(let limit): "Parse error at position \(position): nested more than \(limit) levels deep"
        }
    }
}
