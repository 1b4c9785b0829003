import FremontCore
import Testing

/// newsboat's `notify-format` placeholders, filled in as newsboat fills them.
@Suite struct NotifyFormatTests {
    private let counts = NotifyFormat.Counts(newArticles: 3, unreadArticles: 42, unreadFeeds: 5, feedsWithNewArticles: 2)

    @Test func theDefaultIsNewsboatsWithFremontsName() {
        #expect(NotifyFormat.standard.message(counts) == "Fremont: finished reload, 5 unread feeds (42 unread articles total)")
    }

    @Test func everyPlaceholderAndAPercentSign() {
        // newsboat's documented example, and each placeholder once more.
        #expect(NotifyFormat("%d new articles (%n unread articles, %f unread feeds)").message(counts)
                == "3 new articles (42 unread articles, 5 unread feeds)")
        #expect(NotifyFormat("%D feeds had %d new; 100%% read? %n left").message(counts) == "2 feeds had 3 new; 100% read? 42 left")
    }

    @Test func anUnknownPlaceholderAndATrailingPercentStayAsWritten() {
        #expect(NotifyFormat("%x and %").message(counts) == "%x and %")
        #expect(NotifyFormat("%%d").message(counts) == "%d")
        #expect(NotifyFormat("").message(counts) == "")
    }
}
