/// The rules of one attempt at finding a page's main text; each retry drops one (Readability's
/// flags), for pages whose article the stricter rules threw away.
struct ArticleRules: Sendable {
    /// Drop blocks whose class or id says they are not the article (comments, sidebars, menus).
    var stripUnlikely = true
    /// Let class and id names weigh a block up (article, content) or down (footer, share).
    var weighClasses = true
    /// Drop lists, tables and divs that look like navigation or ads after the article is found.
    var cleanConditionally = true

    static let attempts: [ArticleRules] = [
        ArticleRules(),
        ArticleRules(stripUnlikely: false),
        ArticleRules(stripUnlikely: false, weighClasses: false),
        ArticleRules(stripUnlikely: false, weighClasses: false, cleanConditionally: false),
    ]
}

/// Readability's names and weights: which class and id words make a block more or less likely
/// to be the article. Matched as substrings of the lower-cased class and id, as Readability's
/// regular expressions do.
enum ArticleWords {
    static let unlikely = ["-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap", "disqus",
                           "extra", "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss",
                           "shoutbox", "sidebar", "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate",
                           "pagination", "pager", "popup", "yom-remote"]
    static let maybeCandidate = ["and", "article", "body", "column", "content", "main", "mathjax", "shadow"]
    static let positive = ["article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination", "post",
                           "text", "blog", "story"]
    static let negative = ["-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead",
                           "media", "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar",
                           "skyscraper", "sponsor", "shopping", "tags", "widget"]
    static let byline = ["byline", "author", "dateline", "writtenby", "p-author"]
    static let unlikelyRoles: Set<String> = ["menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog"]

    /// Whether any of `words` occurs in `text`: a plain byte search, as Foundation's `contains`
    /// cost a fifth of a whole extraction when asked of every node (class names are short).
    static func matches(_ text: String, _ words: [String]) -> Bool {
        var text = text
        return text.withUTF8 { haystack in
            words.contains { word in
                var word = word
                return word.withUTF8 { needle in
                    guard let first = needle.first, needle.count <= haystack.count else { return false }
                    var index = 0
                    while index + needle.count <= haystack.count {
                        if haystack[index] == first, (1..<needle.count).allSatisfy({ haystack[index + $0] == needle[$0] }) { return true }
                        index += 1
                    }
                    return false
                }
            }
        }
    }

    /// Whether "hid" is a word of the class or id (a hidden block), which a substring test cannot tell.
    static func namesHid(_ text: String) -> Bool {
        text.split(whereSeparator: \.isWhitespace).contains("hid")
    }
}

/// Which elements carry what: blocks, phrasing, the tags that get a score.
enum ArticleTags {
    static let scored: Set<String> = ["section", "h2", "h3", "h4", "h5", "h6", "p", "td", "pre"]
    /// A div holding one of these is not a paragraph.
    static let blockInDiv: Set<String> = ["blockquote", "dl", "div", "img", "ol", "p", "pre", "table", "ul"]
    static let phrasing: Set<String> = ["abbr", "audio", "b", "bdo", "br", "button", "cite", "code", "data", "datalist", "dfn",
                                        "em", "embed", "i", "img", "input", "kbd", "label", "mark", "math", "meter", "noscript",
                                        "object", "output", "progress", "q", "ruby", "samp", "script", "select", "small", "span",
                                        "strong", "sub", "sup", "textarea", "time", "var", "wbr"]
    static let keptAsIsSibling: Set<String> = ["div", "article", "section", "p", "ol", "ul"]
    /// Dropped before anything is scored: never part of what a reader reads.
    static let neverText: Set<String> = ["script", "style", "noscript", "template", "link", "meta", "head", "svg", "canvas",
                                         "iframe", "object", "embed", "button", "input", "select", "textarea", "nav"]
    static let removedFromArticle: Set<String> = ["object", "embed", "footer", "link", "aside", "iframe", "input",
                                                  "textarea", "select", "button"]
    static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
}
