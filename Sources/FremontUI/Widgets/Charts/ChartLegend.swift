import FremontCore

/// A chart's top line: what the cursor reads (its slot, then each layer's value) or, with no
/// cursor, the legend. Each layer is named beside its swatch, in its own style, so the readout
/// is the legend too: `Tue 2016-04-19  ⣿ total 3,412 · ━ 7-day 3,105.3`. When that is too wide,
/// the names go and the values stay; then the entries that do not fit.
struct ChartLegend {
    struct Entry {
        var swatch: String
        var style: Style
        var name: String
        /// The reading at the cursor (`—` when missing); nil for a legend without one.
        var value: String?
    }

    var lead: StyledSpan?
    var entries: [Entry]

    func line(width: Int) -> StyledLine {
        let full = build(names: true, width: width)
        if entries.allSatisfy({ $0.value == nil }) || full.count == entries.count { return full.line }
        return build(names: false, width: width).line
    }

    /// The lead (cut to `width`), then as many whole entries as fit, so a number is never cut;
    /// the line and how many entries it holds.
    private func build(names: Bool, width: Int) -> (line: StyledLine, count: Int) {
        var line = StyledLine()
        var used = 0
        if let lead {
            let text = TextLayout.truncate(lead.text, to: width)
            line.append(text, lead.style)
            used = DisplayWidth.of(text)
        }
        var count = 0
        for entry in entries {
            let separator = count > 0 ? " · " : (lead != nil ? "  " : "")
            var label = ""
            if names, !entry.name.isEmpty { label += " " + TerminalSafeText.singleLine(entry.name) }
            if let value = entry.value { label += " " + value }
            let entryWidth = DisplayWidth.of(separator + entry.swatch + label)
            if used + entryWidth > width { break }
            line.append(separator)
            line.append(entry.swatch, entry.style)
            line.append(label)
            used += entryWidth
            count += 1
        }
        return (line, count)
    }
}
