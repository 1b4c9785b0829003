import Foundation
import FremontCore

/// A config line being read: its words, where it is, and what it warns of.
struct SettingLine {
    let key: String
    let parsed: ConfigLine
    let location: SourceLocation
    /// The config file's path, for the errors that stop the run.
    let file: String
    var warnings: [ParseWarning] = []

    /// The line's value: its one word, else its words joined.
    var value: String { parsed.single ?? parsed.words.joined(separator: " ") }

    mutating func warn(_ message: String) { warnings.append(ParseWarning(message, at: location)) }

    /// `text` (else the line's words) quoted, terminal-safe, for a warning.
    func shown(_ text: String?) -> String { "'\(TerminalSafeText.singleLine(text ?? parsed.words.joined(separator: " ")))'" }

    /// The one value, or a warning that the line gives more (newsboat's form wants quotes).
    mutating func single() -> String? {
        if let value = parsed.single { return value }
        if parsed.words.isEmpty { warn("\(key) needs a value; ignored") } else {
            warn("\(key) takes one value, not \(parsed.words.count) (quote it: \(key) \"\(TerminalSafeText.singleLine(parsed.words.joined(separator: " ")))\"); ignored")
        }
        return nil
    }

    mutating func yesNo() -> Bool? {
        guard let value = single() else { return nil }
        switch value.lowercased() {
        case "yes", "on", "true": return true
        case "no", "off", "false": return false
        default:
            warn("\(key) must be yes or no, not \(shown(value)); ignored")
            return nil
        }
    }

    /// A program's setting: a program and its first arguments, not a shell line.
    mutating func program() -> String? {
        guard let value = parsed.program else {
            _ = single()
            return nil
        }
        guard !value.unicodeScalars.contains(where: TerminalSafeText.isUnsafe) else {
            warn("\(key) must name a program; ignored")
            return nil
        }
        do {
            _ = try ProgramCommand(parsing: value)
        } catch {
            warn("\(key) \(error == .noProgram ? "must name a program" : error.description); ignored")
            return nil
        }
        return value
    }
}

/// One setting of the config file and how its line is read into a `FremontConfig`, as newsboat's
/// `ConfigData` holds each of its settings with its kind: the table of them
/// (`FremontConfig.settings`) is the one list of what fremont reads.
struct ConfigSetting: Sendable {
    let read: @Sendable (inout FremontConfig, inout SettingLine) throws(LoadError) -> Void

    /// `yes` or `no` (`on`/`off`, `true`/`false`).
    static func flag(_ path: WritableKeyPath<FremontConfig, Bool?> & Sendable) -> ConfigSetting {
        ConfigSetting { config, line in if let flag = line.yesNo() { config[keyPath: path] = flag } }
    }

    static func flag(_ path: WritableKeyPath<FremontConfig, Bool> & Sendable) -> ConfigSetting {
        ConfigSetting { config, line in if let flag = line.yesNo() { config[keyPath: path] = flag } }
    }

    /// A program and its first arguments (`browser "w3m %u"`), never a shell line.
    static func program(_ path: WritableKeyPath<FremontConfig, String?> & Sendable) -> ConfigSetting {
        ConfigSetting { config, line in if let command = line.program() { config[keyPath: path] = command } }
    }

    /// A whole number in `range`: `what` says of which (`a whole number of days`), `note` after the range.
    static func wholeNumber(_ path: WritableKeyPath<FremontConfig, Int?> & Sendable, _ range: ClosedRange<Int>, _ what: String,
                            note: String = "") -> ConfigSetting {
        ConfigSetting { config, line in
            guard let value = line.single() else { return }
            guard let number = Int(value), range.contains(number) else {
                line.warn("\(line.key) must be \(what) from \(range.lowerBound) to \(range.upperBound)\(note), not \(line.shown(value)); ignored")
                return
            }
            config[keyPath: path] = number
        }
    }

    /// One of a few words (`article-sort-order date-asc`): `expected` lists them for the warning.
    static func choice<Value: Sendable>(_ path: WritableKeyPath<FremontConfig, Value?> & Sendable, _ expected: String,
                                        _ parse: @escaping @Sendable (String) -> Value?) -> ConfigSetting {
        ConfigSetting { config, line in
            guard let value = line.single() else { return }
            guard let chosen = parse(value) else {
                line.warn("\(line.key) must be \(expected), not \(line.shown(value)); ignored")
                return
            }
            config[keyPath: path] = chosen
        }
    }

    /// One line of text of at most `limit` bytes (a path, a format).
    static func text(_ path: WritableKeyPath<FremontConfig, String?> & Sendable, _ what: String, limit: Int) -> ConfigSetting {
        ConfigSetting { config, line in
            guard let value = line.single() else { return }
            guard !value.isEmpty, value.utf8.count <= limit, !value.unicodeScalars.contains(where: TerminalSafeText.isUnsafe) else {
                line.warn("\(line.key) must be \(what) of at most \(limit) bytes on one line; ignored")
                return
            }
            config[keyPath: path] = value
        }
    }
}
