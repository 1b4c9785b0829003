/// Which dialect a feed was written in, as told by its root element and namespaces (a JSON Feed by its `version`).
public enum FeedFormat: String, Sendable, Equatable, CaseIterable {
    case rss090 = "RSS 0.90"
    /// 0.91, 0.92, 0.93, 0.94 and 2.0 share one vocabulary (2.0 only adds to it).
    case rss2 = "RSS 2.0"
    case rss10 = "RSS 1.0"
    case atom03 = "Atom 0.3"
    case atom10 = "Atom 1.0"
    case jsonFeed10 = "JSON Feed 1.0"
    case jsonFeed11 = "JSON Feed 1.1"
}
