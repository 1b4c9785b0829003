import Foundation
import FremontCore

/// Finds a page's main text the way Mozilla Readability does (its intent, in Swift): paragraph-like
/// blocks are scored by their length and commas, each score is passed to the block's parent and
/// (halved) grandparent and beyond, class and id names weigh blocks up or down, scores shrink with
/// link density; the best block is joined by its siblings that score near it; then lists, tables
/// and divs that look like navigation are cleaned away. Too little text left makes it try again
/// with looser rules.
struct ArticleExtractor {
    /// Below this many characters an attempt is retried with looser rules.
    static let enoughText = 500
    /// How many ancestors a block's score reaches.
    static let ancestorLevels = 5
    static let topCandidateCount = 5

    private var scores: [ObjectIdentifier: Double] = [:]
    private let rules: ArticleRules
    private let title: String?
    /// Asked every few thousand nodes: true stops the extraction (Esc, a newer load).
    private let shouldStop: @Sendable () -> Bool
    private var visited = 0
    /// Headings compared with the title before the first that repeats it: a bounded few.
    private var headingsCompared = 0
    static let headingsToCompare = 32
    /// The byline found in the page's text (a `.byline`, `rel=author`), taken out of the article.
    private(set) var byline: String?

    private init(rules: ArticleRules, title: String?, shouldStop: @escaping @Sendable () -> Bool) {
        self.rules = rules
        self.title = title
        self.shouldStop = shouldStop
    }

    /// Stops when asked to, checked once every 4,096 nodes visited.
    private mutating func checkStop() throws(LoadError) {
        visited += 1
        if visited & 4_095 == 0, shouldStop() { throw LoadError(source: "", kind: .cancelled, "cancelled") }
    }

    /// The article's container (a detached div), and the byline seen in the text: the first
    /// attempt with enough text, else the attempt with the most.
    static func extract(_ body: HTMLNode, title: String?,
                        shouldStop: @escaping @Sendable () -> Bool = { false }) throws(LoadError) -> (content: HTMLNode, byline: String?) {
        var best: (content: HTMLNode, byline: String?, length: Int)?
        for rules in ArticleRules.attempts {
            var extractor = ArticleExtractor(rules: rules, title: title, shouldStop: shouldStop)
            let content = try extractor.grab(body.clone())
            let length = content.textLength
            if length >= enoughText { return (content, extractor.byline) }
            if best == nil || length > best!.length { best = (content, extractor.byline, length) }
        }
        return (best!.content, best!.byline)
    }

    // MARK: - Finding the article

    private mutating func grab(_ body: HTMLNode) throws(LoadError) -> HTMLNode {
        let toScore = try prepare(body)
        var candidates: [HTMLNode] = []
        for block in toScore where block.parent != nil {
            let text = block.textMeasure
            guard text.length >= 25 else { continue }
            let ancestors = ancestors(of: block, upTo: Self.ancestorLevels)
            guard !ancestors.isEmpty else { continue }
            let score = 1 + Double(text.commas) + Double(min(text.length / 100, 3))
            for (level, ancestor) in ancestors.enumerated() where ancestor.parent != nil {
                if scores[ObjectIdentifier(ancestor)] == nil {
                    initialize(ancestor)
                    candidates.append(ancestor)
                }
                let divider = level == 0 ? 1.0 : (level == 1 ? 2.0 : Double(level * 3))
                scores[ObjectIdentifier(ancestor), default: 0] += score / divider
            }
        }
        for candidate in candidates {
            scores[ObjectIdentifier(candidate)] = score(candidate) * (1 - Self.linkDensity(candidate))
        }
        let top = candidates.sorted { score($0) > score($1) }.prefix(Self.topCandidateCount)
        return try gather(around: pickTop(Array(top), body: body))
    }

