import Foundation
import FremontCore
import FremontSources

/// Podcast download throughput on loopback: one file served by a minimal server of the bench's
/// own (sendfile(2), so the server is not what is measured), fetched by fremont's downloader
/// (part file, flock, pwrite, fsync, link) and by `curl -o` of the same address; the best of
/// `repetitions` runs of each, in MB/s.
enum DownloadBenchmark {
    static let size = 256 << 20

    static func run(repetitions: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fremont-download-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("episode.mp3").path
        try writeFile(source, size: size)
        let server = try FileServer(path: source)
        let url = "http://127.0.0.1:\(server.port)/episode.mp3"
        let megabytes = Double(size) / 1_048_576
        let clock = ContinuousClock()
        func seconds(_ duration: Duration) -> Double { Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18 }

        var fremontBest = Double.infinity
        for run in 0..<repetitions {
            let cache = CacheDatabase()
            let target = folder.appendingPathComponent("fremont-\(run).mp3").path
            let record = try cache.enqueueDownload(DownloadRecord(url: url, path: target)).record
            var ending: EnclosureDownload.Ending?
            let elapsed = clock.measure { ending = EnclosureDownload(cache: cache, maximumBytes: Int.max / 2).run(record) }
            guard case .done = ending else { throw BenchFailure("fremont's download failed: \(String(describing: ending))") }
            fremontBest = min(fremontBest, seconds(elapsed))
            try? FileManager.default.removeItem(atPath: target)
        }
        var curlBest = Double.infinity
        for run in 0..<repetitions {
            let target = folder.appendingPathComponent("curl-\(run).mp3").path
            let curl = Process()
            curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            curl.arguments = ["-s", "-f", "-o", target, url]
            let elapsed = try clock.measure {
                try curl.run()
                curl.waitUntilExit()
            }
            guard curl.terminationStatus == 0 else { throw BenchFailure("curl failed: exit \(curl.terminationStatus)") }
            curlBest = min(curlBest, seconds(elapsed))
            try? FileManager.default.removeItem(atPath: target)
        }
        server.stop()
        print(String(format: "download: %.0f MB on loopback, best of %d: fremont %.0f MB/s (%.2f s), curl -o %.0f MB/s (%.2f s)",
                     megabytes, repetitions, megabytes / fremontBest, fremontBest, megabytes / curlBest, curlBest))
    }

    /// `size` bytes of a pattern, written a megabyte at a time.
    static func writeFile(_ path: String, size: Int) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw BenchFailure("cannot write \(path)")
        }
        defer { try? handle.close() }
        let chunk = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        for _ in 0..<(size >> 20) { try handle.write(contentsOf: chunk) }
    }

    struct BenchFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

/// Serves one file to every GET on 127.0.0.1 (a port the system picks), a thread per
/// connection, the body by sendfile(2). For the benchmark only.
final class FileServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let path: String

    init(path: String) throws {
        self.path = path
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        guard bound, listen(listener, 16) == 0 else { throw DownloadBenchmark.BenchFailure("cannot listen on loopback") }
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        // The request's headers, up to the blank line (bounded).
        var request = [UInt8]()
        var byte: UInt8 = 0
        while request.count < 16_384, read(connection, &byte, 1) == 1 {
            request.append(byte)
            if request.suffix(4) == [13, 10, 13, 10] { break }
        }
        let file = open(path, O_RDONLY)
        guard file >= 0 else { return }
        defer { close(file) }
        var info = stat()
        fstat(file, &info)
        let header = "HTTP/1.1 200 OK\r\nContent-Length: \(info.st_size)\r\nContent-Type: audio/mpeg\r\nETag: \"bench\"\r\nConnection: close\r\n\r\n"
        _ = header.withCString { write(connection, $0, strlen($0)) }
        var offset: off_t = 0
        while offset < info.st_size {
            if sendfile(connection, file, &offset, Int(info.st_size - offset)) <= 0 { return }
        }
    }
}
