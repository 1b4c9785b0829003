/// newsboat's `ignore-article FEED "expression"`: the items of some feeds that an expression
/// matches are not shown (`IgnoreMode`). The feeds are one address, those whose address a
/// pattern matches (`regex:…`), or every feed (`*`).
public struct IgnoreRule: Sendable, Hashable {
    public enum Feeds: Sendable, Hashable {
        case all
        case url(String)
        /// A POSIX extended pattern on the feed's address, unanchored and case-insensitive, as `=~` matches.
        case pattern(String)
    }

    public var feeds: Feeds
    public var expression: FilterExpression

    public init(feeds: Feeds, expression: FilterExpression) {
        self.feeds = feeds
        self.expression = expression
    }

    /// The feeds as `ignore-article`'s first word gives them: `*`, `regex:PATTERN` or an address.
    public init(feedsWord word: String, expression: FilterExpression) {
        if word == "*" {
            feeds = .all
        } else if word.hasPrefix("regex:") {
            feeds = .pattern(String(word.dropFirst("regex:".count)))
        } else {
            feeds = .url(word)
        }
        self.expression = expression
    }

    /// The rule as one expression of the filter language: its feeds are a comparison on
    /// `rssurl`, so the rule is evaluated where any filter is (in the cache).
    public var scopedExpression: FilterExpression {
        switch feeds {
        case .all: expression
        case .url(let url): .and(.comparison(FilterComparison("rssurl", .equals, url)), expression)
        case .pattern(let pattern): .and(.comparison(FilterComparison("rssurl", .regexMatches, pattern)), expression)
        }
    }
}

/// newsboat's `ignore-mode`: `download` (its default), matching items are never stored;
/// `display`, they are stored but hidden, and shown again when the rule goes.
public enum IgnoreMode: String, Sendable, Hashable, CaseIterable {
    case download
    case display
}

/// The config's ignore rules and their mode.
public struct IgnoreRules: Sendable, Hashable {
    /// Rules past this many are not read: each is a level of the combined expression.
    public static let maximumCount = 100

    public var rules: [IgnoreRule]
    public var mode: IgnoreMode

    public init(rules: [IgnoreRule] = [], mode: IgnoreMode = .download) {
        self.rules = rules
        self.mode = mode
    }

    /// The items any rule ignores, as one expression; nil without rules.
    public var expression: FilterExpression? {
        rules.reversed().reduce(nil as FilterExpression?) { later, rule in
            later.map { .or(rule.scopedExpression, $0) } ?? rule.scopedExpression
        }
    }

    /// The expression of items never stored (`download` mode), and of items hidden (`display`).
    public var downloadExpression: FilterExpression? { mode == .download ? expression : nil }
    public var displayExpression: FilterExpression? { mode == .display ? expression : nil }
}
