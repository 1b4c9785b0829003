import Foundation
import FremontTestSupport
import Testing

/// The test kit's process runner: what a child wrote and how it ended, a timeout that kills it and
/// what it started, and waits that hold no thread of Swift's cooperative pool.
@Suite struct ChildProcessTests {
    let environment = ProcessInfo.processInfo.environment

    @Test func outputErrorsInputAndStatus() async throws {
        let run = try await ChildProcess.run(["sh", "-c", "printf out; printf err >&2; exit 3"], environment: environment)
        #expect(run.status == 3 && run.signal == nil && !run.timedOut)
        #expect(run.output == "out")
        #expect(run.errors == "err")
        let echoed = try await ChildProcess.run(["cat"], environment: environment, input: .data(Data("a\nb\n".utf8)))
        #expect(echoed.status == 0 && echoed.output == "a\nb\n")
        let silent = try await ChildProcess.run(["cat"], environment: environment)
        #expect(silent.status == 0 && silent.output == "")
    }

    @Test func aSignalIsReportedAsTheShellDoes() async throws {
        let run = try await ChildProcess.run(["sh", "-c", "kill -TERM $$"], environment: environment)
        #expect(run.signal == SIGTERM)
        #expect(run.status == 128 + SIGTERM)
    }

    @Test func aProgramThatIsNotThereCannotStart() async throws {
        await #expect(throws: ChildProcess.Failure.self) {
            try await ChildProcess.run(["fremont-no-such-program"], environment: environment)
        }
    }

    /// Killed at the timeout with what it started: the group's other member dies too.
    @Test func aTimeoutKillsTheChildAndItsProcessGroup() async throws {
        let home = try TestHome()
        let record = home.file("background-pid")
        let child = try ChildProcess(["sh", "-c", "sleep 30 & echo $! > '\(record.path)'; wait"], environment: environment)
        let run = await child.exit(timeout: .milliseconds(500))
        #expect(run.timedOut && run.signal == SIGKILL)
        #expect(run.duration < .seconds(10))
        let background = try #require(Int32(try String(contentsOf: record, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(try await Self.eventually { !Self.isRunning(background) })
        await #expect(throws: ChildProcess.Failure.self) {
            try await ChildProcess.run(["sleep", "30"], environment: environment, timeout: .milliseconds(200))
        }
    }

    /// Whether the wait had begun or not when it is cancelled: the child cannot end on its own
    /// meanwhile (on a busy pool the waiting task may start seconds late), and the timeout is only
    /// there to end it if cancelling did not.
    @Test func cancellingTheWaitKillsTheChild() async throws {
        let child = try ChildProcess(["sleep", "3600"], environment: environment)
        let waiting = Task { await child.exit(timeout: .seconds(120)) }
        waiting.cancel()
        let run = await waiting.value
        #expect(run.signal == SIGKILL)
        #expect(!run.timedOut)
    }

    /// More children than the pool has threads, each waiting for a file the test writes only once
    /// they have all started: a wait that held a thread (as `Process.waitUntilExit` does) would
    /// leave the test no thread to write it with, and every child would give up after a minute
    /// (long enough for the test's task to get a thread in a parallel run's busiest moment).
    @Test func waitingHoldsNoThreadOfThePool() async throws {
        let home = try TestHome()
        let flag = home.file("go")
        let script = "i=0; while [ ! -e \"$1\" ]; do i=$((i+1)); [ $i -gt 2400 ] && exit 1; sleep 0.025; done"
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for _ in 0..<count {
                group.addTask { try await ChildProcess.run(["sh", "-c", script, "sh", flag.path], environment: environment).status }
            }
            try await Task.sleep(for: .milliseconds(200))
            _ = FileManager.default.createFile(atPath: flag.path, contents: nil)
            var all: [Int32] = []
            for try await status in group { all.append(status) }
            return all
        }
        #expect(statuses == Array(repeating: 0, count: count))
    }

    /// Alive, and not a zombie waiting for its parent.
    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[close...].hasPrefix(") Z")
    }

    static func eventually(timeout: Duration = .seconds(5), _ condition: () -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return condition()
    }
}
