import Foundation

/// The extracted article written back as plain HTML for the text renderer: tags kept, attributes
/// reduced to what reading needs (`href` made absolute, http/https/mailto only; `alt`; `start`).
enum ArticleHTML {
    private static let voidElements: Set<String> = ["br", "hr", "img", "wbr", "col", "source", "track", "area", "base", "embed"]

    static func serialize(_ root: HTMLNode, base: URL?) -> String {
        var out = ""
        // (node, closing): an element is visited once to open it and once to close it.
        var stack: [(HTMLNode, Bool)] = [(root, false)]
        while let (node, closing) = stack.popLast() {
            if node.kind == .text {
                out += escape(node.text, quote: false)
                continue
            }
            if closing {
                out += "</\(node.name)>"
                continue
            }
            out += "<\(node.name)"
            if node.name == "a", let href = node["href"], let target = absolute(href, base: base) {
                out += " href=\"\(escape(target, quote: true))\""
            }
            for key in ["alt", "start"] {
                if let value = node[key] { out += " \(key)=\"\(escape(value, quote: true))\"" }
            }
            out += ">"
            guard !voidElements.contains(node.name) else { continue }
            stack.append((node, true))
            stack.append(contentsOf: node.children.reversed().map { ($0, false) })
        }
        return out
    }

    static func absolute(_ href: String, base: URL?) -> String? {
        let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
        guard let url = URL(string: trimmed, relativeTo: base)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), ["http", "https", "mailto"].contains(scheme) else { return nil }
        return url.absoluteString
    }

    private static func escape(_ text: String, quote: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quote: result += "&quot;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
