

/// Items of one line each: a table, a log, a text.
public struct UniformMetrics: ListMetrics, Sendable {
    public let itemCount: Int

    public init(count: Int) { itemCount = max(0, count) }

    public func top(of index: Int) -> Int { index }
    public func item(atLine line: Int) -> Int { line }
}
