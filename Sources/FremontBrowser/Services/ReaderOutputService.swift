import Foundation
import FremontCore
import FremontSources
import FremontUI

/// Files the reader asks for and the config's `bookmark-cmd`, for this run's screens.
struct ReaderOutputService: ReaderOutput {
    /// The config's `bookmark-cmd`.
    let bookmarkCommand: String?
    /// Where `PATH` is read.
    let environment: [String: String]
    /// Programs started without the terminal, stopped when the run ends.
    let background: BackgroundPrograms

    init(bookmarkCommand: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
         background: BackgroundPrograms = BackgroundPrograms()) {
        self.bookmarkCommand = bookmarkCommand
        self.environment = environment
        self.background = background
    }

    func writeNewFile(_ text: String, to path: String) throws(LoadError) -> String {
        try FileExport.writeNew(text, to: path)
    }

    /// newsboat's `bookmark-cmd`: the program and its words, then the item's link, title,
    /// description and feed's title as four arguments (never through a shell), run without the
    /// terminal; what it printed first is the status line's, else that it was done.
    func bookmark(_ item: Bookmark) -> String {
        guard let setting = bookmarkCommand else {
            return "no bookmark-cmd in the config (bookmark-cmd PROGRAM: it gets the link, title, description and feed)"
        }
        let command: ProgramCommand
        do {
            command = try ProgramCommand(parsing: setting)
        } catch {
            return "could not run: bookmark-cmd in the config \(error)"
        }
        let name = TerminalSafeText.singleLine(String(command.program.split(separator: "/").last ?? Substring(command.program)))
        guard let executable = command.executable(searchPath: environment["PATH"]) else {
            return "could not run: no program '\(name)' (bookmark-cmd in the config)"
        }
        let arguments = command.arguments + [item.url, item.title, item.description, item.feedTitle]
        let title = TextLayout.truncate(TerminalSafeText.singleLine(item.title), to: 40)
        let ran = background.runCapturing(executable, arguments: arguments, name: name, setting: "bookmark-cmd in the config")
        let said = ran.output.split(whereSeparator: \.isNewline).lazy.map { TerminalSafeText.singleLine(String($0)) }
            .first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        if let failure = ran.failure { return said.map { "\(failure): \(TextLayout.truncate($0, to: 120))" } ?? failure }
        return said.map { TextLayout.truncate($0, to: 200) } ?? "bookmarked '\(title)'"
    }
}
