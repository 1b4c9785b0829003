/// One binding: the keys that trigger an action and what it does, in one line for the help.
/// The help overlay is built from these, so a key cannot be handled without being listed.
public struct KeyBinding<Action: Sendable>: Sendable {
    public var keys: [Key]
    public var action: Action
    /// One line for the help overlay.
    public var help: String
    /// How the help names the keys when their labels joined by spaces would read badly.
    public var keyLabel: String

    public init(_ keys: [Key], _ action: Action, _ help: String, label: String? = nil) {
        self.keys = keys
        self.action = action
        self.help = help
        keyLabel = label ?? keys.map(\.label).joined(separator: " ")
    }

    public init(_ key: Key, _ action: Action, _ help: String, label: String? = nil) {
        self.init([key], action, help, label: label)
    }
}

extension KeyBinding {
    /// The moving keys every list and text shares, as less and VisiData have them: j/k and the
    /// arrows, PgDn/Space/^F and PgUp/^B, g/Home and G/End, each with the view's own words.
    public static func movement(down: (Action, String), up: (Action, String), pageDown: (Action, String),
                                pageUp: (Action, String), first: (Action, String), last: (Action, String)) -> [KeyBinding] {
        [
            KeyBinding([.character("j"), .down], down.0, down.1),
            KeyBinding([.character("k"), .up], up.0, up.1),
            KeyBinding([.pageDown, .character(" "), .control("f")], pageDown.0, pageDown.1),
            KeyBinding([.pageUp, .control("b")], pageUp.0, pageUp.1),
            KeyBinding([.character("g"), .home], first.0, first.1),
            KeyBinding([.character("G"), .end], last.0, last.1),
        ]
    }
}

/// A line of the help overlay: keys and what they do.
public struct HelpEntry: Hashable, Sendable {
    public var keys: String
    public var help: String

    public init(keys: String, help: String) {
        self.keys = keys
        self.help = help
    }
}

/// A view's keys as data: the bindings (the first that names a key wins), and the few hints the
/// footer has room for, each naming keys of the bindings.
public struct Keymap<Action: Sendable>: Sendable {
    public var bindings: [KeyBinding<Action>]
    public var footer: [KeyHint]

    public init(_ bindings: [KeyBinding<Action>], footer: [KeyHint] = []) {
        self.bindings = bindings
        self.footer = footer
    }

    public func action(for key: Key) -> Action? {
        bindings.first { $0.keys.contains(key) }?.action
    }

    public var boundKeys: [Key] { bindings.flatMap(\.keys) }

    public var help: [HelpEntry] {
        bindings.map { HelpEntry(keys: $0.keyLabel, help: $0.help) }
    }
}

/// A key and what it does, short, for the footer: `j/k move`.
public struct KeyHint: Hashable, Sendable {
    public var keys: String
    public var action: String
    /// The keys the hint stands for, so a test can check that each is bound.
    public var standsFor: [Key]

    public init(_ keys: String, _ action: String, for stands: [Key]) {
        self.keys = keys
        self.action = action
        standsFor = stands
    }
}
