import Foundation
import FremontCore
import Testing
@testable import FremontUI

/// The Downloads tab (podboat's screen) and newsboat's `e`, which queues an item's enclosure.
@Suite struct DownloadsViewTests {
    static let rows = [
        DownloadRow(id: 1, url: "https://pod.example/a.mp3", fileName: "a.mp3", path: "/p/a.mp3", feedTitle: "Pod", itemTitle: "A",
                    state: "downloading", bytes: 5 << 20, total: 10 << 20, bytesPerSecond: 1_258_291, error: nil),
        DownloadRow(id: 2, url: "https://pod.example/b.mp3", fileName: "b.mp3", path: "/p/b.mp3", feedTitle: "Pod", itemTitle: "B",
                    state: "done", bytes: 3 << 20, total: 3 << 20, bytesPerSecond: nil, error: nil),
        DownloadRow(id: 3, url: "https://pod.example/c.mp3", fileName: "c.mp3", path: "/p/c.mp3", feedTitle: "Pod", itemTitle: "C",
                    state: "failed", bytes: 100, total: nil, bytesPerSecond: nil, error: "the disk is full"),
    ]

    func downloads() -> BrowserState {
        var state = April.browser(width: 100, height: 12)
        press(&state, .character("6"))
        _ = state.update(.loaded(.downloads, source: "download queue", .success(.downloads(Self.rows)), at: "1"))
        return state
    }

    @Test func eachDownloadIsALineWithItsBarSizeSpeedAndState() {
        let lines = screen(downloads()).lines
        #expect(lines[0].hasSuffix("6 Downloads                1 of 3 done"))
        #expect(lines[1] == " downloading  [#####·····]  50%  5 MB of 10 MB            1.2 MB/s  a.mp3")
        #expect(lines[2] == " done         [##########] 100%  3 MB                               b.mp3")
        #expect(lines[3] == " failed       [··········]       100 bytes                          c.mp3: the disk is full")
    }

    @Test func keysPlayRetryAndRemove() {
        var state = downloads()
        // The one downloading cannot play yet; the done one plays from its file.
        #expect(press(&state, .enter) == [])
        #expect(state.status.message == "not downloaded yet: downloading")
        press(&state, .character("j"))
        #expect(press(&state, .enter) == [.runProgram(.playFile(path: "/p/b.mp3"))])
        #expect(press(&state, .character("d")) == [])
        press(&state, .character("j"))
        #expect(press(&state, .character("d")) == [.downloads(.retry([3]))])
        #expect(press(&state, .character("D")) == [.downloads(.remove([3]))])
        // The queue as it comes next keeps the selection on its download.
        _ = state.update(.loaded(.downloads, source: "download queue", .success(.downloads(Array(Self.rows.reversed()))), at: "2"))
        #expect(state.view(DownloadsView.self)?.selected?.id == 3)
    }

    @Test func anEmptyQueueSaysHowToFillIt() {
        var state = April.browser(width: 100, height: 12)
        press(&state, .character("6"))
        #expect(screen(state).text.contains("e queues the selected item's enclosure"))
    }

    static let podcast = """
        <rss version="2.0"><channel><title>Pod</title>
        <item><title>Episode 2</title><guid>e2</guid><pubDate>Tue, 04 Sep 2018 10:00:00 GMT</pubDate>
        <enclosure url="https://pod.example/e2.mp3" type="audio/mpeg" length="1000"/></item>
        <item><title>No audio</title><guid>n</guid><pubDate>Mon, 03 Sep 2018 10:00:00 GMT</pubDate></item>
        </channel></rss>
        """

    @Test func eQueuesTheEnclosureFromTheListAndWhileReading() throws {
        let source = "https://pod.example/feed.xml"
        let result = try FeedsFixtures.parse(Self.podcast)
        let list = FeedListView(feeds: [FollowedFeed(source: source)], now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc)
        var state = BrowserState(width: 100, height: 30, theme: Theme(colors: .indexed256), current: .feeds, feeds: list)
        _ = state.update(.feedsLoaded(source: source, .success(PreparedFeed(result, source: source, readItemIDs: [])), at: "1"))
        var cache = HeadlineListViewTests.WindowAnswerer([(key: source, result: result)])
        cache.press(&state, .character("j"), .character("j"), .character("j"), .enter)
        #expect(state.active is HeadlineListView)
        let published = InternetDate.parse("2018-09-04T10:00:00Z")
        let queued = BrowserEffect.downloads(.enqueue(url: "https://pod.example/e2.mp3", feedTitle: "Pod", itemTitle: "Episode 2", published: published))
        #expect(cache.press(&state, .character("e")) == [queued])
        cache.press(&state, .enter)
        #expect((state.active as? HeadlineListView)?.isReading == true)
        #expect(cache.press(&state, .character("e")) == [queued])
        cache.press(&state, .character("q"), .character("j"))
        #expect(cache.press(&state, .character("e")) == [])
        #expect(state.status.message == "this item has no enclosure to download")
    }
}
