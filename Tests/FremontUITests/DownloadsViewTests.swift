import Foundation
import FremontCore
import Testing
@testable import FremontUI

/// The Downloads tab (podboat's screen) and newsboat's `e`, which queues an item's enclosure.
@Suite(.needsSharedData) struct DownloadsViewTests {
    static let rows = [
        DownloadRow(id: 1, url: "https://pod.example/a.mp3", fileName: "a.mp3", path: "/p/a.mp3", feedTitle: "Pod", itemTitle: "A",
                    state: "downloading", bytes: 5 << 20, total: 10 << 20, bytesPerSecond: 1_258_291, error: nil),
        DownloadRow(id: 2, url: "https://pod.example/b.mp3", fileName: "b.mp3", path: "/p/b.mp3", feedTitle: "Pod", itemTitle: "B",
                    state: "done", bytes: 3 << 20, total: 3 << 20, bytesPerSecond: nil, error: nil),
        DownloadRow(id: 3, url: "https://pod.example/c.mp3", fileName: "c.mp3", path: "/p/c.mp3", feedTitle: "Pod", itemTitle: "C",
                    state: "failed", bytes: 100, total: nil, bytesPerSecond: nil, error: "the disk is full"),
    ]

    /// A queue that records what it is asked, in place of the program's runner.
    final class RecordingQueue: DownloadQueue, @unchecked Sendable {
        private let lock = NSLock()
        private var _changes: [DownloadRequest] = []
        var changes: [DownloadRequest] { lock.withLock { _changes } }
        let queued: [DownloadRow]

        init(_ rows: [DownloadRow] = []) { queued = rows }

        func rows() throws(LoadError) -> [DownloadRow] { queued }

        func change(_ request: DownloadRequest) -> String {
            lock.withLock { _changes.append(request) }
            return "changed"
        }

        /// The queue as it stands, at once (the runner's progress is not waited for here).
        func changes(after version: Int, _ control: LoadControl) throws(LoadError) -> DownloadChanges {
            DownloadChanges(version: version + 1, rows: queued)
        }
    }

    /// The commands among `effects` run against `queue`, their replies handed back to `state`
    /// as the runtime would; what the queue was asked.
    @discardableResult
    static func run(_ effects: [BrowserEffect], on queue: RecordingQueue, into state: inout BrowserState) -> [DownloadRequest] {
        var services = BrowserServices()
        services.provide((any DownloadQueue).self, queue)
        let before = queue.changes.count
        for case .run(let command, let address) in effects {
            _ = state.update(.replied(address, command.run(services), at: "1"))
        }
        return Array(queue.changes.dropFirst(before))
    }

    func downloads() -> BrowserState {
        var state = April.browser(width: 100, height: 12)
        // The tab's first load is the queue read, its rows the reply.
        let effects = state.update(.key(.character("6"))) + state.update(.reload(.downloads))
        Self.run(effects, on: RecordingQueue(Self.rows), into: &state)
        return state
    }

    @Test func eachDownloadIsALineWithItsBarSizeSpeedAndState() {
        let lines = screen(downloads()).lines
        #expect(lines[0].hasSuffix("6 Downloads                1 of 3 done"))
        #expect(lines[1] == "state         progress      done  size                         speed  file")
        #expect(lines[2] == "downloading   [#####·····]   50%  5 MB of 10 MB             1.2 MB/s  a.mp3")
        #expect(lines[3] == "done          [##########]  100%  3 MB                                b.mp3")
        #expect(lines[4] == "failed        [··········]        100 bytes                           c.mp3: the disk is full")
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
        let queue = RecordingQueue()
        #expect(Self.run(press(&state, .character("d")), on: queue, into: &state) == [.retry([3])])
        #expect(Self.run(press(&state, .character("D")), on: queue, into: &state) == [.remove([3])])
        // What the queue said of a change is said on the status line.
        #expect(state.status.message == "changed")
        // The queue as the runner tells it next keeps the selection on its download.
        state.reply(to: .downloads, key: DownloadCommands.watchKey, label: nil, .success(DownloadChanges(version: 2, rows: Array(Self.rows.reversed()))))
        #expect(state.view(DownloadsView.self)?.selected?.id == 3)
    }

    /// A command's reply goes to the screen that asked, not to every screen of its tab's id: the
    /// queue read for a screen since closed reaches no screen.
    @Test func aReplyGoesToTheScreenThatAskedAlone() {
        var state = April.browser(width: 100, height: 12)
        let first = state.update(.key(.character("6"))) + state.update(.reload(.downloads))
        guard case .run(let command, let address)? = first.first(where: { if case .run = $0 { true } else { false } }) else {
            Issue.record("no command")
            return
        }
        #expect(command.lane == .cacheRead && address.view == .downloads)
        var services = BrowserServices()
        services.provide((any DownloadQueue).self, RecordingQueue(Self.rows))
        let stranger = ScreenAddress(view: .downloads, screen: address.screen + 1_000_000)
        _ = state.update(.replied(stranger, command.run(services), at: "1"))
        #expect(state.view(DownloadsView.self)?.rows.isEmpty == true)
        _ = state.update(.replied(address, command.run(services), at: "1"))
        #expect(state.view(DownloadsView.self)?.rows.count == 3)
        // Without the port (a run that has no queue), the reply is a failure on the status line.
        _ = state.update(.replied(address, command.run(BrowserServices()), at: "2"))
        #expect(state.status.lastError?.message.contains("not available here") == true)
    }

    /// The tab follows the runner's progress by a command that waits for the queue's next change:
    /// each change is shown and the next asked for; stopped (Esc), it is asked again.
    @Test func theTabFollowsTheQueueChangeByChange() {
        var state = April.browser(width: 100, height: 12)
        let first = commands(state.update(.key(.character("6"))) + state.update(.reload(.downloads)))
        #expect(first == [DownloadCommands.read, DownloadCommands.watch(after: 0)])
        #expect(DownloadCommands.watch(after: 0).lane == .watch)
        let next = commands(state.reply(to: .downloads, key: DownloadCommands.watchKey, label: nil,
                                        .success(DownloadChanges(version: 3, rows: Self.rows))))
        #expect(next == [DownloadCommands.watch(after: 3)])
        #expect(state.view(DownloadsView.self)?.rows.count == 3)
        let stopped = LoadError(source: DownloadCommands.watchKey, kind: .cancelled, "cancelled")
        #expect(commands(state.reply(to: .downloads, key: DownloadCommands.watchKey, label: nil,
                                     Result<DownloadChanges, LoadError>.failure(stopped))) == [DownloadCommands.watch(after: 3)])
        // `r` reads the queue again; it is followed already.
        #expect(commands(state.update(.key(.character("r")))) == [DownloadCommands.read])
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
        let queued = DownloadRequest.enqueue(url: "https://pod.example/e2.mp3", feedTitle: "Pod", itemTitle: "Episode 2", published: published)
        let queue = RecordingQueue()
        #expect(Self.run(cache.press(&state, .character("e")), on: queue, into: &state) == [queued])
        cache.press(&state, .enter)
        #expect((state.active as? HeadlineListView)?.isReading == true)
        #expect(Self.run(cache.press(&state, .character("e")), on: queue, into: &state) == [queued])
        cache.press(&state, .character("q"), .character("j"))
        #expect(cache.press(&state, .character("e")) == [])
        #expect(state.status.message == "this item has no enclosure to download")
    }
}
