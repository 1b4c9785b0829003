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
        let program: ConfigProgram
        switch ConfigProgram.resolve(setting, key: "bookmark-cmd", searchPath: environment["PATH"]) {
        case .failure(let unrunnable): return unrunnable.message
        case .success(let found): program = found
        }
        let arguments = program.arguments + [item.url, item.title, item.description, item.feedTitle]
        let title = TextLayout.truncate(TerminalSafeText.singleLine(item.title), to: 40)
        let ran = background.runCapturing(program.executable, arguments: arguments, name: program.name, setting: program.setting)
        let said = ran.output.split(whereSeparator: \.isNewline).lazy.map { TerminalSafeText.singleLine(String($0)) }
            .first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        if let failure = ran.failure { return said.map { "\(failure): \(TextLayout.truncate($0, to: 120))" } ?? failure }
        return said.map { TextLayout.truncate($0, to: 200) } ?? "bookmarked '\(title)'"
    }
}
