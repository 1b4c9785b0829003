import FremontCore

/// An article printed for a person (labelled lines, the text, the links) or for a program (JSON).
public enum ArticleExport {
    public static func text(_ article: Article, write: (String) -> Void) {
        let metadata = article.metadata
        let fields: [(String, String?)] = [("Title", metadata.title), ("By", metadata.byline), ("Site", metadata.siteName),
                                           ("Published", metadata.published), ("Excerpt", metadata.excerpt)]
        for (label, value) in fields {
            if let value, !value.isEmpty { write("\(label): \(value)\n") }
        }
        if let reason = article.notArticle { write("Not an article: \(reason)\n") }
        for note in article.notes { write("Note: \(note)\n") }
        if !article.text.isEmpty { write("\n\(article.text)\n") }
        if !article.links.isEmpty {
            write("\nLinks:\n")
            for (index, link) in article.links.enumerated() { write("[\(index + 1)] \(TerminalSafeText.singleLine(link))\n") }
        }
    }

    /// One object: the metadata (null when the page does not say), the text and links, the word
    /// count, `notArticle` (null for an article), and `notes` on what of the page was not read.
    public static func json(_ article: Article, source: String, write: (String) -> Void) {
        func value(_ text: String?) -> String { text.map(JSONText.string) ?? "null" }
        let metadata = article.metadata
        write("{\"source\":\(JSONText.string(source)),\"title\":\(value(metadata.title)),\"byline\":\(value(metadata.byline))")
        write(",\"siteName\":\(value(metadata.siteName)),\"published\":\(value(metadata.published)),\"excerpt\":\(value(metadata.excerpt))")
        write(",\"wordCount\":\(article.wordCount),\"notArticle\":\(value(article.notArticle)),\"text\":\(JSONText.string(article.text))")
        write(",\"links\":[\(article.links.map(JSONText.string).joined(separator: ","))]")
        write(",\"notes\":[\(article.notes.map(JSONText.string).joined(separator: ","))]}\n")
    }
}
