import Foundation
import FremontCore
import Synchronization
import Testing

/// A worker thread's name reaches the system, whichever thread runs first: crash reports say
/// which thread crashed by it, and the terminal tests find a load's thread by it. (Foundation
/// dropped a name set before `start` returned: about one load in four had no name.)
@Suite struct NamedThreadTests {
    /// This thread's name as the system has it.
    static func systemName() -> String {
        ((try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "").trimmingCharacters(in: .newlines)
    }

    @Test func aQueuesThreadsAndTheNamesTheirWorkGivesThemReachTheSystem() {
        let queue = BlockingWorkQueue(width: 4, name: "fremont.probe")
        let seen = Mutex<[String]>([])
        for index in 0..<200 {
            queue.add {
                let given = Self.systemName()
                Thread.current.name = "probe-\(index)"
                let renamed = Self.systemName()
                // The next work on this thread starts under the queue's name again.
                Thread.current.name = given
                seen.withLock { $0.append("\(given) \(renamed == "probe-\(index)" ? "renamed" : renamed)") }
            }
        }
        queue.waitUntilIdle()
        let names = seen.withLock { $0 }
        #expect(names.count == 200)
        #expect(names.filter { $0 != "fremont.probe renamed" }.isEmpty, "\(Set(names))")
    }
}
