import Foundation

/// A program setting (`browser`, `player`, `$BROWSER`, `$EDITOR`) as a command to run without a
/// shell.
///
/// The setting is split into words as a POSIX shell splits them (and newsboat, which hands it to
/// one), with nothing expanded: blanks separate words, `'…'` keeps everything, `"…"` keeps
/// everything but `\"` and `\\`, and `\` outside quotes keeps the next character. The first word
/// names the program, found through `PATH` unless it holds a `/`; the rest are its arguments. A
/// `NAME=value` word is a word like any other, never an environment assignment: the setting
/// chooses the program and nothing else. `%u` in a word is replaced by the address, inside that
/// one word; without a `%u` the address is the last argument. So no address can choose the
/// program or split into words of its own.
public struct ProgramCommand: Sendable, Equatable {
    public var program: String
    public var arguments: [String]

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case noProgram
        case unterminatedQuote
        case trailingBackslash

        public var description: String {
            switch self {
            case .noProgram: return "names no program"
            case .unterminatedQuote: return "has a quote that is never closed"
            case .trailingBackslash: return "ends in a lone backslash"
            }
        }
    }

    public init(parsing setting: String) throws(Problem) {
        let words = try Self.words(setting)
        guard let program = words.first, !program.isEmpty else { throw .noProgram }
        self.program = program
        arguments = Array(words.dropFirst())
    }

    /// The arguments for opening `address`: each placeholder (`%u`, newsboat's; `$BROWSER`'s
    /// convention also has `%s`) replaced by it within its word, or, when no word holds one, the
    /// address appended.
    public func arguments(for address: String, placeholders: [String] = ["%u"]) -> [String] {
        guard arguments.contains(where: { word in placeholders.contains { word.contains($0) } }) else { return arguments + [address] }
        return arguments.map { word in
            placeholders.reduce(word) { $0.replacingOccurrences(of: $1, with: address) }
        }
    }

    /// `$BROWSER` as the convention has it: a colon-separated list of commands, tried in order
    /// (a colon inside quotes is part of its command). Empty entries are dropped.
    public static func candidates(_ list: String) -> [String] {
        var entries: [String] = []
        var current = ""
        var quote: Character?
        var escaped = false
        for character in list {
            if escaped {
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
            } else if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == ":" {
                entries.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        entries.append(current)
        return entries.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// The file to run: `program` itself when it holds a `/`, else the first executable file of
    /// that name in `searchPath`'s folders (an empty entry is the current folder); nil when none.
    public func executable(searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        if program.contains("/") { return Self.isExecutableFile(program) ? program : nil }
        let folders = (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false)
        for folder in folders {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + program
            if Self.isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }

    private static func words(_ setting: String) throws(Problem) -> [String] {
        var words: [String] = []
        var current: String?
        var scalars = setting.unicodeScalars.makeIterator()
        func append(_ scalar: Unicode.Scalar) {
            if current == nil { current = "" }
            current!.unicodeScalars.append(scalar)
        }
        while let scalar = scalars.next() {
            switch scalar {
            case " ", "\t", "\n":
                if let word = current { words.append(word) }
                current = nil
            case "'":
                if current == nil { current = "" }
                while true {
                    guard let next = scalars.next() else { throw .unterminatedQuote }
                    if next == "'" { break }
                    append(next)
                }
            case "\"":
                if current == nil { current = "" }
                while true {
                    guard let next = scalars.next() else { throw .unterminatedQuote }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = scalars.next() else { throw .unterminatedQuote }
                        // Inside double quotes a backslash escapes only these; before others it stays.
                        if escaped != "\"" && escaped != "\\" && escaped != "$" && escaped != "`" { append(next) }
                        append(escaped)
                    } else {
                        append(next)
                    }
                }
            case "\\":
                guard let escaped = scalars.next() else { throw .trailingBackslash }
                append(escaped)
            default:
                append(scalar)
            }
        }
        if let word = current { words.append(word) }
        return words
    }
}
