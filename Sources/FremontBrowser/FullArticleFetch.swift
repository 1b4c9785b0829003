import Foundation
import FremontArticle
import FremontCore
import FremontSources
import FremontUI

/// An item's page read for its full article and kept in the cache with the item: what `x` and a
/// feed tagged `full-article` do. The page is fetched live (the cache keeps the article, not the
/// page), capped in size and time, and never run: libxml2 parses it, no script, no entity from
/// outside, nothing fetched beyond the page itself. A page that is not an article (a video, a
/// PDF, anything not HTML, too little text) is kept as such, with the reason.
public enum FullArticleFetch {
    /// A page larger than this is not read: articles are tens of kilobytes.
    public static let maximumBytes = 2 << 20
    /// Seconds for the whole page, and for its first answer.
    public static let timeout: TimeInterval = 20
    public static let connectTimeout: TimeInterval = 10

    /// The article kept with the item, unless `again`; else the page fetched, read and kept. With
    /// `--offline`, only the kept copy.
    public static func article(_ request: FullArticleRequest, _ settings: FetchSettings, _ context: LoadContext,
                               cache: CacheDatabase, now: Date = Date()) throws(LoadError) -> FullArticle {
        let kept: FullArticle?
        do {
            kept = try cache.article(feed: request.feed, id: request.id)
        } catch {
            throw LoadError(source: "the cache", "cannot read the kept article: \(error)")
        }
        if settings.offline {
            if let kept { return kept }
            throw LoadError(source: RedactedURL.text(request.link), kind: .notCached,
                            "no full article is kept for this item; run without --offline and press x")
        }
        // A kept article answers; a page kept as no article is asked again (the reader asked).
        if let kept, kept.isArticle, !request.again { return kept }
        let article = try fetch(request.link, settings, context, now: now)
        do {
            try cache.storeArticle(article, feed: request.feed, id: request.id)
        } catch {
            // Shown all the same; only keeping it failed.
            context.note("the full article is shown but not kept: \(error)")
        }
        return article
    }

    /// The page at `link`, read for its article.
    static func fetch(_ link: String, _ settings: FetchSettings, _ context: LoadContext, now: Date) throws(LoadError) -> FullArticle {
        guard let url = URL(string: link), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw LoadError(source: TerminalSafeText.singleLine(link), "only an http or https link can be read for its article")
        }
        let name = RedactedURL.text(url)
        var options = settings.requestOptions
        options.maximumBytes = min(options.maximumBytes, maximumBytes)
        options.timeout = min(options.timeout, timeout)
        options.connectTimeout = min(options.connectTimeout, connectTimeout)
        options.ifNoneMatch = nil
        options.ifModifiedSince = nil
        let body: InputSource
        let info: HTTPResponseInfo
        switch try WebSources.http.fetch(url, options: options, cancellation: context.cancellation, progress: context.progress) {
        case .body(let source, let response):
            body = source
            info = response
        case .notModified:
            throw LoadError(source: name, "the server answered 304 Not Modified to a request that was not conditional")
        }
        let address = body.base ?? name
        if let kind = notAPage(contentType: info.contentType) {
            return FullArticle(url: address, blocks: [], notArticle: "it is \(kind), not a web page", fetchedAt: now)
        }
        let reader = try body.open()
        reader.limit = (maximumBytes, "an article's page")
        var data = Data()
        try reader.forEachChunk { data.append($0) }
        // Esc (or a newer load) stops the extraction too, not only the fetch.
        let cancellation = context.cancellation
        let article = try ArticleReader.read(data, name: name, url: body.base.flatMap(URL.init(string:)) ?? url,
                                             shouldStop: { cancellation?.isCancelled == true })
        let metadata = article.metadata
        // What of the page was not read closes the article, where a reader sees it.
        let notes = article.notes.map { ArticleBlock(.paragraph, "[fremont: \($0)]") }
        return FullArticle(url: address, title: metadata.title ?? "", byline: metadata.byline ?? "", siteName: metadata.siteName ?? "",
                           published: metadata.published ?? "", blocks: article.blocks + notes, links: article.blockLinks,
                           notArticle: article.notArticle, fetchedAt: now)
    }

    /// What a response's `Content-Type` says the page is when it is plainly not a web page.
    static func notAPage(contentType: String?) -> String? {
        guard let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased(), !type.isEmpty else {
            return nil
        }
        if type == "text/html" || type == "application/xhtml+xml" || type == "text/plain" { return nil }
        if type.hasPrefix("video/") { return "a video" }
        if type.hasPrefix("audio/") { return "a sound file" }
        if type.hasPrefix("image/") { return "a picture" }
        if type == "application/pdf" { return "a PDF document" }
        return "\(TerminalSafeText.singleLine(String(type.prefix(60)))) content"
    }
}
