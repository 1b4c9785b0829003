import FremontCore

/// A line of text being typed, with a cursor: the footer's prompt (a search, a filter, a file
/// name). The editing keys are a shell's (readline's emacs mode, as newsboat's prompts take):
/// ← → and Ctrl-B/F move a character, Home/End and Ctrl-A/E to the ends, Bksp and Del delete
/// around the cursor, Ctrl-W the word before it, Ctrl-U and Ctrl-K to either end; ↑ ↓ step
/// through what was typed at earlier prompts. Long text scrolls to keep the cursor in view.
public struct TextInput: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// The text or the cursor changed (or the key was an editing key that had nothing to do).
        case edited
        case submitted(String)
        case cancelled
        /// Not an editing key.
        case ignored
    }

    /// Characters a line takes at most: a prompt's answer is a filter or a path, never a page.
    public static let maximumLength = 1_000

    public private(set) var characters: [Character]
    /// Where the next character goes: 0…`characters.count`.
    public private(set) var cursor: Int
    /// Earlier answers, oldest first, and which of them ↑ ↓ show (nil: the line being typed).
    private var history: [String]
    private var historyIndex: Int?
    /// The line being typed when ↑ first left it, given back by ↓ past the newest answer.
    private var draft: [Character] = []

    public init(_ text: String = "", history: [String] = []) {
        characters = Array(text.prefix(Self.maximumLength))
        cursor = characters.count
        self.history = history
    }

    public var text: String { String(characters) }

    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .enter: return .submitted(text)
        case .escape, .control("c"), .control("g"): return .cancelled
        case .left, .control("b"): cursor = max(0, cursor - 1)
        case .right, .control("f"): cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .backspace, .control("h"):
            guard cursor > 0 else { break }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            if cursor < characters.count { characters.remove(at: cursor) }
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"):
            characters.removeSubrange(cursor...)
        case .control("w"):
            // Back over spaces, then over the word: as a shell's Ctrl-W.
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .up: recall(by: -1)
        case .down: recall(by: 1)
        case .character(let character):
            // A control or bidi character never goes into a line that reaches the terminal.
            guard characters.count < Self.maximumLength, !character.unicodeScalars.contains(where: TerminalSafeText.isUnsafe) else { break }
            characters.insert(character, at: cursor)
            cursor += 1
        default: return .ignored
        }
        return .edited
    }

    /// ↑ (-1) an older answer, ↓ (+1) a newer one, past the newest the line that was being typed.
    private mutating func recall(by step: Int) {
        guard !history.isEmpty else { return }
        let current = historyIndex ?? history.count
        let next = min(max(0, current + step), history.count)
        guard next != current else { return }
        if historyIndex == nil { draft = characters }
        historyIndex = next == history.count ? nil : next
        characters = historyIndex.map { Array(history[$0]) } ?? draft
        cursor = characters.count
    }

    /// Draws the text from `x` on row `y`, at most `width` cells, the cursor as an inverted cell
    /// (it shows in any terminal and locale); text wider than that scrolls so the cursor shows,
    /// a `…` marking what is cut on the left.
    public func render(into buffer: inout ScreenBuffer, x: Int, y: Int, width: Int, style: Style) {
        guard width > 1 else { return }
        let safe = characters.map { TerminalSafeText.singleLine(String($0)) }
        let widths = safe.map { max(0, DisplayWidth.of($0)) }
        var cursorStyle = style
        cursorStyle.attributes.formSymmetricDifference(.reverse)
        // The first character shown: as far left as leaves the cursor's cell in view, and a
        // cell for the `…` while characters are cut.
        var first = cursor
        var used = cursor < characters.count ? max(1, widths[cursor]) : 1
        while first > 0, used + widths[first - 1] + (first > 1 ? 1 : 0) <= width {
            used += widths[first - 1]
            first -= 1
        }
        var column = x
        if first > 0 { column += buffer.write("…", x: column, y: y, style: style) }
        let end = x + width
        for index in first..<characters.count {
            guard column + widths[index] <= end else { break }
            column += buffer.write(safe[index], x: column, y: y, style: index == cursor ? cursorStyle : style)
        }
        if cursor == characters.count, column < end {
            buffer.write(" ", x: column, y: y, style: cursorStyle)
        }
    }
}
