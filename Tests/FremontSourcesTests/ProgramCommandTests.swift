import Foundation
import Testing
import FremontTestSupport
@testable import FremontSources

/// `browser`, `player`, `$BROWSER` and `$EDITOR` are split into words as a shell would, with
/// nothing expanded and no word ever an environment assignment; `%u` is the address, inside its
/// word; the program is found through PATH by fremont itself.
@Suite struct ProgramCommandTests {
    @Test(arguments: [
        ("mpv", "mpv", []),
        ("  mpv   --fs  ", "mpv", ["--fs"]),
        ("'/opt/My Player/play' --x", "/opt/My Player/play", ["--x"]),
        ("\"/opt/My Player/play\" \"a \\\"b\\\" \\\\ \\n\"", "/opt/My Player/play", ["a \"b\" \\ \\n"]),
        ("/opt/My\\ Player/play ''", "/opt/My Player/play", [""]),
        // `=` in a word is part of the word: never an environment assignment, so the setting
        // names the program and nothing else.
        ("A=B /path/to/script", "A=B", ["/path/to/script"]),
        ("X=1 Y= prog a=b", "X=1", ["Y=", "prog", "a=b"]),
        ("lynx -cfg=\"my cfg\" %u", "lynx", ["-cfg=my cfg", "%u"]),
        ("$HOME/bin/play `id`", "$HOME/bin/play", ["`id`"]),
    ] as [(String, String, [String])])
    func words(_ setting: String, _ program: String, _ arguments: [String]) throws {
        let command = try ProgramCommand(parsing: setting)
        #expect(command.program == program)
        #expect(command.arguments == arguments)
    }

    /// The address replaces `%u` inside its word, as one word whatever it holds; without `%u` it
    /// is the last argument.
    @Test func theAddressIsOneWord() throws {
        let hostile = "https://x.example/a b;rm -rf ~ $(id) \"q\" 'p'"
        #expect(try ProgramCommand(parsing: "w3m %u").arguments(for: hostile) == [hostile])
        #expect(try ProgramCommand(parsing: "firefox --new-tab").arguments(for: hostile) == ["--new-tab", hostile])
        #expect(try ProgramCommand(parsing: "tool --url=%u -x").arguments(for: "https://e.org/") == ["--url=https://e.org/", "-x"])
        #expect(try ProgramCommand(parsing: "mpv --no-video").arguments(for: "https://e.org/a.mp3") == ["--no-video", "https://e.org/a.mp3"])
        // `$BROWSER`'s own convention names the address `%s`; newsboat's `%u` only where asked.
        #expect(try ProgramCommand(parsing: "lynx %s").arguments(for: "https://e.org/", placeholders: ["%u", "%s"]) == ["https://e.org/"])
        #expect(try ProgramCommand(parsing: "printf %s").arguments(for: "https://e.org/") == ["%s", "https://e.org/"])
    }

    /// `$BROWSER` is a colon list, tried in order; a colon in quotes is part of its command.
    @Test func browserIsAColonList() {
        #expect(ProgramCommand.candidates("w3m:lynx:firefox") == ["w3m", "lynx", "firefox"])
        #expect(ProgramCommand.candidates("firefox --new-tab %u") == ["firefox --new-tab %u"])
        #expect(ProgramCommand.candidates("'/opt/a:b/run' %u::lynx") == ["'/opt/a:b/run' %u", "lynx"])
        #expect(ProgramCommand.candidates("") == [])
    }

    @Test(arguments: [
        ("", ProgramCommand.Problem.noProgram), ("   ", .noProgram), ("''", .noProgram),
        ("'mpv", .unterminatedQuote), ("\"mpv", .unterminatedQuote), ("mpv\\", .trailingBackslash),
    ])
    func problems(_ setting: String, _ problem: ProgramCommand.Problem) {
        #expect(throws: problem) { try ProgramCommand(parsing: setting) }
    }

    @Test func theProgramIsFoundThroughThePathAndNeverIsADirectory() throws {
        let directory = try TestHome()
        let bin = directory.file("bin"), other = directory.file("other")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: other.appendingPathComponent("play"), withIntermediateDirectories: true)
        let script = bin.appendingPathComponent("play")
        try Data("#!/bin/sh\n".utf8).write(to: script)
        chmod(script.path, 0o755)
        let plain = bin.appendingPathComponent("notes")
        try Data("text".utf8).write(to: plain)
        let search = other.path + ":" + bin.path
        #expect(try ProgramCommand(parsing: "play --x").executable(searchPath: search) == script.path)
        #expect(try ProgramCommand(parsing: "notes").executable(searchPath: search) == nil)
        #expect(try ProgramCommand(parsing: "missing").executable(searchPath: search) == nil)
        #expect(try ProgramCommand(parsing: script.path).executable(searchPath: "") == script.path)
        #expect(try ProgramCommand(parsing: bin.path).executable(searchPath: "") == nil)
    }
}
