import FremontCore

/// A `bind-key KEY OPERATION [CONTEXT]` line of the config, as newsboat writes it: the key by
/// newsboat's name (`j`, `^D`, `ENTER`, `SPACE`, `PAGEDOWN`, `F1`), the operation by its name
/// (`next-unread`, `open-in-browser`), and the screen it applies to (`all`, the default, or
/// `feedlist`, `articlelist`, `article`, …). The browser maps each to its keymaps.
public struct KeyRebinding: Sendable, Equatable {
    /// The keys a terminal sends, as the browser's own `Key` has them.
    public enum Key: Hashable, Sendable {
        case character(Character)
        /// A letter with Ctrl, lower-case.
        case control(Character)
        case enter, escape, tab, backTab, backspace, delete
        case up, down, left, right, pageUp, pageDown, home, end
        case function(Int)
    }

    public var key: Key
    public var operation: String
    /// `all` unless the line names one.
    public var context: String
    /// The line, for warnings about it (an operation the browser does not have).
    public var location: SourceLocation?

    public init(key: Key, operation: String, context: String = "all", location: SourceLocation? = nil) {
        self.key = key
        self.operation = operation
        self.context = context
        self.location = location
    }

    /// newsboat's dialogs, the contexts a binding may name.
    public static let contexts: Set<String> = [
        "all", "feedlist", "articlelist", "article", "tagselection", "filterselection", "urlview", "help",
        "filebrowser", "dirbrowser", "podboat", "dialogs", "searchresultslist",
    ]

    private static let named: [String: Key] = [
        "ENTER": .enter, "RETURN": .enter, "SPACE": .character(" "), "TAB": .tab, "BACKTAB": .backTab, "S-TAB": .backTab,
        "ESC": .escape, "ESCAPE": .escape, "BACKSPACE": .backspace, "DEL": .delete, "DELETE": .delete, "DC": .delete,
        "UP": .up, "DOWN": .down, "LEFT": .left, "RIGHT": .right,
        "PPAGE": .pageUp, "PAGEUP": .pageUp, "PGUP": .pageUp, "NPAGE": .pageDown, "PAGEDOWN": .pageDown, "PGDN": .pageDown,
        "HOME": .home, "END": .end,
    ]

    /// The key newsboat's `name` means, nil when it names none: one character, `^` and a letter
    /// (Ctrl), or a name (compared without case).
    public static func key(named name: String) -> Key? {
        if name.count == 1, let character = name.first, character != " " {
            return character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) ? .character(character) : nil
        }
        let upper = name.uppercased()
        if name.count == 2, name.hasPrefix("^"), let letter = name.last, letter.isASCII, letter.isLetter {
            return .control(Character(letter.lowercased()))
        }
        if let key = named[upper] { return key }
        if upper.hasPrefix("F"), let number = Int(upper.dropFirst()), (1...63).contains(number) { return .function(number) }
        return nil
    }
}
