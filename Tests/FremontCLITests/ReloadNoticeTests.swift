import Foundation
import FremontTestSupport
import Synchronization
import Testing

/// After a reload the status line says what it brought, the config's `notify-program` hears it,
/// and the message gives way to the standing state after a while.
@Suite(.serialized, .needs("tmux")) struct ReloadNoticeTests {
    private let fremont = Fremont.path

    static func rss(_ ids: [String]) -> Data {
        let items = ids.map { "<item><guid>\($0)</guid><title>Story \($0)</title><link>https://example.org/\($0)</link></item>" }
        return Data("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Loopback</title>\(items.joined())</channel></rss>".utf8)
    }

    @Test func aReloadSaysHowManyNewItemsAndTellsTheNotifier() async throws {
        let home = try TestHome()
        let record = home.file("notified")
        let notifier = home.file("notifier")
        try Data("#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(record.path)'\n".utf8).write(to: notifier)
        chmod(notifier.path, 0o755)
        // newsboat's own example of a format: each placeholder filled in, the message the last argument.
        try home.writeConfig("notify-program \"'\(notifier.path)' -a fremont\"\nnotify-format \"%d new articles (%n unread articles, %f unread feeds, %D with new)\"\n")
        // The first answer has one story, every later one three.
        let asked = Mutex(0)
        try await LoopbackServer.with(answering: { _ in
            let count = asked.withLock { $0 += 1; return $0 }
            return .init(body: Self.rss(count == 1 ? ["a"] : ["a", "b", "c"]))
        }) { server in
            try FileManager.default.createDirectory(at: home.feedList.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("\(server.address("/news.xml"))\n".utf8).write(to: home.feedList)
            let tmux = try await TmuxSession(width: 100, height: 24, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(fremont); echo EXIT=$?")
            try await tmux.waitFor("Loopback")
            try await tmux.press("R")
            try await tmux.waitFor("2 new items")
            try await tmux.waitFor("3/3")
            #expect(try await Self.eventually { try? String(contentsOf: record, encoding: .utf8) } == "-a\nfremont\n2 new articles (3 unread articles, 1 unread feeds, 1 with new)\n")
            // A few seconds on, the standing state is back: nothing failing, no warnings, so empty.
            let later = try await tmux.waitUntil(timeout: 12, "the message to go") { !$0.contains("2 new items") }
            #expect(later.split(separator: "\n", omittingEmptySubsequences: false).last { !$0.isEmpty }?.contains("help") == true)
            try await tmux.press("q")
            try await tmux.waitFor("EXIT=0")
        }
    }

    static func eventually<T>(timeout: TimeInterval = 5, _ value: () -> T?) async throws -> T? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let value = value() { return value }
            try await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }
}
