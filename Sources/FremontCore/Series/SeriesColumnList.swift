import Foundation

/// A list of column names as an option gives it (`--columns`, `--sum`, `--mean`): split at
/// commas, a comma inside a name written with a backslash before it, spaces around each name
/// trimmed, empty names left out.
public enum SeriesColumnList {
    public static func names(_ text: String) -> [String] {
        var names: [String] = [], current = "", escaped = false
        for character in text {
            if escaped { current.append(character); escaped = false; continue }
            if character == "\\" { escaped = true; continue }
            if character == "," { names.append(current); current = ""; continue }
            current.append(character)
        }
        names.append(current)
        return names.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
