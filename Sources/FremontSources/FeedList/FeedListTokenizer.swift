/// Splits a line of newsboat's `urls` format into words: spaces separate them, double quotes
/// keep spaces inside one, and a backslash inside quotes escapes the next character.
enum FeedListTokenizer {
    struct UnclosedQuote: Error {
        /// Counted from 1, in characters.
        var column: Int
    }

    static func words(_ line: Substring) throws(UnclosedQuote) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quoteColumn: Int?
        var escaped = false
        for (offset, character) in line.enumerated() {
            if quoteColumn != nil {
                if escaped {
                    current.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    quoteColumn = nil
                } else {
                    current.append(character)
                }
            } else if character == "\"" {
                quoteColumn = offset + 1
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if let quoteColumn { throw UnclosedQuote(column: quoteColumn) }
        if inWord { words.append(current) }
        return words
    }

    /// A word as it must be written to read back the same: quoted when it holds spaces, quotes,
    /// backslashes, or would be taken for a comment or a title.
    static func quote(_ word: String, always: Bool = false) -> String {
        let plain = !word.isEmpty && !word.contains { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "\\" }
            && !word.hasPrefix("#") && !word.hasPrefix("~")
        if plain, !always { return word }
        var text = "\""
        for character in word {
            if character == "\"" || character == "\\" { text.append("\\") }
            text.append(character)
        }
        return text + "\""
    }
}
