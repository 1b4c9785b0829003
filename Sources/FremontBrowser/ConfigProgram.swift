import FremontCore
import FremontSources

/// A program the config names for fremont to run without the terminal (`notify-program`,
/// `bookmark-cmd`): its file, its words and a name to say, found once, or why it cannot run in
/// the words the status line says.
struct ConfigProgram {
    let executable: String
    let arguments: [String]
    let name: String
    /// Where it came from, for what is said of it: `notify-program in the config`.
    let setting: String

    struct Unrunnable: Error {
        let message: String
    }

    static func resolve(_ text: String, key: String, searchPath: String?) -> Result<ConfigProgram, Unrunnable> {
        let setting = "\(key) in the config"
        let command: ProgramCommand
        do {
            command = try ProgramCommand(parsing: text)
        } catch {
            return .failure(Unrunnable(message: "could not run: \(setting) \(error)"))
        }
        let name = TerminalSafeText.singleLine(String(command.program.split(separator: "/").last ?? Substring(command.program)))
        guard let executable = command.executable(searchPath: searchPath) else {
            return .failure(Unrunnable(message: "could not run: no program '\(name)' (\(setting))"))
        }
        return .success(ConfigProgram(executable: executable, arguments: command.arguments, name: name, setting: setting))
    }
}
