import Foundation
import Synchronization

/// A server on 127.0.0.1 that accepts connections and never says a word, nor reads one: what only
/// a client's own timeout can end. (A loopback route that sleeps has read the request and answers
/// in the end; this never does.)
public final class SilentServer: Sendable {
    public let port: UInt16
    private let listener: Int32
    private let accepted = Mutex<(connections: [Int32], stopped: Bool)>(([], false))

    public init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw CocoaError(.fileWriteUnknown) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, address, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw CocoaError(.fileWriteUnknown)
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptUntilStopped() }
    }

    /// The address as text, for a command line.
    public func address(_ path: String) -> String {
        "http://127.0.0.1:\(port)\(path)"
    }

    /// Accepts until `stop` shuts the listener down; only then closes it, so the descriptor is
    /// never reused under a thread still waiting on it.
    private func acceptUntilStopped() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                close(listener)
                return
            }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            let kept = accepted.withLock { state in
                guard !state.stopped else { return false }
                state.connections.append(connection)
                return true
            }
            if !kept { close(connection) }
        }
    }

    /// Stops accepting and closes every connection: the clients see the server hang up.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        let connections = accepted.withLock { state in
            state.stopped = true
            defer { state.connections = [] }
            return state.connections
        }
        for connection in connections { close(connection) }
    }
}
