@testable import FremontUI

/// Reading a buffer back as text and styles: what the view tests compare.
extension ScreenBuffer {
    /// The text of row `y`, continuation cells skipped, trailing blanks trimmed.
    func line(_ y: Int) -> String {
        var out = ""
        for x in 0..<width where !self[x, y].isContinuation {
            out += self[x, y].text
        }
        while out.last == " " { out.removeLast() }
        return out
    }

    /// Every row's text, joined by newlines.
    var text: String {
        (0..<height).map(line).joined(separator: "\n")
    }

    /// Runs of equal style along row `y`, as column ranges.
    func styleRuns(_ y: Int) -> [(columns: Range<Int>, style: Style)] {
        var runs: [(columns: Range<Int>, style: Style)] = []
        var start = 0
        for x in 1...width {
            if x == width || self[x, y].style != self[start, y].style {
                runs.append((start..<x, self[start, y].style))
                start = x
            }
        }
        return runs
    }

    /// The style of the first cell whose text starts `needle` on row `y`, for tests.
    func style(of needle: String, row y: Int) -> Style? {
        let row = (0..<width).filter { !self[$0, y].isContinuation }
        let characters = row.map { self[$0, y].text }
        let target = Array(needle).map(String.init)
        guard !target.isEmpty, characters.count >= target.count else { return nil }
        for start in 0...(characters.count - target.count) where Array(characters[start..<(start + target.count)]) == target {
            return self[row[start], y].style
        }
        return nil
    }

    /// The first row whose text contains `needle`.
    func row(containing needle: String) -> Int? {
        (0..<height).first { line($0).contains(needle) }
    }
}
