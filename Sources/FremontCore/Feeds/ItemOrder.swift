/// newsboat's `article-sort-order`: the field an item list is sorted by and the direction, as
/// newsboat names them (`date-asc`, `title-desc`, …). newsboat's dates read the other way round
/// ("date is descending by default" in its code): `date-asc`, its default, is newest first, and
/// `date-desc` oldest first; every other field ascends A to Z with `-asc`.
public struct ItemOrder: Sendable, Hashable, CustomStringConvertible {
    public enum Field: String, Sendable, Hashable, CaseIterable {
        case date, title, flags, author, link, guid
    }

    public var field: Field
    /// newsboat's direction word: `asc` (the default when none is given) or `desc`.
    public var ascending: Bool

    public init(_ field: Field, ascending: Bool = true) {
        self.field = field
        self.ascending = ascending
    }

    /// newsboat's default, and Fremont's: newest first.
    public static let newestFirst = ItemOrder(.date)

    /// `date`, `title-desc`, …; nil for anything else (newsboat's `random` is not one).
    public init?(newsboat text: String) {
        let parts = text.lowercased().split(separator: "-", maxSplits: 1).map(String.init)
        guard let first = parts.first, let field = Field(rawValue: first) else { return nil }
        switch parts.count > 1 ? parts[1] : "asc" {
        case "asc": self.init(field, ascending: true)
        case "desc": self.init(field, ascending: false)
        default: return nil
        }
    }

    /// As the config writes it.
    public var description: String { "\(field.rawValue)-\(ascending ? "asc" : "desc")" }

    /// Whether the list runs from the largest key to the smallest (a date's key grows with time).
    public var runsDown: Bool { field == .date ? ascending : !ascending }

    /// The sort key's next order: each field up then down, then the next field, round.
    public var next: ItemOrder {
        if ascending { return ItemOrder(field, ascending: false) }
        let fields = Field.allCases
        return ItemOrder(fields[(fields.firstIndex(of: field)! + 1) % fields.count])
    }
}
