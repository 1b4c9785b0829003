/// The vocabularies feeds mix, told apart by namespace URI (never by prefix: `dc:` is only a
/// convention, and a feed may bind any prefix, or none, to any of them).
enum FeedNamespace: Sendable, Equatable {
    /// No namespace: RSS 0.91-2.0, or Atom written without its xmlns.
    case none
    /// RSS 1.0, RSS 0.90 and the rare namespaced RSS 2.0, which share the core element names.
    case rss
    case atom
    case atom03
    case content
    case dublinCore
    case dublinCoreTerms
    case media
    case itunes
    case rdf
    case xhtml
    case other

    init(uri: String?) {
        guard let uri, !uri.isEmpty else {
            self = .none
            return
        }
        switch uri {
        case "http://www.w3.org/2005/Atom": self = .atom
        case "http://purl.org/rss/1.0/modules/content/": self = .content
        case "http://purl.org/dc/elements/1.1/": self = .dublinCore
        case "http://purl.org/rss/1.0/", "http://my.netscape.com/rdf/simple/0.9/",
             "http://channel.netscape.com/rdf/simple/0.9/",
             "http://backend.userland.com/rss2", "http://blogs.law.harvard.edu/tech/rss",
             "http://purl.org/rss/1.0/modules/rss091#":
            self = .rss
        case "http://search.yahoo.com/mrss/", "http://search.yahoo.com/mrss": self = .media
        case "http://www.w3.org/1999/02/22-rdf-syntax-ns#": self = .rdf
        case "http://purl.org/dc/terms/": self = .dublinCoreTerms
        case "http://www.itunes.com/dtds/podcast-1.0.dtd": self = .itunes
        case "http://purl.org/atom/ns#": self = .atom03
        // Atom before 0.3, as it was drafted under other names (necho, echo, pie): read as 0.3.
        case "http://example.com/newformat#", "http://example.com/necho", "http://purl.org/echo/", "uri/of/echo/namespace#",
             "http://purl.org/pie/":
            self = .atom03
        case "http://www.w3.org/1999/xhtml": self = .xhtml
        default:
            self = Self.otherwise(uri)
        }
    }

    /// What the exact spellings miss: namespaces written in another letter case (Apple's own
    /// feeds disagree on the case of iTunes'), and the Atom drafts' `http://purl.org/atom/ns#…`.
    private static func otherwise(_ uri: String) -> FeedNamespace {
        let lowered = uri.lowercased()
        if lowered.hasPrefix("http://purl.org/atom/ns#") { return .atom03 }
        guard lowered != uri else {
            return lowered.hasPrefix("http://backend.userland.com/rss") ? .rss : .other
        }
        let known = FeedNamespace(uri: lowered)
        return known == .none ? .other : known
    }

    /// A prefix left undeclared (a feed repaired in recovery reads `content:encoded` with no
    /// namespace): the vocabulary its conventional name stands for, else nil.
    static func conventional(prefix: Substring) -> FeedNamespace? {
        switch prefix {
        case "content": return .content
        case "dc": return .dublinCore
        case "dcterms": return .dublinCoreTerms
        case "atom": return .atom
        case "media": return .media
        case "itunes": return .itunes
        default: return nil
        }
    }

    /// RSS 0.90 was published under two URIs, and feeds use both.
    static let rss090URIs: Set<String> = ["http://my.netscape.com/rdf/simple/0.9/", "http://channel.netscape.com/rdf/simple/0.9/"]
}
