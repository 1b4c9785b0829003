import Foundation
import Testing
import FremontTestSupport
@testable import FremontBrowser
@testable import FremontUI

/// newsboat's `bookmark-cmd`: the item's link, title, description and feed's title as four
/// arguments after the setting's own words, run directly (no shell: what an item holds is never
/// a command), its output's first line the status line's; saving writes a new file, never over one.
@Suite struct BookmarkCommandTests {
    @Test func theProgramGetsFourArgumentsAndItsOutputIsSaid() throws {
        let home = try TestHome()
        let record = home.file("given"), marker = home.file("ran-a-shell")
        let script = home.file("bookmark")
        try Data("#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record.path)'\nprintf '\\n  \\033[31mkept\\033[0m in the pinboard\\nsecond line\\n'\n".utf8)
            .write(to: script)
        chmod(script.path, 0o755)
        let output = ReaderOutputService(bookmarkCommand: "'\(script.path)' --tag news", environment: ["PATH": "/usr/bin:/bin"])
        let item = Bookmark(url: "https://example.com/a?b=1&c=2", title: "A title; $(touch \(marker.path))",
                            description: "Two\nlines", feedTitle: "The feed")
        // The first line with something on it, made safe for the terminal.
        let said = output.bookmark(item)
        #expect(said.contains("kept") && said.hasSuffix("in the pinboard") && !said.unicodeScalars.contains { $0.value < 0x20 })
        #expect(try String(contentsOf: record, encoding: .utf8)
                == "--tag\nnews\nhttps://example.com/a?b=1&c=2\nA title; $(touch \(marker.path))\nTwo\nlines\nThe feed\n")
        #expect(!FileManager.default.fileExists(atPath: marker.path))
    }

    @Test func silenceFailureAndNoSettingAreSaid() throws {
        let item = Bookmark(url: "https://example.com/", title: "Item", description: "", feedTitle: "Feed")
        func said(_ setting: String) -> String {
            ReaderOutputService(bookmarkCommand: setting, environment: ["PATH": "/usr/bin:/bin"]).bookmark(item)
        }
        #expect(said("true") == "bookmarked 'Item'")
        #expect(said("false") == "false (bookmark-cmd in the config) failed: exit status 1")
        #expect(said("no-such-bookmarker") == "could not run: no program 'no-such-bookmarker' (bookmark-cmd in the config)")
        #expect(ReaderOutputService(bookmarkCommand: nil).bookmark(item).hasPrefix("no bookmark-cmd in the config"))
    }

    /// A program that writes without end is read and its output dropped past the bound: it
    /// neither blocks on a full pipe nor fills memory, and is stopped after its patience.
    @Test func aChattyProgramIsBounded() throws {
        let item = Bookmark(url: "https://example.com/", title: "Item", description: "", feedTitle: "Feed")
        let said = ReaderOutputService(bookmarkCommand: "head -c 1000000 /dev/zero", environment: ["PATH": "/usr/bin:/bin"]).bookmark(item)
        #expect(said.count <= 200)
    }

    @Test func savingWritesANewFileNeverOverOne() throws {
        let home = try TestHome()
        var services = BrowserServices()
        services.provide((any ReaderOutput).self, ReaderOutputService(bookmarkCommand: nil))
        let path = home.file("item.txt").path
        func save(_ text: String) -> String? {
            ReaderOutputRequest.saveArticle(path: path, text: text).command.run(services).value(as: StatusReport.self).flatMap { try? $0.get().text }
        }
        #expect(save("Title: one\n") == "saved to \(path)")
        #expect(save("Title: two\n") == "not saved: \(path): already exists; not overwritten (give another name)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "Title: one\n")
    }
}
