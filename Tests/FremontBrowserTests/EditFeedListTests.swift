import Foundation
import Synchronization
import Testing
import FremontCore
import FremontSources
import FremontTestSupport
@testable import FremontBrowser
@testable import FremontUI

/// A terminal that runs the program it is handed as a plain child (no curses here) and waits.
private final class ChildTerminal: TerminalBackend {
    let width = 80, height = 24
    private(set) var ran: [[String]] = []
    func nextEvent(timeout milliseconds: Int32) -> BrowserEvent? { nil }
    func write(_ runs: [CellRun], clearFirst: Bool) {}

    func runInForeground(_ executable: String, arguments: [String]) -> ProgramEnding {
        ran.append([executable] + arguments)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        do { try process.run() } catch { return .couldNotStart("\(error)") }
        process.waitUntilExit()
        return process.terminationReason == .exit ? .exited(process.terminationStatus) : .signalled(process.terminationStatus)
    }
}

/// `E`'s host operation: the feeds file in `$VISUAL`/`$EDITOR` with the terminal handed over,
/// then read again; the Feeds tab's loader takes the list as it now is, and the views hear of it.
@Suite struct EditFeedListTests {
    @Test func theEditorEditsTheFeedsFileAndTheLoaderTakesTheNewList() throws {
        let home = try TestHome()
        try FileManager.default.createDirectory(at: home.feedList.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("https://one.example/feed\n".utf8).write(to: home.feedList)
        // An "editor" that adds two lines to the file it is given, the way a person would.
        let editor = home.file("my editor")
        try Data("#!/bin/sh\nfor file; do :; done\nprintf '%s\\n' 'https://two.example/feed news \"~Two\"' 'exec:~/bin/my-feed' >> \"$file\"\n".utf8).write(to: editor)
        chmod(editor.path, 0o755)
        let one = try DataSource(argument: "https://one.example/feed")
        let sources = BrowserSources(table: TableRequest(source: .input(EmbeddedData.aprilBikes())), weather: .success(.input(EmbeddedData.sanFranciscoForecast())),
                                     feeds: [one], followed: [FollowedFeed(source: one.name)], config: nil)
        let feeds = RunServices.feeds(sources, settings: FetchSettings())
        let host = ProgramHost(feeds: feeds, player: nil, feedListFile: home.feedList, followsFeedList: true,
                               environment: ["EDITOR": "'\(editor.path)' --wait", "PATH": "/usr/bin:/bin"])
        #expect(feeds.names == [one.name])
        let terminal = ChildTerminal()
        let outcome = host.runProgram(.editFeedList, on: terminal)
        #expect(terminal.ran == [[editor.path, "--wait", home.feedList.path]])
        #expect(outcome.succeeded)
        #expect(outcome.message == "feeds file edited: 2 feeds, 1 warning in the Log")
        let list = try #require(outcome.feedList)
        #expect(list.path == home.feedList.path)
        #expect(list.feeds.map(\.title) == [nil, "Two"])
        #expect(list.warnings.map(\.description) == ["line 3: newsboat's exec: feeds are not supported yet: line ignored"])
        // The next reload loads the list as edited.
        #expect(feeds.names == ["https://one.example/feed", "https://two.example/feed"])
    }

    @Test func visualComesFirstAndAMissingEditorNamesItsSetting() throws {
        let home = try TestHome()
        let host = ProgramHost(player: nil, feedListFile: home.feedList,
                               environment: ["VISUAL": "no-such-editor-anywhere", "EDITOR": "vi", "PATH": "/usr/bin:/bin"])
        let outcome = host.runProgram(.editFeedList, on: ChildTerminal())
        #expect(!outcome.succeeded)
        #expect(outcome.message == "could not run: no program 'no-such-editor-anywhere' ($VISUAL)")
        #expect(outcome.feedList == nil)
    }
}

/// A config's `bind-key` keys as the browser's keymaps name them.
@Suite struct KeyRebindingKeyTests {
    @Test func newsboatsNamesBecomeTheBrowsersKeys() throws {
        let config = try FremontConfig.parse("bind-key ^D pagedown\nbind-key SPACE next-unread\nbind-key NPAGE pagedown\nbind-key F3 help\n", name: "config")
        #expect(config.keyBindings.map(\.key.key) == [.control("d"), .character(" "), .pageDown, .function(3)])
        #expect(config.keyBindings.map { $0.key.key.label } == ["^D", "Space", "PgDn", "F3"])
    }
}

/// newsboat's `notify-program`: run without the terminal after a reload that brought new items,
/// the message its last argument; never left running when fremont ends.
@Suite struct NotifyProgramTests {
    @Test func theNotifierGetsTheMessageAndAFailureIsSaid() throws {
        let home = try TestHome()
        let record = home.file("notified")
        let notifier = home.file("notifier")
        try Data("#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record.path)'\n".utf8).write(to: notifier)
        chmod(notifier.path, 0o755)
        let host = ProgramHost(player: nil, notifyProgram: "'\(notifier.path)' -a fremont", environment: ["PATH": "/usr/bin:/bin"])
        let work = try #require(host.notify("fremont: 3 new items"))
        #expect(work() == nil)
        #expect(try String(contentsOf: record, encoding: .utf8) == "-a\nfremont\nfremont: 3 new items\n")
        let failing = ProgramHost(player: nil, notifyProgram: "false", environment: ["PATH": "/usr/bin:/bin"])
        let fails = try #require(failing.notify("x"))
        #expect(fails() == "false (notify-program in the config) failed: exit status 1")
        #expect(ProgramHost(player: nil).notify("x") == nil)
    }

    @Test func aNotifierStillRunningIsStoppedWhenTheRunEnds() throws {
        let home = try TestHome()
        let notifier = home.file("slow")
        try Data("#!/bin/sh\nexec sleep 300\n".utf8).write(to: notifier)
        chmod(notifier.path, 0o755)
        let host = ProgramHost(player: nil, notifyProgram: "'\(notifier.path)'", environment: ["PATH": "/usr/bin:/bin"])
        let work = try #require(host.notify("fremont: 1 new item"))
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<String?>(nil)
        Thread.detachNewThread {
            let said = work()
            outcome.withLock { $0 = said }
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.3)
        let started = Date()
        host.finish()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(outcome.withLock { $0 } == "slow (notify-program in the config) was stopped by signal 15")
    }
}
