import Foundation

/// A thread of its own whose name the system knows (crash reports and /proc show it), and on
/// which `Thread.current.name = …` takes.
///
/// Foundation on Linux hands a name to the system only through the handle that `start()` stores
/// after the thread has been created: a name set before then (before `start`, or by the new thread
/// itself if it runs first) is dropped without a word. So the new thread waits for `start` to
/// return, then names itself.
public enum NamedThread {
    public static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let started = DispatchSemaphore(value: 0)
        let thread = Thread {
            started.wait()
            Thread.current.name = name
            body()
        }
        thread.start()
        started.signal()
    }
}
