import Foundation
import FremontTestSupport
import Testing

/// A wait costs nothing, however long it lasts: fremont waiting on a server that sends nothing
/// sleeps. (URLSession on Linux woke thousands of times a second meanwhile: 5.7 CPU seconds in a
/// 10 s wait.)
@Suite struct IdleWaitTests {
    /// Runs fremont until it exits, sampling its CPU time (user + system, from /proc) as it goes:
    /// the wall time and the CPU seconds it had used by the last sample.
    static func runMeasuringCPU(_ arguments: [String], home: TestHome) async throws -> (wall: Double, cpu: Double, errors: String) {
        let child = try Fremont.start(arguments: arguments, home: home, standardOutput: .path("/dev/null"))
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let sampler = Task {
            var cpu = 0.0
            while !child.hasExited {
                // Fields 14 and 15 after the name (which is in parentheses): utime and stime.
                if let stat = try? String(contentsOfFile: "/proc/\(child.pid)/stat", encoding: .utf8),
                   let close = stat.lastIndex(of: ")") {
                    let fields = stat[stat.index(after: close)...].split(separator: " ")
                    // Kept only if read before the child was reaped: after, the id may be another's.
                    if fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]), !child.hasExited {
                        cpu = (user + system) / ticks
                    }
                }
                try? await Task.sleep(for: .milliseconds(50))
            }
            return cpu
        }
        let result = await child.exit(timeout: .seconds(60))
        let cpu = await sampler.value
        #expect(!result.timedOut)
        let (seconds, attoseconds) = result.duration.components
        return (Double(seconds) + Double(attoseconds) / 1e18, cpu, result.errors)
    }

    @Test func waitingOnASilentServerCostsNoCPU() async throws {
        let server = try SilentServer()
        defer { server.stop() }
        let home = try TestHome()
        let url = server.address("/feed.xml")
        let run = try await Self.runMeasuringCPU(["feed", url, "--format", "json", "--timeout", "4"], home: home)
        #expect(run.errors == "fremont: \(url): no answer within 4 s\n")
        #expect(run.wall >= 4)
        // Starting a debug build costs a few hundredths; the wait itself, nothing.
        #expect(run.cpu < 0.4, "\(run.cpu) CPU seconds while waiting \(run.wall) s")
    }
}
