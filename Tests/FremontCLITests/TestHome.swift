import Foundation

/// Folders of a test's own for `XDG_CONFIG_HOME` and `XDG_CACHE_HOME`, removed afterwards.
final class TestHome: Sendable {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("fremont-home-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    var config: URL { root.appendingPathComponent("config") }
    var cache: URL { root.appendingPathComponent("cache") }
    var feedList: URL { config.appendingPathComponent("fremont/feeds") }
    var cacheDatabase: URL { cache.appendingPathComponent("fremont/cache.sqlite") }

    var environment: [String: String] { ["XDG_CONFIG_HOME": config.path, "XDG_CACHE_HOME": cache.path] }

    func run(_ arguments: String...) throws -> Fremont.Result {
        try Fremont.run(arguments: arguments, environment: environment)
    }

    deinit { try? FileManager.default.removeItem(at: root) }
}

/// Runs the binary on a thread of its own: waiting for it must not hold one of the few threads
/// the loopback server's tasks run on.
func detached<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}
