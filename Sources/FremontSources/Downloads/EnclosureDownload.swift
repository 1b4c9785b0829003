import Foundation
import FremontCore

/// Downloads one queued enclosure to its file, and says how it ended.
///
/// - The bytes go to `NAME.part`, never under the final name; once whole, the part is linked to
///   the final name (link(2): it fails rather than replace a file made meanwhile, which then gets
///   another name) and removed. A reader of the folder sees a whole file or none.
/// - The part file is locked (flock) while its download runs: a second fremont asking for the same
///   file finds it locked and leaves it (`busy`); the kernel drops the lock of a killed process.
/// - A part left by an interruption (the connection lost, fremont killed, a restart) resumes from
///   its size with `Range`, checked by `If-Range` (the ETag, else the Last-Modified the first part
///   came with) and by the file's whole size in `Content-Range`. A server that ignores the range
///   (a 200) or says the file changed starts the part again from nothing.
/// - A write that fails (the disk full) stops it with the file system's words; the part is kept,
///   so the download resumes once there is room.
public struct EnclosureDownload: Sendable {
    public enum Ending: Sendable, Equatable {
        case done(DownloadRecord)
        case failed(DownloadRecord)
        /// Stopped on request (quitting, removed from the queue): the part is kept to resume.
        case stopped(DownloadRecord)
        /// Another fremont is downloading this file now.
        case busy(DownloadRecord)
    }

    public let cache: CacheDatabase
    public let fetcher: HTTPFetcher
    /// The size cap: a larger file is refused (by its announced size, else once it grows past it).
    public let maximumBytes: Int
    /// Tries of one download when the connection breaks, each resuming where the last stopped.
    public var attempts = 5
    /// Seconds before the first retry, doubling each time.
    public var retryDelay: TimeInterval = 0.5
    /// Seconds a single request may take in all (a long episode on a slow line).
    public var transferTimeout: TimeInterval = 6 * 3600
    /// Seconds without a byte before a try is given up (a server silent after its headers):
    /// the next try resumes; after the last, the queue moves on.
    public var stallTimeout: TimeInterval = 60
    /// A proxy to tunnel through, for the tests (in use, libcurl reads it from the environment).
    var tunnelProxy: String?

    public init(cache: CacheDatabase, fetcher: HTTPFetcher = HTTPFetcher(), maximumBytes: Int) {
        self.cache = cache
        self.fetcher = fetcher
        self.maximumBytes = maximumBytes
    }

