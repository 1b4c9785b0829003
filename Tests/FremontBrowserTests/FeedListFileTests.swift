import Foundation
import Testing
import FremontCore
import FremontSources
import FremontTestSupport
@testable import FremontBrowser

/// The `feeds` commands' list file, in process: a missing file is an empty list, a change is
/// written only when it says so, and changes made at once each land.
@Suite struct FeedListFileTests {
    @Test func aMissingFileIsAnEmptyListAndAnUnsavedChangeWritesNothing() throws {
        let home = try TestHome()
        #expect(FeedListFile.load(from: home.feedList).entries.isEmpty)
        let seen: Int = FeedListFile.change(at: home.feedList) { list in
            _ = list.add(FeedListEntry(url: "https://one.example/feed"))
            return (false, list.entries.count)
        }
        #expect(seen == 1)
        #expect(!FileManager.default.fileExists(atPath: home.feedList.path))
    }

    @Test func aSavedChangeKeepsTheLinesAroundIt() throws {
        let home = try TestHome()
        try home.writeFeedList(["# mine", "https://one.example/feed news"])
        let count: Int = FeedListFile.change(at: home.feedList) { list in
            _ = list.add(FeedListEntry(url: "https://two.example/feed", title: "Two", tags: ["x"]))
            return (true, list.entries.count)
        }
        #expect(count == 2)
        #expect(try String(contentsOf: home.feedList, encoding: .utf8) == "# mine\nhttps://one.example/feed news\nhttps://two.example/feed x \"~Two\"\n")
    }

    /// Eight threads each add a feed at once: the lock makes each read see the others' writes.
    @Test func changesMadeAtOnceAllLand() async throws {
        let home = try TestHome()
        let list = home.feedList
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    _ = try await offPool {
                        FeedListFile.change(at: list) { list in
                            let added = list.add(FeedListEntry(url: "https://\(index).example/feed"))
                            // A read-change-write without the lock loses changes in this window.
                            usleep(20_000)
                            return (added, added)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let urls = Set(FeedListFile.load(from: list).entries.map(\.url))
        #expect(urls == Set((0..<8).map { "https://\($0).example/feed" }))
    }
}
