import Foundation
import FremontUI

/// `fremont-bench --contrast`: the theme's text colours against their backgrounds, as WCAG
/// contrast ratios, for each palette (the theme its background calls for), beside the 4.5:1
/// floor; the 8-colour theme, which takes the palette's own hues, on the right.
enum ContrastTable {
    static func print() {
        let palettes = ThemeContrast.palettes
        var lines = ["Contrast of each text style on its background (WCAG ratio; the floor is 4.5:1)", ""]
        let styleWidth = 14, cell = 9
        func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        lines.append("".padding(toLength: styleWidth, withPad: " ", startingAt: 0)
                     + palettes.map { pad(String($0.name.split(separator: " ").first!.prefix(5)) + ($0.isLight ? " L" : " D"), cell) }.joined()
                     + "   | 8 colours: " + palettes.map { String($0.name.prefix(1)) + ($0.isLight ? "L" : "D") }.joined(separator: " "))
        let rich = palettes.map { ThemeContrast.rows($0, colors: .indexed256) }
        let eight = palettes.map { ThemeContrast.rows($0, colors: .ansi8) }
        for index in rich[0].indices {
            var line = rich[0][index].style.padding(toLength: styleWidth, withPad: " ", startingAt: 0)
            for rows in rich { line += pad(String(format: "%.1f", rows[index].ratio) + (rows[index].ratio < 4.5 ? "!" : " "), cell) }
            line += "   | " + eight.map { String(format: "%.1f", $0[index].ratio) }.joined(separator: " ")
            lines.append(line)
        }
        let truecolor = palettes.map { ThemeContrast.rows($0, colors: .truecolor) }
        let lowest = (rich + truecolor).flatMap { $0 }.filter { $0.style != "plain" }.map(\.ratio).min() ?? 0
        lines.append("")
        lines.append("plain: the terminal's own text on its own background (the palette's, not the theme's)")
        lines.append(String(format: "lowest of the theme's with 256 colours or truecolor: %.2f:1 (floor 4.5:1)", lowest))
        Swift.print(lines.joined(separator: "\n"))
    }
}