    /// Drops what is never the article and marks the blocks to score; turns divs that hold only
    /// phrasing into paragraphs, as a browser's reader would.
    private mutating func prepare(_ body: HTMLNode) throws(LoadError) -> [HTMLNode] {
        var toScore: [HTMLNode] = []
        // Each node with whether a table or a code element holds it, carried down rather than
        // looked up (a walk up from every node costs the depth each time).
        var stack: [(node: HTMLNode, inTableOrCode: Bool)] = [(body, false)]
        var removeTitleHeader = true
        while let (node, inTableOrCode) = stack.popLast() {
            guard node.kind == .element, node.parent != nil || node === body else { continue }
            try checkStop()
            let names = node.classAndID.lowercased()
            if node !== body {
                if ArticleTags.neverText.contains(node.name) || !Self.isVisible(node) {
                    node.remove()
                    continue
                }
                if byline == nil, isByline(node, names) {
                    byline = ArticleMetadata.clean(node.innerText)
                    node.remove()
                    continue
                }
                if removeTitleHeader, node.name == "h1" || node.name == "h2", headingsCompared < Self.headingsToCompare,
                   compareWithTitle(node) {
                    removeTitleHeader = false
                    node.remove()
                    continue
                }
                if rules.stripUnlikely {
                    if ArticleWords.matches(names, ArticleWords.unlikely), !ArticleWords.matches(names, ArticleWords.maybeCandidate),
                       !inTableOrCode, node.name != "a", node.name != "body" {
                        node.remove()
                        continue
                    }
                    if let role = node["role"]?.lowercased(), ArticleWords.unlikelyRoles.contains(role) {
                        node.remove()
                        continue
                    }
                }
                if ["div", "section", "header", "h1", "h2", "h3", "h4", "h5", "h6"].contains(node.name), Self.isEmpty(node) {
                    node.remove()
                    continue
                }
            }
            if ArticleTags.scored.contains(node.name) { toScore.append(node) }
            let holds = inTableOrCode || node.name == "table" || node.name == "code"
            if node.name == "div" {
                wrapPhrasing(in: node)
                let elements = node.children.filter { $0.kind == .element }
                let onlyText = node.children.allSatisfy { $0.kind == .element || $0.text.allSatisfy(\.isWhitespace) }
                if elements.count == 1, elements[0].name == "p", onlyText, Self.linkDensity(node) < 0.25 {
                    node.absorb(elements[0])
                    toScore.append(node)
                    stack.append(contentsOf: node.children.reversed().map { ($0, holds) })
                    continue
                } else if !Self.hasBlock(node) {
                    node.name = "p"
                    toScore.append(node)
                }
            }
            stack.append(contentsOf: node.children.reversed().map { ($0, holds) })
        }
        return toScore
    }

    /// Runs of text and inline elements in a div that also holds blocks become paragraphs of their own.
    private func wrapPhrasing(in div: HTMLNode) {
        guard Self.hasBlock(div) else { return }
        var children: [HTMLNode] = []
        var run: [HTMLNode] = []
        func flush() {
            defer { run = [] }
            guard run.contains(where: { !$0.textContent.allSatisfy(\.isWhitespace) }) else {
                children.append(contentsOf: run)
                return
            }
            let paragraph = HTMLNode(element: "p")
            for node in run { paragraph.append(node) }
            paragraph.parent = div
            children.append(paragraph)
        }
        for child in div.children {
            if Self.isPhrasing(child) { run.append(child) } else { flush(); children.append(child) }
        }
        flush()
        div.children = children
    }

    /// The best candidate, moved up the tree while its ancestors hold more of the article.
    private mutating func pickTop(_ top: [HTMLNode], body: HTMLNode) -> HTMLNode {
        guard var best = top.first, best !== body, best.name != "body" else {
            // No block stood out: the whole body is the article.
            let all = HTMLNode(element: "div")
            for child in body.children { all.append(child) }
            body.append(all)
            initialize(all)
            return all
        }
        // Several good candidates under one ancestor: the ancestor holds the article.
        let bestScore = score(best)
        let alternatives = top.dropFirst().filter { score($0) / bestScore >= 0.75 }
        if alternatives.count >= 3 {
            var ancestor = best.parent
            while let each = ancestor, each.name != "body", each !== body {
                if alternatives.filter({ $0.isDescendant(of: each) }).count >= 3 {
                    best = each
                    break
                }
                ancestor = each.parent
            }
        }
        if scores[ObjectIdentifier(best)] == nil { initialize(best) }
        // A parent scoring better than the block (a third of its score at least, all the way) wins.
        var parent = best.parent
        var lastScore = score(best)
        let threshold = lastScore / 3
        while let each = parent, each.name != "body", each !== body {
            guard let parentScore = scores[ObjectIdentifier(each)] else { parent = each.parent; continue }
            if parentScore < threshold { break }
            if parentScore > lastScore {
                best = each
                break
            }
            lastScore = parentScore
            parent = each.parent
        }
        // An only child says nothing its parent does not.
        while let each = best.parent, each.name != "body", each !== body, each.children.filter({ $0.kind == .element }).count == 1 {
            best = each
        }
        if scores[ObjectIdentifier(best)] == nil { initialize(best) }
        return best
    }

