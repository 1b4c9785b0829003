import FremontCore
import FremontSources
import FremontUI

/// `x`: an item's full article, from the cache or its page, off the UI thread; the download's
/// progress on the status line, Esc cancels it.
enum FullArticleJob {
    static func make(_ request: FullArticleRequest, settings: FetchSettings, cache: @escaping @Sendable () -> CacheDatabase) -> LoadJob {
        LoadJob(source: request.source) { (control) throws(LoadError) -> LoadPayload in
            let cancellation = FetchCancellation()
            control.onCancel { cancellation.cancel() }
            let context = LoadContext(cancellation: cancellation, progress: { control.progress($0, $1) }, note: { control.note($0) })
            return .fullArticle(request, try FullArticleFetch.article(request, settings, context, cache: cache()))
        }
    }
}
