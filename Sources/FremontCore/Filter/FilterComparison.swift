/// One comparison of a filter expression: `attribute op value`. The value is kept as written
/// between the quotes (a backslash escape stays as it is, as newsboat keeps it), a number as its
/// digits, a range as `A:B`: newsboat compares them all as text, except where the operator reads
/// numbers.
public struct FilterComparison: Sendable, Hashable {
    public var attribute: String
    public var op: FilterOperator
    public var value: String

    public init(_ attribute: String, _ op: FilterOperator, _ value: String) {
        self.attribute = attribute
        self.op = op
        self.value = value
    }
}
