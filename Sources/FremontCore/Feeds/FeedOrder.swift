import Foundation

/// newsboat's `feed-sort-order`: how the feed list is sorted, with newsboat's names and its
/// directions (its code sorts each field one way and reverses the whole for `-asc`): `-desc`,
/// the default, is the feeds file's order for `none`, A to Z for `firsttag` and `title`, fewest
/// first for `articlecount` and `unreadarticlecount`, most lately updated first for
/// `lastupdated`; `-asc` is each the other way round.
public struct FeedOrder: Sendable, Hashable, CustomStringConvertible {
    public enum Field: String, Sendable, Hashable, CaseIterable {
        case none, firsttag, title, articlecount, unreadarticlecount, lastupdated
    }

    public var field: Field
    public var descending: Bool

    public init(_ field: Field, descending: Bool = true) {
        self.field = field
        self.descending = descending
    }

    /// newsboat's default: the feeds file's order.
    public static let none = FeedOrder(.none)

    /// `title`, `unreadarticlecount-asc`, …; nil for anything else.
    public init?(newsboat text: String) {
        let parts = text.lowercased().split(separator: "-", maxSplits: 1).map(String.init)
        guard let first = parts.first, let field = Field(rawValue: first) else { return nil }
        switch parts.count > 1 ? parts[1] : "desc" {
        case "desc": self.init(field, descending: true)
        case "asc": self.init(field, descending: false)
        default: return nil
        }
    }

    public var description: String { "\(field.rawValue)-\(descending ? "desc" : "asc")" }

    /// The sort key's next order: each field one way then the other, then the next field, round.
    public var next: FeedOrder {
        if descending { return FeedOrder(field, descending: false) }
        let fields = Field.allCases
        return FeedOrder(fields[(fields.firstIndex(of: field)! + 1) % fields.count])
    }

    /// What the order compares of a feed.
    public struct Facts: Sendable {
        public var position: Int
        public var firstTag: String?
        public var title: String
        public var total: Int
        public var unread: Int
        public var newest: Double?

        public init(position: Int, firstTag: String?, title: String, total: Int, unread: Int, newest: Double?) {
            self.position = position
            self.firstTag = firstTag
            self.title = title
            self.total = total
            self.unread = unread
            self.newest = newest
        }
    }

    /// The positions of `feeds` in this order; ties keep the feeds file's order.
    public func sorted(_ feeds: [Facts]) -> [Int] {
        func natural(_ a: String, _ b: String) -> ComparisonResult {
            a.compare(b, options: [.caseInsensitive, .numeric])
        }
        // The order `-desc` gives, as newsboat's comparisons have it; feeds it cannot tell apart stay as listed.
        func before(_ a: Facts, _ b: Facts) -> Bool? {
            switch field {
            case .none: return nil
            case .firsttag:
                let left = a.firstTag ?? "", right = b.firstTag ?? ""
                // Feeds with a tag before those without.
                if left.isEmpty != right.isEmpty { return !left.isEmpty }
                let result = natural(left, right)
                return result == .orderedSame ? nil : result == .orderedAscending
            case .title:
                let result = natural(a.title, b.title)
                return result == .orderedSame ? nil : result == .orderedAscending
            case .articlecount: return a.total == b.total ? nil : a.total < b.total
            case .unreadarticlecount: return a.unread == b.unread ? nil : a.unread < b.unread
            case .lastupdated:
                if (a.newest == nil) != (b.newest == nil) { return a.newest != nil }
                guard let left = a.newest, let right = b.newest, left != right else { return nil }
                return left > right
            }
        }
        let ordered = feeds.sorted { a, b in before(a, b) ?? (a.position < b.position) }
        return (descending ? ordered : ordered.reversed()).map(\.position)
    }
}
