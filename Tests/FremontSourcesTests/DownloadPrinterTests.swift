import Foundation
import Synchronization
import Testing
import FremontCore
@testable import FremontSources

/// `fremont download`'s lines, in process: each start and end said once, the bar redrawn in place
/// on a terminal and never elsewhere.
@Suite struct DownloadPrinterTests {
    final class Written: Sendable {
        let text = Mutex("")
        var all: String { text.withLock { $0 } }
        func add(_ piece: String) { text.withLock { $0 += piece } }
    }

    func status(_ id: Int64, _ state: DownloadRecord.State, bytes: Int = 0, total: Int? = nil, running: Bool = false,
                speed: Double? = nil, error: String? = nil, elsewhere: Bool = false) -> DownloadStatus {
        DownloadStatus(record: DownloadRecord(id: id, url: "https://example.org/\(id).mp3", path: "/pods/episode-\(id).mp3", state: state,
                                              bytes: bytes, total: total, error: error),
                       bytesPerSecond: speed, inAnotherProcess: elsewhere, isRunning: running)
    }

    @Test func elsewhereEachStartAndEndIsOneLine() {
        let written = Written()
        let printer = DownloadPrinter(terminal: false) { written.add($0) }
        printer.show([status(1, .queued), status(2, .downloading, bytes: 1_000, running: true), status(3, .queued, elsewhere: true)])
        printer.show([status(1, .downloading, running: true), status(2, .downloading, bytes: 2_000, running: true), status(3, .queued, elsewhere: true)])
        printer.show([status(1, .done, bytes: 5_000_000), status(2, .failed, bytes: 2_000, error: "the connection\nwas lost")])
        printer.finish()
        #expect(written.all == """
            resuming episode-2.mp3 at 1000 bytes
            episode-3.mp3: another fremont is downloading it; left to it
            downloading episode-1.mp3
            done /pods/episode-1.mp3 (4.8 MB)
            failed episode-2.mp3: the connection was lost

            """)
    }

    @Test func aDownloadStoppedPartWayResumesNextTime() {
        let written = Written()
        let printer = DownloadPrinter(terminal: false) { written.add($0) }
        printer.show([status(1, .downloading, running: true)])
        printer.show([status(1, .queued, bytes: 3_000)])
        #expect(written.all == "downloading episode-1.mp3\nstopped episode-1.mp3 at 2 KB (resumes next time)\n")
    }

    @Test func onATerminalTheBarIsRedrawnInPlaceAndClearedAtTheEnd() {
        let written = Written()
        let printer = DownloadPrinter(terminal: true) { written.add($0) }
        printer.show([status(1, .downloading, bytes: 1_048_576, total: 4_194_304, running: true, speed: 524_288)])
        printer.show([status(1, .downloading, bytes: 2_097_152, total: 4_194_304, running: true, speed: 524_288)])
        printer.finish()
        #expect(written.all == "resuming episode-1.mp3 at 1 MB\n[#####···············]  25%  1 MB of 4 MB  512 KB/s  episode-1.mp3"
                    + "\r\u{1B}[K[##########··········]  50%  2 MB of 4 MB  512 KB/s  episode-1.mp3"
                    + "\r\u{1B}[K")
    }

    @Test func theBarSumsTheDownloadsUnderWay() {
        let bar = DownloadPrinter.bar([status(1, .downloading, bytes: 1_000, total: 4_000, running: true, speed: 100),
                                       status(2, .downloading, bytes: 1_000, total: 4_000, running: true, speed: 100),
                                       status(3, .downloading, bytes: 500, running: false), status(4, .queued)])
        #expect(bar == "[#####···············]  25%  1 KB of 7 KB  200 bytes/s  episode-1.mp3 (+1 more)")
        // Without every total, no fraction.
        let unknown = DownloadPrinter.bar([status(1, .downloading, bytes: 1_000, total: 4_000, running: true),
                                           status(2, .downloading, bytes: 1_000, running: true)])
        #expect(unknown == "[····················]  1 KB  0 bytes/s  episode-1.mp3 (+1 more)")
        #expect(DownloadPrinter.bar([status(1, .queued)]) == nil)
    }
}
