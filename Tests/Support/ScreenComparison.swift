/// A whole terminal screen compared with the one expected, every line of it, and the difference
/// told so a person can read it: each line of the screen, and where they differ, the expected
/// line (`-`) above the one shown (`+`).
public enum ScreenComparison {
    /// `text` as `height` lines without trailing spaces (tmux leaves them off); lines past the
    /// text's last are blank, and a final line break ends the last line rather than adding one.
    public static func lines(_ text: String, height: Int) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop { $0 == " " }.reversed())
        }
        if text.hasSuffix("\n") { lines.removeLast() }
        if lines.count < height { lines += Array(repeating: "", count: height - lines.count) }
        return lines
    }

    /// Nil when the screens are the same, line for line; otherwise the whole screen with the lines
    /// that differ shown both ways, numbered from 1.
    public static func difference(expected: [String], actual: [String]) -> String? {
        guard expected != actual else { return nil }
        let count = max(expected.count, actual.count)
        let width = String(count).count
        var differing: [Int] = []
        var report: [String] = []
        for index in 0..<count {
            let wanted = index < expected.count ? expected[index] : nil
            let shown = index < actual.count ? actual[index] : nil
            let number = String(repeating: " ", count: width - String(index + 1).count) + String(index + 1)
            if wanted == shown {
                report.append("  \(number) │\(shown ?? "")")
            } else {
                differing.append(index + 1)
                report.append("- \(number) │\(wanted ?? "(no line)")")
                report.append("+ \(number) │\(shown ?? "(no line)")")
            }
        }
        let lines = differing.count == 1 ? "line \(differing[0])" : "lines \(differing.map(String.init).joined(separator: ", "))"
        return "\(lines) of \(count) differ (- expected, + shown):\n" + report.joined(separator: "\n")
    }
}
