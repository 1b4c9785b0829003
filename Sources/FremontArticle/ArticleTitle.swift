import Foundation

/// The article's title from the page's `<title>`, without the site's name around it
/// ("Story | Site", "Site: Story"), as Readability cleans it.
enum ArticleTitle {
    private static let separators: Set<Character> = ["|", "-", "–", "—", "\\", "/", ">", "»"]
    private static let hierarchical: Set<Character> = ["\\", "/", ">", "»"]

    static func fromDocument(_ root: HTMLNode) -> String? {
        let original = ArticleMetadata.clean(root.firstElement(named: "title")?.textContent ?? "")
        guard !original.isEmpty else { return nil }
        var title = original
        var hadHierarchical = false
        let words = original.split(separator: " ")
        // A separator is a word of its own: "a - b", not "e-mail".
        let separatorIndexes = words.indices.filter { words[$0].count == 1 && separators.contains(words[$0].first!) }
        if let last = separatorIndexes.last {
            hadHierarchical = separatorIndexes.contains { hierarchical.contains(words[$0].first!) }
            title = words[..<last].joined(separator: " ")
            if title.split(separator: " ").count < 3, let first = separatorIndexes.first {
                title = words[(first + 1)...].joined(separator: " ")
            }
        } else if original.contains(": ") {
            let headings = root.elements(named: ["h1", "h2"]).map(\.innerText)
            if !headings.contains(original) {
                let afterLast = original[original.range(of: ": ", options: .backwards)!.upperBound...]
                title = String(afterLast)
                if title.split(separator: " ").count < 3 {
                    title = String(original[original.range(of: ": ")!.upperBound...])
                } else if original[..<original.range(of: ": ")!.lowerBound].split(separator: " ").count > 5 {
                    title = original
                }
            }
        } else if original.count > 150 || original.count < 15 {
            let h1s = root.elements(named: ["h1"])
            if h1s.count == 1 { title = h1s[0].innerText }
        }
        let count = title.split(separator: " ").count
        let originalWithoutSeparators = words.filter { !($0.count == 1 && separators.contains($0.first!)) }.count
        if count <= 4 && (!hadHierarchical || count != originalWithoutSeparators - 1) {
            title = original
        }
        return title.isEmpty ? original : title
    }
}
