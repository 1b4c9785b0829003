import Foundation

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
    /// The byline found in the page's text (a `.byline`, `rel=author`), taken out of the article.
    private(set) var byline: String?

    private init(rules: ArticleRules, title: String?) {
        self.rules = rules
        self.title = title
    }

    /// The article's container (a detached div), and the byline seen in the text: the first
    /// attempt with enough text, else the attempt with the most.
    static func extract(_ body: HTMLNode, title: String?) -> (content: HTMLNode, byline: String?) {
        var best: (content: HTMLNode, byline: String?, length: Int)?
        for rules in ArticleRules.attempts {
            var extractor = ArticleExtractor(rules: rules, title: title)
            let content = extractor.grab(body.clone())
            let length = content.textLength
            if length >= enoughText { return (content, extractor.byline) }
            if best == nil || length > best!.length { best = (content, extractor.byline, length) }
        }
        return (best!.content, best!.byline)
    }

    // MARK: - Finding the article

    private mutating func grab(_ body: HTMLNode) -> HTMLNode {
        let toScore = prepare(body)
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
        return gather(around: pickTop(Array(top), body: body))
    }

    /// Drops what is never the article and marks the blocks to score; turns divs that hold only
    /// phrasing into paragraphs, as a browser's reader would.
    private mutating func prepare(_ body: HTMLNode) -> [HTMLNode] {
        var toScore: [HTMLNode] = []
        var stack: [HTMLNode] = [body]
        var removeTitleHeader = true
        while let node = stack.popLast() {
            guard node.kind == .element, node.parent != nil || node === body else { continue }
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
                if removeTitleHeader, node.name == "h1" || node.name == "h2", duplicatesTitle(node) {
                    removeTitleHeader = false
                    node.remove()
                    continue
                }
                if rules.stripUnlikely {
                    if ArticleWords.matches(names, ArticleWords.unlikely), !ArticleWords.matches(names, ArticleWords.maybeCandidate),
                       !node.hasAncestor("table", depth: 0), !node.hasAncestor("code", depth: 0), node.name != "a", node.name != "body" {
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
            if node.name == "div" {
                wrapPhrasing(in: node)
                let elements = node.children.filter { $0.kind == .element }
                let onlyText = node.children.allSatisfy { $0.kind == .element || $0.text.allSatisfy(\.isWhitespace) }
                if elements.count == 1, elements[0].name == "p", onlyText, Self.linkDensity(node) < 0.25 {
                    node.absorb(elements[0])
                    toScore.append(node)
                    stack.append(contentsOf: node.children.reversed())
                    continue
                } else if !Self.hasBlock(node) {
                    node.name = "p"
                    toScore.append(node)
                }
            }
            stack.append(contentsOf: node.children.reversed())
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
    private func gather(around best: HTMLNode) -> HTMLNode {
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
        clean(article)
        return article
    }

    // MARK: - Cleaning the article

    private func clean(_ article: HTMLNode) {
        for node in article.elements(named: ArticleTags.removedFromArticle) { node.remove() }
        cleanConditionally(article, ["form", "fieldset"])
        if rules.weighClasses {
            for heading in article.elements(named: ["h1", "h2"]) where classWeight(heading) < 0 { heading.remove() }
        }
        for node in article.elements() where node.parent != nil {
            let names = node.classAndID.lowercased()
            if ArticleWords.matches(names, ["share"]), node.textLength < 500 { node.remove() }
        }
        cleanConditionally(article, ["table", "ul", "div"])
        for paragraph in article.elements(named: ["p"]) where paragraph.parent != nil {
            if paragraph.elements(named: ["img", "embed", "object", "iframe"]).isEmpty, paragraph.textLength == 0 { paragraph.remove() }
        }
    }

    /// Drops the lists, tables and divs that read like navigation, ads or forms: few commas and
    /// many links, more list items than paragraphs, pictures without text, and so on.
    private func cleanConditionally(_ article: HTMLNode, _ names: Set<String>) {
        guard rules.cleanConditionally else { return }
        // Judged once a table, not once for every node inside it.
        let dataTables = Set(article.elements(named: ["table"]).filter(Self.isDataTable).map(ObjectIdentifier.init))
        let isDataTable = { (table: HTMLNode) in dataTables.contains(ObjectIdentifier(table)) }
        for node in article.elements(named: names).reversed() where node.parent != nil {
            let isList = node.name == "ul" || node.name == "ol"
            if node.name == "table", isDataTable(node) { continue }
            if node.hasAncestor("table", depth: 0, where: isDataTable) || node.hasAncestor("code", depth: 0) { continue }
            let weight = classWeight(node)
            if Double(weight) + (scores[ObjectIdentifier(node)] ?? 0) < 0 {
                node.remove()
                continue
            }
            let text = node.textMeasure
            guard text.commas < 10 else { continue }
            let paragraphs = node.elements(named: ["p"]).count
            let images = node.elements(named: ["img"]).count
            let items = node.elements(named: ["li"]).count - 100
            let inputs = node.elements(named: ["input"]).count
            let headingLength = node.elements(named: ArticleTags.headings).reduce(0) { $0 + $1.textLength }
            let headingDensity = text.length == 0 ? 0 : Double(headingLength) / Double(text.length)
            let embeds = node.elements(named: ["object", "embed", "iframe"]).count
            let density = Self.linkDensity(node)
            let length = text.length
            let inFigure = node.hasAncestor("figure", depth: 0)
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

    /// Whether a heading repeats the title (which the metadata shows already).
    private func duplicatesTitle(_ heading: HTMLNode) -> Bool {
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

    static func hasBlock(_ node: HTMLNode) -> Bool {
        node.children.contains { child in
            child.kind == .element && (ArticleTags.blockInDiv.contains(child.name) || hasBlock(child))
        }
    }

    static func isPhrasing(_ node: HTMLNode) -> Bool {
        node.kind == .text || ArticleTags.phrasing.contains(node.name)
            || (["a", "del", "ins"].contains(node.name) && node.children.allSatisfy(isPhrasing))
    }

    /// The share of a node's text that is link text (in-page `#` links count less).
    static func linkDensity(_ node: HTMLNode) -> Double {
        let length = node.textLength
        guard length > 0 else { return 0 }
        var linkLength = 0.0
        for link in node.elements(named: ["a"]) {
            let coefficient = (link["href"] ?? "").hasPrefix("#") ? 0.3 : 1
            linkLength += Double(link.textLength) * coefficient
        }
        return linkLength / Double(length)
    }

    /// A table of data (kept whole) rather than one that lays out a page.
    static func isDataTable(_ table: HTMLNode) -> Bool {
        if table["role"] == "presentation" || table["datatable"] == "0" { return false }
        if table["summary"] != nil { return true }
        if table.firstElement(named: "caption").map({ !$0.children.isEmpty }) ?? false { return true }
        if !table.elements(named: ["col", "colgroup", "tfoot", "thead", "th"]).isEmpty { return true }
        if table.firstElement(named: "table") != nil { return false }
        let rows = table.elements(named: ["tr"])
        let columns = rows.map { $0.children.filter { $0.name == "td" || $0.name == "th" }.count }.max() ?? 0
        if rows.count >= 10 || columns > 4 { return true }
        return rows.count * columns > 10
    }
}
