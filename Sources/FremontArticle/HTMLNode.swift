/// One node of a parsed page: an element (lower-case name, attributes, children) or a run of
/// text. A plain Swift tree, copied out of libxml2's, so the extractor can score, move and drop
/// nodes without touching C memory.
public final class HTMLNode {
    public enum Kind: Sendable { case element, text }

    public let kind: Kind
    public internal(set) var name: String
    public var attributes: [String: String]
    public var text: String
    /// The children as stored: a removed child stays here, with its `parent` gone, until the
    /// next read of `children` compacts them all at once (removing thousands of siblings one by
    /// one would otherwise search the list each time).
    private var storage: [HTMLNode] = []
    private var holdsRemoved = false

    public internal(set) var children: [HTMLNode] {
        get {
            if holdsRemoved {
                storage.removeAll { $0.parent !== self }
                holdsRemoved = false
            }
            return storage
        }
        set {
            storage = newValue
            holdsRemoved = false
        }
    }
    public internal(set) weak var parent: HTMLNode?

    init(element name: String, attributes: [String: String] = [:]) {
        kind = .element
        self.name = name
        self.attributes = attributes
        text = ""
    }

    init(text: String) {
        kind = .text
        name = "#text"
        attributes = [:]
        self.text = text
    }

    public subscript(attribute: String) -> String? { attributes[attribute] }

    func append(_ child: HTMLNode) {
        // Moved to the end of its own parent: drop its old place first (rare, so a search).
        if child.parent === self { storage.removeAll { $0 === child } }
        child.remove()
        child.parent = self
        storage.append(child)
    }

    /// Takes the node out of its parent (nothing when it has none), in constant time.
    func remove() {
        guard let parent else { return }
        parent.holdsRemoved = true
        self.parent = nil
    }

    /// Becomes its only child `inner` (a div that only wraps a paragraph): takes its name,
    /// attributes and children, in place, with no search of its siblings.
    func absorb(_ inner: HTMLNode) {
        let moved = inner.children
        inner.children = []
        inner.parent = nil
        name = inner.name
        attributes = inner.attributes
        for child in moved { child.parent = self }
        children = moved
    }

    /// Every element under this one, depth first, in document order (itself not included).
    public func elements(named names: Set<String>? = nil) -> [HTMLNode] {
        var found: [HTMLNode] = []
        var stack = children.reversed() as [HTMLNode]
        while let node = stack.popLast() {
            guard node.kind == .element else { continue }
            if names == nil || names!.contains(node.name) { found.append(node) }
            stack.append(contentsOf: node.children.reversed())
        }
        return found
    }

    public func firstElement(named name: String) -> HTMLNode? {
        var stack = children.reversed() as [HTMLNode]
        while let node = stack.popLast() {
            guard node.kind == .element else { continue }
            if node.name == name { return node }
            stack.append(contentsOf: node.children.reversed())
        }
        return nil
    }

    /// All the text under the node, as the page has it (white space not collapsed).
    public var textContent: String {
        if kind == .text { return text }
        var result = ""
        var stack = children.reversed() as [HTMLNode]
        while let node = stack.popLast() {
            if node.kind == .text { result += node.text } else { stack.append(contentsOf: node.children.reversed()) }
        }
        return result
    }

    /// The text as a reader sees it: a space between blocks (a paragraph's last word and the
    /// next one's first are two words, as `textContent` would glue them), white space collapsed.
    public var readableText: String {
        var result = ""
        var stack: [(HTMLNode, Bool)] = children.reversed().map { ($0, false) }
        while let (node, closing) = stack.popLast() {
            if node.kind == .text {
                result += node.text
            } else if closing || ["br", "hr", "img"].contains(node.name) {
                result += " "
            } else {
                if !Self.inline.contains(node.name) { result += " " }
                if !Self.inline.contains(node.name) { stack.append((node, true)) }
                stack.append(contentsOf: node.children.reversed().map { ($0, false) })
            }
        }
        return result.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Elements inside a line of text, which add no break around them.
    static let inline: Set<String> = ["a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "font", "i",
                                      "ins", "kbd", "mark", "q", "s", "samp", "small", "span", "strike", "strong", "sub",
                                      "sup", "time", "tt", "u", "var"]

    /// The length of `innerText` in Unicode scalars and its commas, in one pass that builds no
    /// string: the scorer asks this of every block and candidate, many times over.
    var textMeasure: (length: Int, commas: Int) {
        var length = 0
        var commas = 0
        var pendingSpace = false
        var stack = kind == .text ? [self] : children.reversed() as [HTMLNode]
        while let node = stack.popLast() {
            guard node.kind == .text else {
                stack.append(contentsOf: node.children.reversed())
                continue
            }
            for scalar in node.text.unicodeScalars {
                if Self.isSpace(scalar) {
                    pendingSpace = length > 0
                    continue
                }
                if pendingSpace {
                    length += 1
                    pendingSpace = false
                }
                length += 1
                if Self.isComma(scalar) { commas += 1 }
            }
        }
        return (length, commas)
    }

    var textLength: Int { textMeasure.length }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D: return true
        case 0..<0x80: return false
        default: return scalar.properties.isWhitespace
        }
    }

    /// Commas of the scripts that use them (Latin, Arabic, CJK …).
    static func isComma(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ",", "\u{060C}", "\u{FE50}", "\u{FE10}", "\u{FE11}", "\u{2E41}", "\u{2E34}", "\u{2E32}", "\u{FF0C}": return true
        default: return false
        }
    }

    /// The text with its runs of white space made one space, trimmed.
    public var innerText: String {
        textContent.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A deep copy, detached (each attempt of the extractor works on its own copy).
    func clone() -> HTMLNode {
        let copy = kind == .text ? HTMLNode(text: text) : HTMLNode(element: name, attributes: attributes)
        var stack: [(HTMLNode, HTMLNode)] = children.reversed().map { ($0, copy) }
        while let (node, parent) = stack.popLast() {
            let each = node.kind == .text ? HTMLNode(text: node.text) : HTMLNode(element: node.name, attributes: node.attributes)
            each.parent = parent
            parent.storage.append(each)
            stack.append(contentsOf: node.children.reversed().map { ($0, each) })
        }
        return copy
    }

    /// Whether an ancestor (within `depth` levels; 0 for any) is a `name` element that `filter` accepts.
    func hasAncestor(_ name: String, depth: Int = 3, where filter: ((HTMLNode) -> Bool)? = nil) -> Bool {
        var level = 0
        var node = parent
        while let each = node {
            if depth > 0 && level >= depth { return false }
            if each.name == name && (filter?(each) ?? true) { return true }
            node = each.parent
            level += 1
        }
        return false
    }

    func isDescendant(of ancestor: HTMLNode) -> Bool {
        var node = parent
        while let each = node {
            if each === ancestor { return true }
            node = each.parent
        }
        return false
    }

    /// The class and id together, for the weights that read either.
    var classAndID: String {
        (attributes["class"] ?? "") + " " + (attributes["id"] ?? "")
    }
}
