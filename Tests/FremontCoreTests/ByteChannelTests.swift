import Foundation
import Synchronization
import Testing
@testable import FremontCore
import FremontTestSupport

/// The channel between a download and a parser: reads block until bytes come, see every byte
/// pushed before an ending, and the reader's going away reaches the producer.
@Suite(.needsSharedData) struct ByteChannelTests {
    @Test func aParserReadsChunksPushedFromAnotherThread() throws {
        let file = SharedData.path("bikes/fremont-2016-04.xml")
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let channel = ByteChannel()
        Thread.detachNewThread {
            // Small, uneven chunks, with pauses, so reads wait and boundaries fall anywhere.
            var offset = 0
            var size = 1
            while offset < data.count {
                let end = min(data.count, offset + size)
                channel.push(data[offset..<end])
                offset = end
                size = size * 3 % 8191 + 1
                if offset % 7 == 0 { usleep(100) }
            }
            channel.finish()
        }
        let counts = try SeriesLoader.load(.stream(channel, name: "download"))
        let local = try SharedData.bikes("fremont-2016-04.xml")
        #expect(counts.rows == local.rows)
    }

    @Test func bytesBeforeAFailureAreReadThenTheFailureThrown() throws {
        let channel = ByteChannel()
        channel.push(Data("date,northbound,southbound\n2016-04-01T00:00:00,1,2\n".utf8))
        channel.fail(LoadError(source: "http://example.org/a.csv", "the download is cut off: 50 of 100 bytes arrived"))
        channel.push(Data("ignored".utf8))
        let reader = try InputSource.stream(channel, name: "http://example.org/a.csv").open()
        var text = ""
        do {
            try reader.forEachChunk { text += String(decoding: $0, as: UTF8.self) }
            Issue.record("expected the failure")
        } catch {
            #expect(error.description == "http://example.org/a.csv: the download is cut off: 50 of 100 bytes arrived")
            #expect(reader.failure == error)
        }
        #expect(text == "date,northbound,southbound\n2016-04-01T00:00:00,1,2\n")
    }

    @Test func aCutOffXMLDownloadSaysWhyNotJustWhere() throws {
        let channel = ByteChannel()
        channel.push(Data("<response><row><date>2016-04-01T00:00:00</date>".utf8))
        channel.fail(LoadError(source: "u", "the download is cut off: 47 of 9000 bytes arrived"))
        #expect(throws: LoadError(source: "u", "the download is cut off: 47 of 9000 bytes arrived")) {
            try SeriesLoader.load(.stream(channel, name: "u"))
        }
    }

    @Test func theFirstEndingWins() throws {
        let channel = ByteChannel()
        channel.finish()
        channel.fail(LoadError(source: "u", "too late"))
        let reader = try InputSource.stream(channel, name: "u").open()
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(try buffer.withUnsafeMutableBytes { try reader.read(into: $0) } == 0)
    }

    @Test func aStreamIsReadOnce() throws {
        let source = InputSource.stream(ByteChannel(), name: "http://example.org/feed")
        #expect(!source.canReopen)
        _ = try source.open()
        #expect(throws: LoadError(source: "http://example.org/feed", "a download can be read only once")) { try source.open() }
    }

    @Test func aReaderThatStopsEarlyClosesTheChannel() throws {
        let channel = ByteChannel()
        let closed = Mutex(false)
        channel.whenClosed { closed.withLock { $0 = true } }
        // Not bike data: the loader gives up after the head, and its reader goes away.
        // The sniffer waits for 4 KB or the end, so the producer sends more than that, unfinished.
        channel.push(Data(("<html><title>Bad Gateway</title>" + String(repeating: " ", count: 5000)).utf8))
        #expect(throws: LoadError.self) { try SeriesLoader.load(.stream(channel, name: "u")) }
        #expect(closed.withLock { $0 })
        #expect(channel.buffered == 0)
        channel.push(Data("more".utf8))
        #expect(channel.buffered == 0)
    }

    @Test func aReadWaitsForTheProducer() throws {
        let channel = ByteChannel()
        let reader = try InputSource.stream(channel, name: "u").open()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) {
            channel.push(Data("abc".utf8))
            channel.finish()
        }
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
        #expect(Array(buffer.prefix(count)) == Array("abc".utf8))
        #expect(try buffer.withUnsafeMutableBytes { try reader.read(into: $0) } == 0)
    }
}
