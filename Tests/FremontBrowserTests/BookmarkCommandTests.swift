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
        let host = ProgramHost(player: nil, bookmarkCommand: "'\(script.path)' --tag news", environment: ["PATH": "/usr/bin:/bin"])
        let item = Bookmark(url: "https://example.com/a?b=1&c=2", title: "A title; $(touch \(marker.path))",
                            description: "Two\nlines", feedTitle: "The feed")
        let work = try #require(host.bookmark(item))
        // The first line with something on it, made safe for the terminal.
        let said = work()
        #expect(said.contains("kept") && said.hasSuffix("in the pinboard") && !said.unicodeScalars.contains { $0.value < 0x20 })
        #expect(try String(contentsOf: record, encoding: .utf8)
                == "--tag\nnews\nhttps://example.com/a?b=1&c=2\nA title; $(touch \(marker.path))\nTwo\nlines\nThe feed\n")
        #expect(!FileManager.default.fileExists(atPath: marker.path))
    }

    @Test func silenceFailureAndNoSettingAreSaid() throws {
        let item = Bookmark(url: "https://example.com/", title: "Item", description: "", feedTitle: "Feed")
        func said(_ setting: String) throws -> String {
            let host = ProgramHost(player: nil, bookmarkCommand: setting, environment: ["PATH": "/usr/bin:/bin"])
            let work = try #require(host.bookmark(item))
            return work()
        }
        #expect(try said("true") == "bookmarked 'Item'")
        #expect(try said("false") == "false (bookmark-cmd in the config) failed: exit status 1")
        #expect(try said("no-such-bookmarker") == "could not run: no program 'no-such-bookmarker' (bookmark-cmd in the config)")
        #expect(ProgramHost(player: nil).bookmark(item) == nil)
    }

    /// A program that writes without end is read and its output dropped past the bound: it
    /// neither blocks on a full pipe nor fills memory, and is stopped after its patience.
    @Test func aChattyProgramIsBounded() throws {
        let item = Bookmark(url: "https://example.com/", title: "Item", description: "", feedTitle: "Feed")
        let host = ProgramHost(player: nil, bookmarkCommand: "head -c 1000000 /dev/zero", environment: ["PATH": "/usr/bin:/bin"])
        let work = try #require(host.bookmark(item))
        let said = work()
        #expect(said.count <= 200)
    }

    @Test func savingWritesANewFileNeverOverOne() throws {
        let home = try TestHome()
        let host = ProgramHost(player: nil)
        let path = home.file("item.txt").path
        #expect(host.saveArticle("Title: one\n", to: path)() == "saved to \(path)")
        #expect(host.saveArticle("Title: two\n", to: path)() == "not saved: \(path): already exists; not overwritten (give another name)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "Title: one\n")
    }
}
