import FremontCore
import Testing
@testable import FremontUI

/// A download's progress reaches the status line while it loads, and never after.
@Suite struct LoadProgressTests {
    @Test func progressShowsOnTheLoadingLineUntilTheLoadEnds() {
        var state = BrowserState(width: 80, height: 24, theme: Theme(colors: .indexed256))
        let url = "http://127.0.0.1:8080/fremont-2016-04.xml"
        _ = state.update(.loadStarted(.bikes, source: url))
        _ = state.update(.loadProgress(.bikes, source: url, bytes: 1_258_291, expected: nil))
        #expect(state.status.loading[.bikes] == "\(url) · 1.2 MB")
        _ = state.update(.loadProgress(.bikes, source: url, bytes: 1_258_291, expected: 3_565_158))
        #expect(state.status.loading[.bikes] == "\(url) · 1.2 MB of 3.4 MB")
        _ = state.update(.bikesLoaded(source: url, .failure(ParseError(source: url, "cancelled")), at: "12:00:00"))
        #expect(state.status.loading[.bikes] == nil)
        // A report that arrives after the load ended starts no spinner again.
        _ = state.update(.loadProgress(.bikes, source: url, bytes: 2_000_000, expected: nil))
        #expect(state.status.loading[.bikes] == nil)
        #expect(state.status.lastError?.message == "fremont-2016-04.xml: cancelled")
    }

    @Test func theFeedsTabKeepsCountingFeeds() {
        var state = BrowserState(width: 80, height: 24, theme: Theme(colors: .indexed256))
        _ = state.update(.loadStarted(.feeds, source: "http://example.org/a.xml"))
        let before = state.status.loading[.feeds]
        _ = state.update(.loadProgress(.feeds, source: "http://example.org/a.xml", bytes: 5000, expected: nil))
        #expect(state.status.loading[.feeds] == before)
    }
}
