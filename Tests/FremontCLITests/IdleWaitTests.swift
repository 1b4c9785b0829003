import Foundation
import Synchronization
import Testing

/// A server that accepts connections on loopback and never says a word.
final class SilentServer: Sendable {
    let port: UInt16
    private let listener: Int32
    private let accepted = Mutex<[Int32]>([])

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
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
        guard bound else { throw CocoaError(.fileWriteUnknown) }
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptUntilStopped() }
    }

    private func acceptUntilStopped() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            accepted.withLock { $0.append(connection) }
        }
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        accepted.withLock { connections in
            for connection in connections { close(connection) }
            connections = []
        }
    }
}

/// A wait costs nothing, however long it lasts: fremont waiting on a server that sends nothing
/// sleeps. (URLSession on Linux woke thousands of times a second meanwhile: 5.7 CPU seconds in a
/// 10 s wait.)
@Suite struct IdleWaitTests {
    /// Runs fremont until it exits, sampling its CPU time (user + system, from /proc) as it goes:
    /// the wall time and the CPU seconds it had used by the last sample.
    static func runMeasuringCPU(_ arguments: [String], environment: [String: String]) throws -> (wall: Double, cpu: Double, errors: String) {
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("fremont-idle-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        let process = Process()
        process.executableURL = Fremont.executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        let start = Date()
        try process.run()
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        var cpu = 0.0
        while process.isRunning {
            // Fields 14 and 15 after the name (which is in parentheses): utime and stime.
            if let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
               let close = stat.lastIndex(of: ")") {
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                if fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) {
                    cpu = (user + system) / ticks
                }
            }
            usleep(50_000)
        }
        return (Date().timeIntervalSince(start), cpu, try String(contentsOf: errors, encoding: .utf8))
    }

    @Test func waitingOnASilentServerCostsNoCPU() async throws {
        let server = try SilentServer()
        defer { server.stop() }
        let home = try TestHome()
        let url = "http://127.0.0.1:\(server.port)/feed.xml"
        let run = try await detached {
            try Self.runMeasuringCPU(["feed", url, "--format", "json", "--timeout", "4"], environment: home.environment)
        }
        #expect(run.errors == "fremont: \(url): no answer within 4 s\n")
        #expect(run.wall >= 4)
        // Starting a debug build costs a few hundredths; the wait itself, nothing.
        #expect(run.cpu < 0.4, "\(run.cpu) CPU seconds while waiting \(run.wall) s")
    }
}
