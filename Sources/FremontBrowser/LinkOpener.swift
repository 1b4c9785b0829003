import Foundation
import FremontCore
import FremontSources
import FremontUI

/// Which program a `ProgramRequest` runs, and what it says when it ends. A link opens in
/// `browser` (the config), else the first program of `$BROWSER` (a colon list) that is
/// installed, else `xdg-open`; an enclosure in `player`, else as a link; the feeds file in
/// `$VISUAL`, else `$EDITOR`, else `vi`. The setting is split into words (`ProgramCommand`:
/// quotes honoured, `%u` the address, no shell, no environment assignments) and the program
/// found through `PATH` here, so nothing in a link can pick the program. Only http and https
/// links are opened. Every message names the setting the program came from.
public enum LinkOpener {
    /// A program chosen, with the setting it came from (`browser in the config`, `$BROWSER`).
    public struct Choice: Equatable, Sendable {
        public var executable: String
        public var arguments: [String]
        /// The program's file name, for messages.
        public var name: String
        public var setting: String
    }

    /// The program for `request` (the address already in its arguments), or why there is none.
    public static func choose(_ request: ProgramRequest, browser: String?, player: String?, feedList: String,
                              environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<Choice, Failure> {
        func setting(_ value: String?) -> String? { value.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } }
        switch request {
        case .open(let link), .play(let link):
            guard let url = URL(string: link), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                return .failure(Failure("not opened: only http and https links are (\(TextLayout.truncate(TerminalSafeText.singleLine(link), to: 40)))"))
            }
            if case .play = request, let player = setting(player) {
                return choose([player], settingName: "player in the config", address: link)
            }
            if let browser = setting(browser) { return choose([browser], settingName: "browser in the config", address: link) }
            if let list = setting(environment["BROWSER"]) {
                return choose(ProgramCommand.candidates(list), settingName: "$BROWSER", address: link, placeholders: ["%u", "%s"])
            }
            return choose(["xdg-open"], settingName: "the default (set browser in the config, or $BROWSER)", address: link)
        case .playFile(let path):
            // A file fremont downloaded (the host found it in the queue), never a feed's word.
            if let player = setting(player) { return choose([player], settingName: "player in the config", address: path) }
            return choose(["xdg-open"], settingName: "the default (set player in the config)", address: path)
        case .editFeedList:
            if let visual = setting(environment["VISUAL"]) { return choose([visual], settingName: "$VISUAL", address: feedList) }
            if let editor = setting(environment["EDITOR"]) { return choose([editor], settingName: "$EDITOR", address: feedList) }
            return choose(["vi"], settingName: "the default editor (set $EDITOR)", address: feedList)
        }
    }

    /// Why no program could be run, for the status line.
    public struct Failure: Error, Equatable, Sendable {
        public var message: String
        init(_ message: String) { self.message = message }
    }

    /// The first of `candidates` whose program is installed.
    private static func choose(_ candidates: [String], settingName: String, address: String,
                               placeholders: [String] = ["%u"]) -> Result<Choice, Failure> {
        var missing: [String] = []
        for candidate in candidates {
            let command: ProgramCommand
            do {
                command = try ProgramCommand(parsing: candidate)
            } catch {
                return .failure(Failure("could not run: \(settingName) \(error)"))
            }
            // Named by its file's name in messages: `w3m`, not the folder it lives in.
            let name = TerminalSafeText.singleLine(String(command.program.split(separator: "/").last ?? Substring(command.program)))
            guard let executable = command.executable() else {
                missing.append("'\(TextLayout.truncate(name, to: 30))'")
                continue
            }
            return .success(Choice(executable: executable, arguments: command.arguments(for: address, placeholders: placeholders), name: name, setting: settingName))
        }
        let programs = missing.isEmpty ? "no program" : "no program \(missing.joined(separator: ", "))"
        return .failure(Failure("could not run: \(programs) (\(settingName))"))
    }

    /// What the status line says once `choice` ended as `ending`.
    public static func describe(_ ending: ProgramEnding, of choice: Choice, done: String) -> (message: String, succeeded: Bool) {
        let who = "\(TextLayout.truncate(choice.name, to: 30)) (\(choice.setting))"
        switch ending {
        case .exited(0): return (done, true)
        case .exited(let status): return ("\(who) failed: exit status \(status)", false)
        case .signalled(let signal): return ("\(who) was stopped by signal \(signal)", false)
        case .couldNotStart(let reason): return ("could not start \(who): \(reason)", false)
        }
    }
}
