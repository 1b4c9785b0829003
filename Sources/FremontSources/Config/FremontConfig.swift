import Foundation
import FremontCore

/// `$XDG_CONFIG_HOME/fremont/config`: `key = value` lines, `#` comments. One key so far:
/// `endpoint`, the Socrata dataset that `--month`, `--from` and the browser's `<` `>` ask
/// (another city's counter, say); `--endpoint` on the command line still wins.
public struct FremontConfig: Sendable, Equatable {
    public var endpoint: URL?
    public var warnings: [ParseWarning] = []

    public init(endpoint: URL? = nil) {
        self.endpoint = endpoint
    }

    /// Nil when there is no file. An unknown key is a warning; a bad endpoint an error, since
    /// quietly asking the default dataset instead would show the wrong city's counts.
    public static func load(from url: URL = FremontDirectories().configFile) throws(ParseError) -> FremontConfig? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try parse(String(decoding: data, as: UTF8.self), name: url.path)
    }

    public static func parse(_ text: String, name: String) throws(ParseError) -> FremontConfig {
        var config = FremontConfig()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { continue }
            let location = SourceLocation(line: index + 1)
            guard let equals = trimmed.firstIndex(of: "=") else {
                config.warnings.append(ParseWarning("not a 'key = value' line; ignored", at: location))
                continue
            }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "endpoint":
                guard case .url(let url)? = try? SourceLocator(value) else {
                    throw ParseError(source: name, location: location, "endpoint must be an http or https address, not \(value.isEmpty ? "nothing" : "'\(TerminalSafeText.singleLine(value))'")")
                }
                config.endpoint = url
            default:
                config.warnings.append(ParseWarning("unknown setting '\(TerminalSafeText.singleLine(key))'; ignored", at: location))
            }
        }
        return config
    }
}
