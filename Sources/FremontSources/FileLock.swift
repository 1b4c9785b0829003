import Foundation

/// An advisory lock on a file (flock(2)), held until `release()`; the kernel lets go of it if
/// the process dies. Fremonts running at once take it around work that must not interleave:
/// migrating the cache, changing the feed list.
final class FileLock {
    /// Why the lock was not had: the lock file's errno, or nil when the wait ran out.
    struct Failure: Error {
        var code: Int32?
    }

    private let descriptor: Int32

    /// - Parameter waiting: seconds to wait for another holder; nil waits as long as it takes.
    init(_ path: String, waiting: TimeInterval?) throws(Failure) {
        descriptor = Foundation.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(code: errno) }
        let deadline = waiting.map { Date().addingTimeInterval($0) }
        while flock(descriptor, deadline == nil ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            if code == EWOULDBLOCK, let deadline, Date() < deadline {
                usleep(10_000)
                continue
            }
            close(descriptor)
            throw Failure(code: code == EWOULDBLOCK ? nil : code)
        }
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
