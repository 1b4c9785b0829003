import Foundation
import Synchronization

/// An HTTP proxy on 127.0.0.1 that tunnels: it reads a `CONNECT host:port` request, answers
/// `200 Connection established` (with a header of its own, as real proxies do) or, when told
/// to, refuses with `refusal` (407), then relays bytes both ways to the target. What a client
/// behind a proxy meets before every answer of the server.
public final class TunnelProxy: Sendable {
    public let port: UInt16
    private let listener: Int32
    private let refusal: Int?
    private let state = Mutex<(tunnels: Int, stopped: Bool, descriptors: [Int32])>((0, false, []))

    /// `refusal`: the status every CONNECT is refused with; nil to tunnel.
    public init(refusal: Int? = nil) throws {
        self.refusal = refusal
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

    /// `http://127.0.0.1:PORT`, as a proxy setting takes it.
    public var address: String { "http://127.0.0.1:\(port)" }
    /// Tunnels opened so far.
    public var tunnels: Int { state.withLock { $0.tunnels } }

    private func acceptUntilStopped() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                close(listener)
                return
            }
            let kept = state.withLock { state in
                guard !state.stopped else { return false }
                state.descriptors.append(connection)
                return true
            }
            guard kept else {
                close(connection)
                continue
            }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ client: Int32) {
        // The CONNECT request, up to its blank line.
        var request = [UInt8]()
        var byte: UInt8 = 0
        while request.count < 8_192, read(client, &byte, 1) == 1 {
            request.append(byte)
            if request.suffix(4) == [13, 10, 13, 10] { break }
        }
        let line = String(decoding: request, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let parts = line.split(separator: " ")
        guard parts.count >= 2, parts[0] == "CONNECT", let colon = parts[1].lastIndex(of: ":"),
              let targetPort = UInt16(parts[1][parts[1].index(after: colon)...]) else {
            send(client, "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
            return
        }
        if let refusal {
            send(client, "HTTP/1.1 \(refusal) Refused\r\nProxy-Authenticate: Basic realm=\"test\"\r\nContent-Length: 0\r\n\r\n")
            shutdown(client, Int32(SHUT_RDWR))
            return
        }
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = targetPort.bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else {
            close(server)
            send(client, "HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
            return
        }
        state.withLock {
            $0.tunnels += 1
            $0.descriptors.append(server)
        }
        send(client, "HTTP/1.1 200 Connection established\r\nProxy-Agent: TunnelProxy/1\r\nX-Proxy-Only: yes\r\n\r\n")
        Thread.detachNewThread { Self.relay(from: server, to: client) }
        Self.relay(from: client, to: server)
    }

    private static func relay(from source: Int32, to target: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = read(source, &buffer, buffer.count)
            guard count > 0 else { break }
            var sent = 0
            while sent < count {
                let wrote = buffer[sent..<count].withUnsafeBytes { write(target, $0.baseAddress, count - sent) }
                guard wrote > 0 else { return }
                sent += wrote
            }
        }
        shutdown(target, Int32(SHUT_WR))
    }

    private func send(_ descriptor: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, bytes.count) }
    }

    /// Stops accepting and closes every connection.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        let descriptors = state.withLock { state in
            state.stopped = true
            defer { state.descriptors = [] }
            return state.descriptors
        }
        for descriptor in descriptors {
            shutdown(descriptor, Int32(SHUT_RDWR))
            close(descriptor)
        }
    }
}
