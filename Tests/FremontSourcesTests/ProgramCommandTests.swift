import Foundation
import Testing
import FremontTestSupport
@testable import FremontSources

/// `$BROWSER` and `player` are split into words as a shell would, with nothing expanded; leading
/// assignments set the environment; the program is found through PATH by fremont itself.
@Suite struct ProgramCommandTests {
    @Test(arguments: [
        ("mpv", [], "mpv", []),
        ("  mpv   --fs  ", [], "mpv", ["--fs"]),
        ("A=B /path/to/script", ["A=B"], "/path/to/script", []),
        ("X=1 Y= prog a=b", ["X=1", "Y="], "prog", ["a=b"]),
        ("'/opt/My Player/play' --x", [], "/opt/My Player/play", ["--x"]),
        ("\"/opt/My Player/play\" \"a \\\"b\\\" \\\\ \\n\"", [], "/opt/My Player/play", ["a \"b\" \\ \\n"]),
        ("/opt/My\\ Player/play ''", [], "/opt/My Player/play", [""]),
        ("A=\"one two\" prog", ["A=one two"], "prog", []),
        // Not assignments: a quoted name, a name that is not one, an `=` first.
        ("'A=B' prog", [], "A=B", ["prog"]),
        ("a-b=c prog", [], "a-b=c", ["prog"]),
        ("=x prog", [], "=x", ["prog"]),
        ("1A=x prog", [], "1A=x", ["prog"]),
        ("$HOME/bin/play `id`", [], "$HOME/bin/play", ["`id`"]),
    ] as [(String, [String], String, [String])])
    func words(_ setting: String, _ environment: [String], _ program: String, _ arguments: [String]) throws {
        let command = try ProgramCommand(parsing: setting)
        #expect(command.environment == environment)
        #expect(command.program == program)
        #expect(command.arguments == arguments)
    }

    @Test(arguments: [
        ("", ProgramCommand.Problem.noProgram), ("   ", .noProgram), ("X=1", .noProgram), ("A=B C=D", .noProgram),
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
        let environment = try ProgramCommand(parsing: "A=1 B=two=2 play").processEnvironment(from: ["A": "0", "PATH": "/bin"])
        #expect(environment == ["A": "1", "B": "two=2", "PATH": "/bin"])
    }
}
