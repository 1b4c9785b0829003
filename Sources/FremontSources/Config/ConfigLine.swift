/// One line of the config, in either form fremont reads: its own `key = value`, or newsboat's
/// `key value…` with `"…"` quoting (`browser "w3m %u"`; `\"` and `\\` inside quotes). A `#`
/// outside quotes that starts a word starts a comment. Nothing is expanded: newsboat runs
/// `` `…` `` in its config as a command; fremont reads it as text.
struct ConfigLine: Equatable {
    var key: String
    /// The value's words, quotes taken off.
    var words: [String]
    /// The value as written after `=` (comment taken off), for `key = value` lines; nil for
    /// newsboat's form. A program's setting is split into words later, by `ProgramCommand`.
    var raw: String?

    enum Problem: Error, Equatable {
        /// A `"` never closed, at this column.
        case unterminatedQuote(column: Int)
    }

    private static let takeAKey: Set<String> = ["bind-key", "unbind-key", "macro"]

    /// Nil for a blank or comment line.
    static func parse(_ line: Substring) throws(Problem) -> ConfigLine? {
        func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" || character == "\r" }
        let text = line.drop(while: isBlank)
        guard let first = text.first, first != "#" else { return nil }
        let keyEnd = text.firstIndex { isBlank($0) || $0 == "=" || $0 == "\"" } ?? text.endIndex
        let key = String(text[..<keyEnd])
        let rest = text[keyEnd...].drop(while: isBlank)
        // `bind-key = quit` binds `=`: newsboat's commands that take a key have only its form.
        if rest.first == "=", !Self.takeAKey.contains(key.lowercased()) {
            let value = rest.dropFirst()
            let (words, end) = try Self.words(value, in: line)
            return ConfigLine(key: key, words: words, raw: value[..<end].trimmingCharacters(in: .whitespaces))
        }
        return ConfigLine(key: key, words: try Self.words(rest, in: line).words, raw: nil)
    }

    /// The words of `text` (a part of `line`) and where they end (a comment, or the end).
    private static func words(_ text: Substring, in line: Substring) throws(Problem) -> (words: [String], end: String.Index) {
        var words: [String] = []
        var current: String?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == " " || character == "\t" || character == "\r" {
                if let word = current { words.append(word) }
                current = nil
            } else if character == "#" && current == nil {
                return (words, index)
            } else if character == "\"" {
                let open = index
                var word = current ?? ""
                index = text.index(after: index)
                while true {
                    guard index < text.endIndex else {
                        throw .unterminatedQuote(column: line.distance(from: line.startIndex, to: open) + 1)
                    }
                    let inside = text[index]
                    if inside == "\"" { break }
                    if inside == "\\", text.index(after: index) < text.endIndex {
                        let next = text[text.index(after: index)]
                        // Only `\"` and `\\` are escapes; a backslash before anything else stays.
                        if next == "\"" || next == "\\" {
                            word.append(next)
                            index = text.index(index, offsetBy: 2)
                            continue
                        }
                    }
                    word.append(inside)
                    index = text.index(after: index)
                }
                current = word
            } else {
                if current == nil { current = "" }
                current!.append(character)
            }
            index = text.index(after: index)
        }
        if let word = current { words.append(word) }
        return (words, text.endIndex)
    }

    /// The one value a key takes: in `key = value`, one quoted word without its quotes, else the
    /// whole value (`location = 47.65, -122.35`); in newsboat's form, its one word. Nil when
    /// newsboat's form gives more than one word or none.
    var single: String? {
        if let raw { return words.count == 1 && raw.hasPrefix("\"") ? words[0] : raw }
        return words.count == 1 ? words[0] : nil
    }

    /// A program's setting, split into words later: the whole value in `key = value`
    /// (`player = mpv --fs`), the one quoted word in newsboat's form (`player "mpv --fs"`).
    var program: String? {
        raw ?? (words.count == 1 ? words[0] : nil)
    }
}
