import Foundation
@testable import FremontCore

/// Parses a feed written in a test.
func readFeed(_ xml: String, limits: FeedLimits = FeedLimits()) throws(LoadError) -> FeedParseResult {
    try FeedParser.parse(.string(xml, name: "test.xml"), limits: limits)
}

func readFeed(bytes: [UInt8], limits: FeedLimits = FeedLimits()) throws(LoadError) -> FeedParseResult {
    try FeedParser.parse(.bytes(Data(bytes), name: "test.xml"), limits: limits)
}

func feedError(_ xml: String, limits: FeedLimits = FeedLimits()) -> LoadError? {
    feedError(bytes: Array(xml.utf8), limits: limits)
}

func feedError(bytes: [UInt8], limits: FeedLimits = FeedLimits()) -> LoadError? {
    do {
        _ = try readFeed(bytes: bytes, limits: limits)
        return nil
    } catch {
        return error
    }
}

/// An RSS 2.0 document around `items`.
func rss(_ items: String, namespaces: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0" \(namespaces)>
    <channel>
    <title>Test feed</title>
    <link>https://example.org/</link>
    <description>About tests</description>
    \(items)
    </channel>
    </rss>
    """
}

func date(iso text: String) -> Date? {
    InternetDate.parse(text)
}
