/// The config's `bind-key KEY OPERATION [CONTEXT]` lines in force: for each of newsboat's
/// screens (contexts), the key pressed and the key that does the operation there. A key press
/// is translated before the screen sees it, so a rebinding needs nothing of the screens but
/// the name of their context and the table below of which key does which of newsboat's
/// operations.
public struct KeyTranslations: Sendable {
    /// What a binding in force does, for the help: `^D  pagedown (article)`.
    public struct Binding: Sendable, Hashable {
        public var key: Key
        public var operation: String
        public var context: String
    }

    private var table: [String: [Key: Key]] = [:]
    public private(set) var bindings: [Binding] = []

    public init() {}

    /// newsboat's operations, the key that does each in Fremont, by context (`all`: every screen).
    /// Operations newsboat has and Fremont does not are not listed: binding one is a warning.
    static let operations: [String: [String: Key]] = [
        "all": [
            "quit": .character("q"), "hard-quit": .control("c"), "help": .character("?"), "reload": .character("r"),
            "reload-all": .character("R"), "redraw": .control("l"), "search": .character("/"),
        ],
        "feedlist": [
            "open": .enter, "up": .up, "down": .down, "pageup": .pageUp, "pagedown": .pageDown, "home": .home, "end": .end,
            "next-unread-feed": .character("n"), "prev-unread-feed": .character("p"), "next-unread": .character("n"),
            "prev-unread": .character("p"), "mark-feed-read": .character("A"), "mark-all-feeds-read": .character("C"),
            "set-tag": .character("t"), "clear-tag": .control("t"), "toggle-show-read-feeds": .character("U"),
        ],
        "articlelist": [
            "open": .enter, "up": .up, "down": .down, "pageup": .pageUp, "pagedown": .pageDown, "home": .home, "end": .end,
            "next": .character("j"), "prev": .character("k"), "next-unread": .character("n"), "prev-unread": .character("p"),
            "toggle-article-read": .character("N"), "mark-feed-read": .character("A"), "open-in-browser": .character("o"),
            "show-urls": .character("u"), "quit": .character("q"), "edit-flags": .character("*"),
        ],
        "article": [
            "up": .up, "down": .down, "pageup": .pageUp, "pagedown": .pageDown, "home": .home, "end": .end,
            "next-unread": .character("n"), "prev-unread": .character("p"), "toggle-article-read": .character("N"),
            "open-in-browser": .character("o"), "show-urls": .character("u"), "quit": .character("q"), "edit-flags": .character("*"),
        ],
    ]

    /// Every context a screen can be in, for `all` bindings.
    static let screens = ["feedlist", "articlelist", "article", "searchresultslist"]

    /// Takes `key` → `operation` in `context` (`all`: every screen that has the operation);
    /// false when no screen of that context has it.
    public mutating func bind(_ key: Key, to operation: String, in context: String) -> Bool {
        let operation = operation.lowercased()
        let contexts = context == "all" ? Self.screens : [context]
        var bound = false
        for screen in contexts {
            guard let target = Self.operations[screen]?[operation] ?? Self.operations["all"]?[operation] else { continue }
            table[screen, default: [:]][key] = target
            bound = true
        }
        if bound { bindings.append(Binding(key: key, operation: operation, context: context)) }
        return bound
    }

    /// The key to hand the screen in `context` for `key`: itself unless a binding takes it.
    public func translate(_ key: Key, in context: String) -> Key {
        table[context]?[key] ?? key
    }

    public var isEmpty: Bool { bindings.isEmpty }
}
