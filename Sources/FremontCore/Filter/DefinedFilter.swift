/// newsboat's `define-filter "name" "expression"`: a filter the lists offer by name (`f`).
public struct DefinedFilter: Sendable, Hashable {
    public var name: String
    /// The expression as written, for the picker and the status line.
    public var text: String
    public var expression: FilterExpression

    public init(name: String, text: String, expression: FilterExpression) {
        self.name = name
        self.text = text
        self.expression = expression
    }

    /// `text` read; a mistake is newsboat's message with its position.
    public init(name: String, parsing text: String) throws(FilterParseError) {
        self.init(name: name, text: text, expression: try FilterExpression(parsing: text))
    }
}
