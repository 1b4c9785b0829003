import Foundation
import FremontTestSupport
import Testing

/// The README's Layout tells the truth about the tree: every path it names exists (a file may be
/// named without `.swift`, and under the folder its row is about).
@Suite struct ReadmeLayoutTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The code spans of the Layout section that name a path (they hold a `/`).
    static func layoutPaths() throws -> [String] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "\n## Layout\n") else { return [] }
        let rest = readme[start.upperBound...]
        let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
        var paths: [String] = []
        for line in section.split(separator: "\n") {
            // Code spans are the odd pieces between backticks.
            let pieces = line.split(separator: "`", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() where index % 2 == 1 && piece.contains("/") && !piece.contains(" ") {
                paths.append(String(piece))
            }
        }
        return paths
    }

    /// Where a path the Layout names may be: from the top, or inside a target's folder (a row
    /// about `Sources/FremontSources` names `Cache/CacheDatabase+Sync`), a Swift file without its extension.
    static func exists(_ path: String) -> Bool {
        let fileManager = FileManager.default
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        var bases = [root.path]
        for top in ["Sources", "Tests"] {
            bases.append(root.appendingPathComponent(top).path)
            let folders = (try? fileManager.contentsOfDirectory(atPath: root.appendingPathComponent(top).path)) ?? []
            bases += folders.map { root.appendingPathComponent(top).appendingPathComponent($0).path }
        }
        return bases.contains { base in
            let full = URL(fileURLWithPath: base).appendingPathComponent(trimmed).standardized.path
            return fileManager.fileExists(atPath: full) || fileManager.fileExists(atPath: full + ".swift")
        }
    }

    @Test func everyPathTheLayoutNamesExists() throws {
        let paths = try Self.layoutPaths()
        #expect(paths.count > 40)
        let missing = paths.filter { !$0.hasPrefix("../") && !Self.exists($0) }
        #expect(missing.isEmpty, "the README's Layout names paths that are not in the tree: \(missing)")
    }
}
