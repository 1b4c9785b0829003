import Foundation

/// A program setting (`$BROWSER`, the config's `player`) as a command to run without a shell.
///
/// The setting is split into words as a POSIX shell splits them, with nothing expanded: blanks
/// separate words, `'…'` keeps everything, `"…"` keeps everything but `\"` and `\\`, and `\`
/// outside quotes keeps the next character. Leading `NAME=value` words (unquoted name, as a shell
/// reads them) set the program's environment; the first other word names the program, found
/// through `PATH` unless it holds a `/`; the rest are its first arguments. Whatever is run with
/// it (a link) is appended as further arguments, so it can never name the program.
public struct ProgramCommand: Sendable, Equatable {
    /// `NAME=value` words, in order.
    public var environment: [String]
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
        var environment: [String] = []
        var words: [String] = []
        for word in try Self.words(setting) {
            if words.isEmpty, let assignment = word.assignment {
                environment.append(assignment)
            } else {
                words.append(word.text)
            }
        }
        guard let program = words.first, !program.isEmpty else { throw .noProgram }
        self.environment = environment
        self.program = program
        arguments = Array(words.dropFirst())
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

    /// The environment the program runs with: `base` and then the setting's assignments.
    public func processEnvironment(from base: [String: String]) -> [String: String] {
        var result = base
        for assignment in environment {
            let equals = assignment.firstIndex(of: "=")!
            result[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
        }
        return result
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }

    private struct Word {
        var text = ""
        /// Where the first `=` is when it and every character before it were unquoted.
        var plainEquals: String.Index?
        var quotedSoFar = false

        /// `NAME=value` when the word reads as an assignment: a name of letters, digits and
        /// underscores, not starting with a digit, unquoted, then `=`.
        var assignment: String? {
            guard let equals = plainEquals else { return nil }
            let name = text[..<equals]
            guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return nil }
            let isName = name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
            return isName ? text : nil
        }
    }

    private static func words(_ setting: String) throws(Problem) -> [Word] {
        var words: [Word] = []
        var current: Word?
        var scalars = setting.unicodeScalars.makeIterator()
        func append(_ scalar: Unicode.Scalar, quoted: Bool) {
            var word = current ?? Word()
            if quoted {
                word.quotedSoFar = true
            } else if scalar == "=", word.plainEquals == nil, !word.quotedSoFar {
                word.plainEquals = word.text.endIndex
            }
            word.text.unicodeScalars.append(scalar)
            current = word
        }
        while let scalar = scalars.next() {
            switch scalar {
            case " ", "\t", "\n":
                if let word = current { words.append(word) }
                current = nil
            case "'":
                if current == nil { current = Word() }
                current!.quotedSoFar = true
                while true {
                    guard let next = scalars.next() else { throw .unterminatedQuote }
                    if next == "'" { break }
                    append(next, quoted: true)
                }
            case "\"":
                if current == nil { current = Word() }
                current!.quotedSoFar = true
                while true {
                    guard let next = scalars.next() else { throw .unterminatedQuote }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = scalars.next() else { throw .unterminatedQuote }
                        // Inside double quotes a backslash escapes only these; before others it stays.
                        if escaped != "\"" && escaped != "\\" && escaped != "$" && escaped != "`" { append(next, quoted: true) }
                        append(escaped, quoted: true)
                    } else {
                        append(next, quoted: true)
                    }
                }
            case "\\":
                guard let escaped = scalars.next() else { throw .trailingBackslash }
                append(escaped, quoted: true)
            default:
                append(scalar, quoted: false)
            }
        }
        if let word = current { words.append(word) }
        return words
    }
}
