import Foundation
import FremontCore

/// What a page says about itself: its title, author, site, date and summary, read from its
/// `<meta>` tags (Open Graph, Dublin Core, Twitter, article:), its JSON-LD, and its `<title>`.
/// Every value is one line of terminal-safe text.
public struct ArticleMetadata: Sendable, Equatable {
    public var title: String?
    public var byline: String?
    public var siteName: String?
    public var published: String?
    public var excerpt: String?

    public init(title: String? = nil, byline: String? = nil, siteName: String? = nil, published: String? = nil, excerpt: String? = nil) {
        self.title = title
        self.byline = byline
        self.siteName = siteName
        self.published = published
        self.excerpt = excerpt
    }

    /// Reads the page's metadata (before the extractor changes the tree).
    static func read(_ root: HTMLNode) -> ArticleMetadata {
        var values: [String: String] = [:]
        for meta in root.elements(named: ["meta"]) {
            guard let content = meta["content"].map(clean), !content.isEmpty else { continue }
            // `property` may hold several names ("og:title twitter:title"); `name` one.
            for key in (meta["property"] ?? "").lowercased().split(whereSeparator: \.isWhitespace) where values[String(key)] == nil {
                values[String(key)] = content
            }
            if let name = meta["name"]?.lowercased().trimmingCharacters(in: .whitespaces), !name.isEmpty, values[name] == nil {
                values[name.replacingOccurrences(of: ".", with: ":")] = content
            }
            if let name = meta["itemprop"]?.lowercased(), values["itemprop:" + name] == nil {
                values["itemprop:" + name] = content
            }
        }
        let linked = LinkedData.read(root)
        func first(_ keys: String...) -> String? {
            keys.lazy.compactMap { values[$0] }.first { !$0.isEmpty }
        }
        var metadata = ArticleMetadata()
        metadata.title = linked.title ?? first("dc:title", "dcterm:title", "og:title", "weibo:article:title", "weibo:webpage:title",
                                              "title", "twitter:title", "parsely-title")
        if metadata.title == nil { metadata.title = ArticleTitle.fromDocument(root) }
        metadata.byline = linked.byline ?? first("dc:creator", "dcterm:creator", "author", "parsely-author", "article:author")
            .flatMap { $0.hasPrefix("http") ? nil : $0 }
        metadata.excerpt = linked.excerpt ?? first("dc:description", "dcterm:description", "og:description", "weibo:article:description",
                                                  "weibo:webpage:description", "description", "twitter:description")
        metadata.siteName = linked.siteName ?? first("og:site_name")
        metadata.published = linked.published ?? first("article:published_time", "parsely-pub-date", "itemprop:datepublished",
                                                      "dc:date", "dcterm:created")
        if metadata.published == nil, let time = root.elements(named: ["time"]).first(where: { $0["datetime"] != nil }) {
            metadata.published = time["datetime"].map(clean)
        }
        return metadata
    }

    /// One line: entities were decoded by the parser; controls and runs of space go.
    static func clean(_ text: String) -> String {
        TerminalSafeText.singleLine(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// The page's JSON-LD (schema.org) article, when it has one: the most reliable metadata a page gives.
struct LinkedData {
    var title: String?
    var byline: String?
    var siteName: String?
    var published: String?
    var excerpt: String?

    private static let articleTypes: Set<String> = [
        "Article", "AdvertiserContentArticle", "NewsArticle", "AnalysisNewsArticle", "AskPublicNewsArticle",
        "BackgroundNewsArticle", "OpinionNewsArticle", "ReportageNewsArticle", "ReviewNewsArticle", "Report",
        "SatiricalArticle", "ScholarlyArticle", "MedicalScholarlyArticle", "SocialMediaPosting", "BlogPosting",
        "LiveBlogPosting", "DiscussionForumPosting", "TechArticle", "APIReference",
    ]

    static func read(_ root: HTMLNode) -> LinkedData {
        for script in root.elements(named: ["script"]) where script["type"]?.lowercased() == "application/ld+json" {
            let text = script.textContent
            guard text.utf8.count < 1_000_000,
                  let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else { continue }
            var objects: [[String: Any]] = []
            if let list = parsed as? [Any] { objects = list.compactMap { $0 as? [String: Any] } }
            if let object = parsed as? [String: Any] {
                objects = (object["@graph"] as? [Any])?.compactMap { $0 as? [String: Any] } ?? [object]
            }
            guard let article = objects.first(where: { isArticle($0["@type"]) }) else { continue }
            var result = LinkedData()
            let name = (article["name"] as? String).map(ArticleMetadata.clean)
            let headline = (article["headline"] as? String).map(ArticleMetadata.clean)
            result.title = headline ?? name
            result.byline = authors(article["author"])
            result.siteName = ((article["publisher"] as? [String: Any])?["name"] as? String).map(ArticleMetadata.clean)
            result.published = (article["datePublished"] as? String).map(ArticleMetadata.clean)
            result.excerpt = (article["description"] as? String).map(ArticleMetadata.clean)
            return result
        }
        return LinkedData()
    }

    private static func isArticle(_ type: Any?) -> Bool {
        if let type = type as? String { return articleTypes.contains(type) }
        if let types = type as? [Any] { return types.contains { isArticle($0) } }
        return false
    }

    private static func authors(_ value: Any?) -> String? {
        if let object = value as? [String: Any] { return (object["name"] as? String).map(ArticleMetadata.clean) }
        if let list = value as? [Any] {
            let names = list.compactMap { ($0 as? [String: Any])?["name"] as? String }.map(ArticleMetadata.clean)
            return names.isEmpty ? nil : names.joined(separator: ", ")
        }
        return (value as? String).map(ArticleMetadata.clean)
    }
}