    /// The best block and those of its siblings that score near it or read like paragraphs.
    private mutating func gather(around best: HTMLNode) throws(LoadError) -> HTMLNode {
        let article = HTMLNode(element: "div")
        let bestScore = score(best)
        let threshold = max(10, bestScore * 0.2)
        let siblings = best.parent?.children.filter { $0.kind == .element } ?? [best]
        let bestClass = best["class"] ?? ""
        for sibling in siblings {
            var keep = sibling === best
            if !keep {
                let bonus = !bestClass.isEmpty && sibling["class"] == bestClass ? bestScore * 0.2 : 0
                if let siblingScore = scores[ObjectIdentifier(sibling)], siblingScore + bonus >= threshold {
                    keep = true
                } else if sibling.name == "p" {
                    let density = Self.linkDensity(sibling)
                    let length = sibling.textLength
                    if length > 80 && density < 0.25 {
                        keep = true
                    } else if length < 80, length > 0, density == 0,
                              sibling.innerText.range(of: #"\.( |$)"#, options: .regularExpression) != nil {
                        keep = true
                    }
                }
            }
            guard keep else { continue }
            if !ArticleTags.keptAsIsSibling.contains(sibling.name) { sibling.name = "div" }
            article.append(sibling)
        }
        try clean(article)
        return article
    }

    // MARK: - Cleaning the article

    private mutating func clean(_ article: HTMLNode) throws(LoadError) {
        for node in article.elements(named: ArticleTags.removedFromArticle) { node.remove() }
        try cleanConditionally(article, ["form", "fieldset"])
        if rules.weighClasses {
            for heading in article.elements(named: ["h1", "h2"]) where classWeight(heading) < 0 { heading.remove() }
        }
        for node in article.elements() where node.parent != nil {
            let names = node.classAndID.lowercased()
            if ArticleWords.matches(names, ["share"]), node.textLength < 500 { node.remove() }
        }
        try cleanConditionally(article, ["table", "ul", "div"])
        for paragraph in article.elements(named: ["p"]) where paragraph.parent != nil {
            let facts = paragraph.facts
            // `embeds` counts iframes, objects and embeds alike.
            if facts.images == 0, facts.embeds == 0, facts.text.length == 0 { paragraph.remove() }
        }
    }

    /// Drops the lists, tables and divs that read like navigation, ads or forms: few commas and
    /// many links, more list items than paragraphs, pictures without text, and so on.
    private mutating func cleanConditionally(_ article: HTMLNode, _ names: Set<String>) throws(LoadError) {
        guard rules.cleanConditionally else { return }
        // Judged once a table, not once for every node inside it.
        let dataTables = Set(article.elements(named: ["table"]).filter(Self.isDataTable).map(ObjectIdentifier.init))
        // What holds each node (a data table or code, a figure), carried down once.
        var held: [ObjectIdentifier: (inDataTableOrCode: Bool, inFigure: Bool)] = [:]
        var nodes: [HTMLNode] = []
        var stack: [(node: HTMLNode, inDataTableOrCode: Bool, inFigure: Bool)] = article.children.reversed().map { ($0, false, false) }
        while let (node, inDataTableOrCode, inFigure) = stack.popLast() {
            guard node.kind == .element else { continue }
            if names.contains(node.name) {
                nodes.append(node)
                held[ObjectIdentifier(node)] = (inDataTableOrCode, inFigure)
            }
            let below = (inDataTableOrCode || node.name == "code" || (node.name == "table" && dataTables.contains(ObjectIdentifier(node))),
                         inFigure || node.name == "figure")
            stack.append(contentsOf: node.children.reversed().map { ($0, below.0, below.1) })
        }
        // Deepest last in document order first: a node is judged with what is left below it.
        for node in nodes.reversed() where node.parent != nil {
            try checkStop()
            let isList = node.name == "ul" || node.name == "ol"
            if node.name == "table", dataTables.contains(ObjectIdentifier(node)) { continue }
            let (inDataTableOrCode, inFigure) = held[ObjectIdentifier(node)] ?? (false, false)
            if inDataTableOrCode { continue }
            let weight = classWeight(node)
            if Double(weight) + (scores[ObjectIdentifier(node)] ?? 0) < 0 {
                node.remove()
                continue
            }
            let facts = node.facts
            guard facts.text.commas < 10 else { continue }
            let paragraphs = facts.paragraphs
            let images = facts.images
            let items = facts.listItems - 100
            let inputs = facts.inputs
            let length = facts.text.length
            let headingDensity = length == 0 ? 0 : Double(facts.headingText) / Double(length)
            let embeds = facts.embeds
            let density = length == 0 ? 0 : facts.linkWeight / Double(length)
            let remove = (images > 1 && Double(paragraphs) / Double(images) < 0.5 && !inFigure)
                || (!isList && items > paragraphs)
                || (inputs > paragraphs / 3)
                || (!isList && headingDensity < 0.9 && length < 25 && (images == 0 || images > 2) && !inFigure)
                || (!isList && weight < 25 && density > 0.2)
                || (weight >= 25 && density > 0.5)
                || ((embeds == 1 && length < 75) || embeds > 1)
            if remove { node.remove() }
        }
    }

