import Foundation
import FremontCore

/// Draws the Feeds tab: the visible lines of the list, each item as a title row (`▸` collapsed,
/// `▾` expanded; the selected one in reverse video), a line naming its feed and date, its text,
/// and when expanded its numbered links. Work depends on the lines on screen only.
extension ItemListView {
    public func render(into buffer: inout ScreenBuffer, area viewport: Rect, theme: Theme) {
        buffer.fill(viewport, style: .plain)
        guard !order.isEmpty else {
            let placeholder: Placeholder = slots.isEmpty || !loading.isEmpty
                ? .loading("Loading feeds…") : .empty("No items in \(sourceName).")
            placeholder.render(into: &buffer, area: viewport, theme: theme)
            return
        }
        guard isLaidOut, wrapWidth == Self.textWidth(for: viewport), viewportHeight == viewport.height else {
            // Not laid out for this viewport (a caller that skipped `layout`): lay out a copy.
            var copy = self
            copy.layout(in: viewport)
            copy.renderList(into: &buffer, viewport: viewport, theme: theme)
            return
        }
        renderList(into: &buffer, viewport: viewport, theme: theme)
    }

    private func renderList(into buffer: inout ScreenBuffer, viewport: Rect, theme: Theme) {
        let now = self.now()
        ListView.render(list, metrics, area: viewport, into: &buffer, theme: theme) { position, line, y, buffer in
            renderLine(line, of: position, y: y, viewport: viewport, now: now, buffer: &buffer, theme: theme)
        }
    }

    /// Line `offset` of entry `position`'s block.
    private func renderLine(_ offset: Int, of position: Int, y: Int, viewport: Rect, now: Date,
                            buffer: inout ScreenBuffer, theme: Theme) {
        let entry = entry(position), lines = lines(position)
        let isOpen = expanded.contains(entry.key), isSelected = position == selected
        let rowWidth = viewport.width - 1  // the last column is the scroll arrows'
        let textX = viewport.x + 2
        var offset = offset

        let titleRows = isOpen ? lines.title.count : 1
        if offset < titleRows {
            let base = entry.isFailure ? theme.warning : theme.title
            let style = isSelected ? theme.selected(base) : base
            if isSelected { buffer.fill(Rect(x: viewport.x, y: y, width: rowWidth, height: 1), style: style) }
            if offset == 0 {
                // An unread item's ● takes the arrow's place (expanding reads it, so ▾ is never unread).
                if isUnread(entry) {
                    buffer.write("●", x: viewport.x, y: y, style: isSelected ? style : theme.link.adding(.bold))
                } else {
                    buffer.write(isOpen ? "▾" : "▸", x: viewport.x, y: y, style: isSelected ? style : theme.dim)
                }
            }
            let text = isOpen ? lines.title[offset] : TextLayout.truncate(entry.title, to: rowWidth - 2)
            buffer.write(text, x: textX, y: y, style: style, maxWidth: rowWidth - 2)
            highlight(text, x: textX, y: y, buffer: &buffer, theme: theme)
            return
        }
        offset -= titleRows
        let blockEnd = lines.height(expanded: isOpen) - titleRows - 1
        guard offset < blockEnd else { return }  // the blank line after the item
        if isSelected { buffer.write("│", x: viewport.x, y: y, style: theme.feedMarker) }

        if offset == 0 {
            renderByline(entry, x: textX, y: y, width: rowWidth - 2, now: now, buffer: &buffer, theme: theme)
            return
        }
        offset -= 1
        let body = isOpen ? lines.text : lines.preview
        if offset < body.count {
            let text = body[offset]
            let used = buffer.write(text, x: textX, y: y, style: entry.isFailure ? theme.warning : .plain, maxWidth: rowWidth - 2)
            if !isOpen, lines.textIsCut, offset == body.count - 1 {
                buffer.write("…", x: textX + used + 1, y: y, style: theme.dim, maxWidth: viewport.maxX - 1 - (textX + used + 1))
            }
            highlight(text, x: textX, y: y, buffer: &buffer, theme: theme)
            return
        }
        offset -= body.count
        // The links: a blank line, then `[n] url` lines and the item's own link.
        guard offset > 0, offset - 1 < lines.links.count else { return }
        renderLinkLine(lines.links[offset - 1], x: textX, y: y, width: rowWidth - 2, buffer: &buffer, theme: theme)
    }

    /// `Feed name · 3 h ago · Author`.
    private func renderByline(_ entry: FeedEntry, x: Int, y: Int, width: Int, now: Date,
                              buffer: inout ScreenBuffer, theme: Theme) {
        let star = isStarred(entry) ? "★ " : ""
        let name = TextLayout.truncate(star + (store.title(ofFeed: entry.key.source) ?? entry.feedName), to: width)
        var line = StyledLine(name, theme.feedName)
        var rest: [String] = []
        if let date = entry.date { rest.append(FeedDateText.describe(date, now: now, timeZone: timeZone)) }
        if !entry.author.isEmpty { rest.append(entry.author) }
        if !rest.isEmpty {
            line.append(TextLayout.truncate(" · " + rest.joined(separator: " · "), to: width - DisplayWidth.of(name)), theme.dim)
        }
        buffer.draw(line, x: x, y: y, maxWidth: width)
    }

    /// `[n] ` and `Link: ` dim, the address in the link style.
    private func renderLinkLine(_ line: String, x: Int, y: Int, width: Int, buffer: inout ScreenBuffer, theme: Theme) {
        var prefix = ""
        if line.hasPrefix("Link: ") {
            prefix = "Link: "
        } else if line.hasPrefix("["), let close = line.firstIndex(of: "]"),
                  line[line.index(after: line.startIndex)..<close].allSatisfy(\.isNumber) {
            prefix = String(line[...close]) + " "
        }
        let styled = StyledLine([StyledSpan(prefix, theme.dim), StyledSpan(String(line.dropFirst(prefix.count)), theme.link)])
        buffer.draw(styled, x: x, y: y, maxWidth: width)
    }

    /// Marks where the active search matches `text`, drawn at (x, y).
    private func highlight(_ text: String, x: Int, y: Int, buffer: inout ScreenBuffer, theme: Theme) {
        guard let search, !search.isEmpty else { return }
        let characters = Array(text)
        let needle = search.map { String($0) }
        guard needle.count <= characters.count else { return }
        let lowered = characters.map { $0.lowercased() }
        var columns = [0]
        columns.reserveCapacity(characters.count + 1)
        for character in characters { columns.append(columns[columns.count - 1] + DisplayWidth.of(character)) }
        var start = 0
        while start + needle.count <= characters.count {
            if lowered[start] == needle[0], (1..<needle.count).allSatisfy({ lowered[start + $0] == needle[$0] }) {
                let span = Rect(x: x + columns[start], y: y, width: columns[start + needle.count] - columns[start], height: 1)
                buffer.restyle(span) { $0 = theme.searchMatch }
                start += needle.count
            } else {
                start += 1
            }
        }
    }
}
