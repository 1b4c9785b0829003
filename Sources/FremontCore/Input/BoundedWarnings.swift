/// The warnings of one read, bounded: the first `limit` kept whole, the rest counted by their
/// kind and said in one last warning (`ParseWarning.untold`), so a file of a million wrong
/// values costs a thousand warnings' memory, not a million's.
public struct BoundedWarnings: Sendable {
    public static let feedLimit = 1_000

    public let limit: Int
    /// A message's kind, for the tally of those not kept.
    private let kindOf: @Sendable (String) -> String
    public private(set) var kept: [ParseWarning] = []
    private var dropped = 0
    /// What was not kept, by kind (the message's words before its first quote or colon), at
    /// most 20 kinds named.
    private var droppedKinds: [(kind: String, count: Int)] = []

    public init(limit: Int = BoundedWarnings.feedLimit, kind: @escaping @Sendable (String) -> String = BoundedWarnings.kind(of:)) {
        self.limit = limit
        kindOf = kind
    }

    public mutating func append(_ warning: ParseWarning) {
        guard kept.count < limit else {
            dropped += 1
            let kind = kindOf(warning.message)
            if let index = droppedKinds.firstIndex(where: { $0.kind == kind }) {
                droppedKinds[index].count += 1
            } else if droppedKinds.count < 20 {
                droppedKinds.append((kind, 1))
            }
            return
        }
        kept.append(warning)
    }

    public mutating func append(contentsOf warnings: [ParseWarning]) {
        for warning in warnings { append(warning) }
    }

    public var isEmpty: Bool { kept.isEmpty }

    /// The warnings kept, and the tally of the rest when some were not.
    public var all: [ParseWarning] { kept + (tally.map { [$0] } ?? []) }

    /// One warning counting those not kept, by kind; nil when every one was kept.
    public var tally: ParseWarning? {
        guard dropped > 0 else { return nil }
        let kinds = droppedKinds.map { "\(NumberText.grouped($0.count)) \($0.kind)" }.joined(separator: ", ")
        var tally = ParseWarning("\(NumberText.grouped(dropped)) more warnings not kept (the first \(NumberText.grouped(limit)) are): \(kinds)")
        tally.untold = dropped
        return tally
    }

    /// A message's kind: its words up to the first quoted or variable part.
    public static func kind(of message: String) -> String {
        let cut = message.firstIndex { $0 == "'" || $0 == ":" || $0.isNumber } ?? message.endIndex
        let kind = message[..<cut].trimmingCharacters(in: .whitespaces)
        return kind.isEmpty ? "other" : String(kind.prefix(60))
    }
}
