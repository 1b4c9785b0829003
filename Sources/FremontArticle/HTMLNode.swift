/// One node of a parsed page: an element (lower-case name, attributes, children) or a run of
/// text. A plain Swift tree, copied out of libxml2's, so the extractor can score, move and drop
/// nodes without touching C memory.
public final class HTMLNode {
    public enum Kind: Sendable { case element, text }

    public let kind: Kind
    /// A new name changes what the parent's subtree holds (a div made a paragraph).
    public internal(set) var name: String {
        didSet { parent?.invalidateFacts() }
    }
    public var attributes: [String: String] {
        didSet { parent?.invalidateFacts() }
    }
    public var text: String {
        didSet { invalidateFacts() }
    }
    /// What the subtree holds (its text's length and commas, links, blocks, counts), worked out
    /// once and kept until the subtree changes: the extractor asks it of every block, candidate
    /// and cleaned node, so a page nested deep costs its nodes, not its nodes times its depth.
    /// Kept only while every node under this one keeps its own (so a change is undone upward
    /// until the first node that kept none).
    private var cachedFacts: SubtreeFacts?
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
            invalidateFacts()
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
        invalidateFacts()
    }

    /// Takes the node out of its parent (nothing when it has none), in constant time.
    func remove() {
        guard let parent else { return }
        parent.holdsRemoved = true
        parent.invalidateFacts()
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

    /// The length of `innerText` in Unicode scalars and its commas, building no string: the
    /// scorer asks this of every block and candidate, many times over.
    var textMeasure: (length: Int, commas: Int) {
        let text = facts.text
        return (text.length, text.commas)
    }

    var textLength: Int { facts.text.length }

    /// The subtree's facts: kept, or worked out from the children's (each kept in turn), with
    /// no recursion (a page may nest deep).
    var facts: SubtreeFacts {
        if let cachedFacts { return cachedFacts }
        var stack: [HTMLNode] = [self]
        while let node = stack.last {
            if node.cachedFacts != nil {
                stack.removeLast()
                continue
            }
            let waiting = node.kind == .element ? node.children.filter { $0.cachedFacts == nil } : []
            if waiting.isEmpty {
                node.cachedFacts = SubtreeFacts(of: node)
                stack.removeLast()
            } else {
                stack.append(contentsOf: waiting)
            }
        }
        return cachedFacts!
    }

    /// The subtree changed: this node's facts and its ancestors' are worked out again when next asked.
    func invalidateFacts() {
        var node: HTMLNode? = self
        while let each = node, each.cachedFacts != nil {
            each.cachedFacts = nil
            node = each.parent
        }
    }

    /// The facts of a node whose children's are kept.
    fileprivate var keptFacts: SubtreeFacts { cachedFacts! }

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

/// The length and commas of a run of text as `innerText` would give it (white space collapsed,
/// trimmed), in a form that joins: two runs side by side make the run of both.
struct TextSummary: Sendable {
    var length = 0
    var commas = 0
    /// Whether the run holds anything but white space.
    var hasText = false
    /// White space before its first character (when it has text).
    var leadingSpace = false
    /// White space after its last character; for a run of white space only, whether it has any.
    var trailingSpace = false

    init() {}

    init(_ text: String) {
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if HTMLNode.isSpace(scalar) {
                if hasText { pendingSpace = true } else { leadingSpace = true }
                continue
            }
            if pendingSpace {
                length += 1
                pendingSpace = false
            }
            hasText = true
            length += 1
            if HTMLNode.isComma(scalar) { commas += 1 }
        }
        trailingSpace = hasText ? pendingSpace : leadingSpace
        if !hasText { leadingSpace = false }
    }

    /// This run followed by `next`.
    mutating func append(_ next: TextSummary) {
        guard next.hasText else {
            trailingSpace = trailingSpace || next.trailingSpace
            return
        }
        guard hasText else {
            let space = trailingSpace
            self = next
            leadingSpace = space || next.leadingSpace
            return
        }
        length += next.length + (trailingSpace || next.leadingSpace ? 1 : 0)
        commas += next.commas
        trailingSpace = next.trailingSpace
    }
}

/// What a node's subtree holds, below the node itself: what the extractor measures, joined from
/// the children's so each is worked out once.
struct SubtreeFacts: Sendable {
    var text = TextSummary()
    /// An element below that makes a div more than a paragraph (`ArticleTags.blockInDiv`).
    var hasBlock = false
    /// Whether every child is phrasing (text, or phrasing elements), as `isPhrasing` reads an `a`.
    var childrenPhrasing = true
    /// The text of the links below, each weighted (in-page `#` links 0.3): link density's numerator.
    var linkWeight = 0.0
    var paragraphs = 0, images = 0, listItems = 0, inputs = 0, embeds = 0, rows = 0, tables = 0
    /// `col`, `colgroup`, `tfoot`, `thead` and `th` elements: a table of data's marks.
    var tableMarks = 0
    /// The text of the headings below (a heading inside another counted in both, as a walk finds them).
    var headingText = 0
    /// The most cells (`td`, `th`) a row below has.
    var cellsPerRow = 0
    /// Whether the first `caption` below has children; nil without a caption.
    var firstCaptionHasChildren: Bool?

    init(of node: HTMLNode) {
        guard node.kind == .element else {
            text = TextSummary(node.text)
            return
        }
        for child in node.children {
            let facts = child.keptFacts
            text.append(facts.text)
            guard child.kind == .element else { continue }
            let name = child.name
            hasBlock = hasBlock || facts.hasBlock || ArticleTags.blockInDiv.contains(name)
            childrenPhrasing = childrenPhrasing && (ArticleTags.phrasing.contains(name)
                || ((name == "a" || name == "del" || name == "ins") && facts.childrenPhrasing))
            linkWeight += facts.linkWeight
            if name == "a" { linkWeight += Double(facts.text.length) * ((child["href"] ?? "").hasPrefix("#") ? 0.3 : 1) }
            paragraphs += facts.paragraphs + (name == "p" ? 1 : 0)
            images += facts.images + (name == "img" ? 1 : 0)
            listItems += facts.listItems + (name == "li" ? 1 : 0)
            inputs += facts.inputs + (name == "input" ? 1 : 0)
            embeds += facts.embeds + (name == "object" || name == "embed" || name == "iframe" ? 1 : 0)
            rows += facts.rows + (name == "tr" ? 1 : 0)
            tables += facts.tables + (name == "table" ? 1 : 0)
            tableMarks += facts.tableMarks + (["col", "colgroup", "tfoot", "thead", "th"].contains(name) ? 1 : 0)
            headingText += facts.headingText + (ArticleTags.headings.contains(name) ? facts.text.length : 0)
            cellsPerRow = max(cellsPerRow, facts.cellsPerRow)
            if name == "tr" { cellsPerRow = max(cellsPerRow, child.children.count { $0.name == "td" || $0.name == "th" }) }
            if firstCaptionHasChildren == nil {
                firstCaptionHasChildren = name == "caption" ? !child.children.isEmpty : facts.firstCaptionHasChildren
            }
        }
    }
}
