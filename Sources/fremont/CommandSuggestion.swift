import ArgumentParser
import Foundation

/// A mistyped command is said to be one, with the nearest there is (`fremont wether`: "did you
/// mean 'weather'?", exit 64), rather than read as a file to open (`wether: cannot open`) or as
/// the default subcommand's argument (`fremont feeds ad URL` listing the feeds).
enum CommandSuggestion {
    /// What to say about `arguments` (the command line without the program), nil when they are fine.
    static func check(_ arguments: [String], command: any ParsableCommand.Type = Fremont.self) -> String? {
        var command = command
        var path = ["fremont"]
        for word in arguments {
            guard !word.hasPrefix("-") else { return nil }
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty else { return nil }
            if let next = subcommands.first(where: { names(of: $0).contains(word) }) {
                command = next
                path.append(word)
                continue
            }
            // A word that can be a source (a file, an address, standard input) is one.
            if word == "-" || word.contains("/") || word.contains(".") || word.contains(":") || FileManager.default.fileExists(atPath: word) {
                return nil
            }
            let known = subcommands.flatMap(names(of:))
            guard let nearest = known.map({ ($0, distance(word.lowercased(), $0)) }).filter({ $0.1 <= max(1, min(2, $0.0.count / 3)) })
                .min(by: { $0.1 < $1.1 })?.0 else { return nil }
            return "\(path.joined(separator: " ")): unknown command '\(word)'; did you mean '\(nearest)'? (\(path.joined(separator: " ")) --help lists them)"
        }
        return nil
    }

    private static func names(of command: any ParsableCommand.Type) -> [String] {
        [command.configuration.commandName].compactMap { $0 } + command.configuration.aliases
    }

    /// Edits (insert, delete, change, swap two neighbours) from `a` to `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1) }
            }
        }
        return rows[a.count][b.count]
    }
}