    /// Runs the download of `queued`; `progress` hears the record as bytes arrive (on this thread).
    public func run(_ queued: DownloadRecord, cancellation: FetchCancellation = FetchCancellation(),
                    progress: (DownloadRecord) -> Void = { _ in }) -> Ending {
        var record = queued
        func failed(_ message: String) -> Ending {
            record.state = .failed
            record.error = TerminalSafeText.singleLine(message)
            try? cache.updateDownload(record)
            return .failed(record)
        }
        let folder = (record.path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            return failed("cannot make the folder \(folder): \(FileErrorText.describe(error, path: folder))")
        }
        let part = record.partPath
        // Never through a symbolic link, nor into a file linked elsewhere: only a file of its own.
        let descriptor = open(part, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP { return failed("\(part) is a symbolic link: not followed") }
            return failed("cannot write \(part): \(String(cString: strerror(code)))")
        }
        defer { close(descriptor) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG else { return failed("\(part) is not a file: not written") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return .busy(record) }
        // Under the lock, the queue as it is now: another fremont may have finished it meanwhile.
        if let current = try? cache.download(id: record.id) {
            record = current
        }
        if record.state == .done || (try? cache.download(id: record.id)) == nil {
            // The part this open made (or found) belongs to nobody: a finished or removed download.
            if fileSize(descriptor) == 0 { unlink(part) }
            return .done(record)
        }
        // Killed between linking the final name and saying so: the final file is this part.
        if let finalStatus = status(of: record.path), let partStatus = status(of: part),
           finalStatus.st_ino == partStatus.st_ino, finalStatus.st_dev == partStatus.st_dev {
            return finish(&record, descriptor: descriptor, linked: true)
        }
        // A part linked to a file elsewhere would be written through to it.
        guard opened.st_nlink == 1 else { return failed("\(part) is linked to another file: not written") }

        var offset = fileSize(descriptor)
        // A part with nothing to tell it is the same file (no validator, no size) starts over.
        if offset > 0, record.etag == nil, record.lastModified == nil, record.total == nil {
            offset = restart(descriptor)
        }
        var tries = 0
        var delay = retryDelay
        while true {
            tries += 1
            if cancellation.isCancelled { return stopped(&record, offset) }
            if offset > maximumBytes { return failed(tooLarge(offset)) }
            var options = HTTPRequestOptions()
            options.connectTimeout = 15
            options.timeout = transferTimeout
            options.stallTimeout = stallTimeout
            options.decodesContent = false
            options.tunnelProxy = tunnelProxy
            options.maximumBytes = max(1, maximumBytes - offset)
            if offset > 0 {
                options.rangeStart = offset
                options.ifRange = record.etag ?? record.lastModified
            }
            guard let url = URL(string: record.url) else { return failed("not a web address") }
            let outcome: HTTPFetchOutcome
            do throws(LoadError) {
                outcome = try fetcher.fetch(url, options: options, cancellation: cancellation)
            } catch {
                if error.kind == .cancelled { return stopped(&record, offset) }
                if error.kind == .httpStatus(416) {
                    // The part is the whole file already, or longer than the file is now.
                    if let total = record.total, offset == total { return finish(&record, descriptor: descriptor, linked: false) }
                    offset = restart(descriptor)
                    continue
                }
                if error.kind == .tooLarge { return failed(error.message + " (download-max-size)") }
                if HTTPFailureClass(error).isTransient, tries < attempts {
                    Thread.sleep(forTimeInterval: delay)
                    delay *= 2
                    continue
                }
                return failed(error.message)
            }
            guard case .body(let source, let info) = outcome else { return failed("the server answered 304 Not Modified to a plain request") }
            if info.status == 206 {
                guard let range = ContentRange(info.contentRange), range.first == offset,
                      record.total == nil || range.total == nil || range.total == record.total else {
                    // Not the part asked for, or another file's: start over.
                    offset = restart(descriptor)
                    continue
                }
                if let total = range.total { record.total = total }
            } else {
                // A whole body: the server ignored the range, or the file changed.
                if offset > 0 { offset = restart(descriptor) }
                record.total = info.contentLength
                record.etag = info.etag
                record.lastModified = info.lastModified
            }
            if let total = record.total, total > maximumBytes { return failed(tooLarge(total)) }
            record.state = .downloading
            record.bytes = offset
            record.error = nil
            try? cache.updateDownload(record)
            progress(record)

            var diskFailure: String?
            var lastSaved = Date()
            do throws(LoadError) {
                let reader = try source.open()
                try reader.forEachChunk { (chunk) throws(LoadError) in
                    var written = 0
                    while written < chunk.count {
                        let count = pwrite(descriptor, chunk.baseAddress! + written, chunk.count - written, off_t(offset + written))
                        if count < 0 {
                            if errno == EINTR { continue }
                            let code = errno
                            diskFailure = code == ENOSPC || code == EDQUOT
                                ? "the disk is full: no space left for \(record.fileName) after \(ByteCountText.describe(offset + written)) (the part is kept; free some space and download again)"
                                : "cannot write \(part): \(String(cString: strerror(code)))"
                            throw LoadError(source: part, diskFailure!)
                        }
                        written += count
                    }
                    offset += chunk.count
                    record.bytes = offset
                    progress(record)
                    // The queue's count of bytes now and then (the part's size is what resumes).
                    if Date().timeIntervalSince(lastSaved) >= 1 {
                        lastSaved = Date()
                        try? cache.updateDownload(record)
                    }
                }
            } catch {
                record.bytes = offset
                if let diskFailure { return failed(diskFailure) }
                if error.kind == .cancelled || cancellation.isCancelled { return stopped(&record, offset) }
                if error.kind == .tooLarge { return failed(error.message + " (download-max-size)") }
                if HTTPFailureClass(error).isTransient, tries < attempts {
                    // Resumed at once after a cut: what arrived is kept.
                    try? cache.updateDownload(record)
                    Thread.sleep(forTimeInterval: delay)
                    delay *= 2
                    continue
                }
                return failed(error.message)
            }
            if let total = record.total, offset != total {
                if tries < attempts { continue }
                return failed("the download ended at \(offset) of \(total) bytes")
            }
            return finish(&record, descriptor: descriptor, linked: false)
        }
    }

    private func tooLarge(_ bytes: Int) -> String {
        "the file is \(ByteCountText.describe(bytes)), over the \(ByteCountText.describe(maximumBytes)) cap (download-max-size)"
    }

    private func stopped(_ record: inout DownloadRecord, _ offset: Int) -> Ending {
        record.bytes = offset
        record.state = .queued
        try? cache.updateDownload(record)
        return .stopped(record)
    }

    /// The part emptied, for a download from the first byte.
    private func restart(_ descriptor: Int32) -> Int {
        _ = ftruncate(descriptor, 0)
        return 0
    }

    /// The whole part becomes the final file: flushed, linked under its name (another name when
    /// that is taken), marked done in the queue, and only then removed as a part.
    private func finish(_ record: inout DownloadRecord, descriptor: Int32, linked: Bool) -> Ending {
        let part = record.partPath
        if !linked {
            guard fsync(descriptor) == 0 else {
                record.state = .failed
                record.error = "cannot write \(part): \(String(cString: strerror(errno)))"
                try? cache.updateDownload(record)
                return .failed(record)
            }
            var tries = 0
            while link(part, record.path) != 0 {
                let code = errno
                tries += 1
                guard code == EEXIST, tries < 20, let path = try? cache.renameDownload(id: record.id, wanted: record.path) else {
                    record.state = .failed
                    record.error = "cannot name the file \(record.path): \(String(cString: strerror(code)))"
                    try? cache.updateDownload(record)
                    return .failed(record)
                }
                // The part keeps its name (the lock is on it) until it is removed below.
                record.path = path
            }
        }
        record.state = .done
        record.bytes = fileSize(descriptor)
        record.total = record.bytes
        record.error = nil
        try? cache.updateDownload(record)
        unlink(part)
        return .done(record)
    }

    private func fileSize(_ descriptor: Int32) -> Int {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
    }

    private func status(of path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }
}

/// `Content-Range: bytes FIRST-LAST/TOTAL` (TOTAL may be `*`).
struct ContentRange: Equatable {
    var first: Int
    var last: Int
    var total: Int?

    init?(_ header: String?) {
        guard let header, header.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = header.dropFirst(6).trimmingCharacters(in: .whitespaces)
        let halves = spec.split(separator: "/", maxSplits: 1)
        guard halves.count == 2 else { return nil }
        let bounds = halves[0].split(separator: "-", maxSplits: 1)
        guard bounds.count == 2, let first = Int(bounds[0]), let last = Int(bounds[1]), first <= last else { return nil }
        self.first = first
        self.last = last
        total = halves[1] == "*" ? nil : Int(halves[1])
    }
}