    // MARK: - Scores

    private func score(_ node: HTMLNode) -> Double {
        scores[ObjectIdentifier(node)] ?? 0
    }

    private mutating func initialize(_ node: HTMLNode) {
        var base: Double
        switch node.name {
        case "div": base = 5
        case "pre", "td", "blockquote": base = 3
        case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": base = -3
        case "h1", "h2", "h3", "h4", "h5", "h6", "th": base = -5
        default: base = 0
        }
        scores[ObjectIdentifier(node)] = base + Double(classWeight(node))
    }

    /// +25 for each of class and id that names the article's kind of block, −25 for each that
    /// names another kind; 0 when the rules do not weigh classes.
    private func classWeight(_ node: HTMLNode) -> Int {
        guard rules.weighClasses else { return 0 }
        var weight = 0
        for value in [node["class"], node["id"]] {
            guard let value = value?.lowercased(), !value.isEmpty else { continue }
            if ArticleWords.matches(value, ArticleWords.negative) || ArticleWords.namesHid(value) { weight -= 25 }
            if ArticleWords.matches(value, ArticleWords.positive) { weight += 25 }
        }
        return weight
    }

    private func ancestors(of node: HTMLNode, upTo levels: Int) -> [HTMLNode] {
        var result: [HTMLNode] = []
        var current = node.parent
        while let each = current, result.count < levels, each.name != "#document" {
            result.append(each)
            current = each.parent
        }
        return result
    }

    // MARK: - Tests on nodes

    private func isByline(_ node: HTMLNode, _ names: String) -> Bool {
        let itemprop = node["itemprop"]?.lowercased() ?? ""
        guard node["rel"]?.lowercased() == "author" || itemprop.contains("author") || ArticleWords.matches(names, ArticleWords.byline) else {
            return false
        }
        let length = node.textLength
        return length > 0 && length < 100
    }

    /// Whether a heading repeats the title (which the metadata shows already); counted, so a
    /// page of thousands of headings compares a bounded few.
    private mutating func compareWithTitle(_ heading: HTMLNode) -> Bool {
        headingsCompared += 1
        guard let title, !title.isEmpty else { return false }
        return Self.similarity(title, heading.innerText) > 0.75
    }

    static func similarity(_ a: String, _ b: String) -> Double {
        let wordsA = Set(a.lowercased().split { !$0.isLetter && !$0.isNumber })
        let wordsB = b.lowercased().split { !$0.isLetter && !$0.isNumber }
        guard !wordsA.isEmpty, !wordsB.isEmpty else { return 0 }
        let unique = wordsB.filter { !wordsA.contains($0) }
        let uniqueLength = unique.joined(separator: " ").count
        return 1 - Double(uniqueLength) / Double(wordsB.joined(separator: " ").count)
    }

    static func isVisible(_ node: HTMLNode) -> Bool {
        if let style = node["style"]?.lowercased().replacingOccurrences(of: " ", with: ""),
           style.contains("display:none") || style.contains("visibility:hidden") { return false }
        if node["hidden"] != nil { return false }
        if node["aria-hidden"] == "true", !(node["class"] ?? "").contains("fallback-image") { return false }
        return true
    }

    static func isEmpty(_ node: HTMLNode) -> Bool {
        node.textLength == 0
            && node.children.allSatisfy { $0.kind == .text || $0.name == "br" || $0.name == "hr" }
    }

    static func hasBlock(_ node: HTMLNode) -> Bool { node.facts.hasBlock }

    static func isPhrasing(_ node: HTMLNode) -> Bool {
        node.kind == .text || ArticleTags.phrasing.contains(node.name)
            || (["a", "del", "ins"].contains(node.name) && node.facts.childrenPhrasing)
    }

    /// The share of a node's text that is link text (in-page `#` links count less).
    static func linkDensity(_ node: HTMLNode) -> Double {
        let facts = node.facts
        guard facts.text.length > 0 else { return 0 }
        return facts.linkWeight / Double(facts.text.length)
    }

    /// A table of data (kept whole) rather than one that lays out a page.
    static func isDataTable(_ table: HTMLNode) -> Bool {
        if table["role"] == "presentation" || table["datatable"] == "0" { return false }
        if table["summary"] != nil { return true }
        let facts = table.facts
        if facts.firstCaptionHasChildren == true { return true }
        if facts.tableMarks > 0 { return true }
        if facts.tables > 0 { return false }
        let rows = facts.rows, columns = facts.cellsPerRow
        if rows >= 10 || columns > 4 { return true }
        return rows * columns > 10
    }
}
