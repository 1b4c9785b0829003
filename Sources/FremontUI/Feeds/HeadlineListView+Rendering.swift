import Foundation
import FremontCore

/// Draws the headline list, a line an item: `●` unread, `★` starred, the date, in merged lists
/// the feed, then the title (bold while unread); or, while reading, the item whole. Rows the
/// window does not hold yet (a jump still on its way) are drawn as `…`.
extension HeadlineListView {
    public func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        if let article {
            var shown = article
            shown.layout(width: ArticlePager.width(for: area.width, textWidth: reading.textWidth), height: area.height, timeZone: timeZone)
            shown.render(into: &buffer, area: area, theme: theme)
            return
        }
        buffer.fill(area, style: .plain)
        if let filterPicker {
            filterPicker.render(into: &buffer, area: area, theme: theme)
            return
        }
        guard isLoaded else {
            Placeholder.loading("Reading the items…").render(into: &buffer, area: area, theme: theme)
            return
        }
        guard window.total > 0 else {
            let empty = switch query {
            case _ where filter != nil: "No item here matches the \(filter?.label ?? "filter"): Ctrl-F shows every item."
            case .unread: "No unread items: every item is read."
            case .starred: "No starred items: * stars the selected item."
            case .search: "No item here holds those words (each a whole word; the last may be the start of one)."
            case _ where !failures.isEmpty:
                failures.sorted { $0.key < $1.key }.map { "Could not read \(FeedSlot.fileName($0.key)): \($0.value)." }.joined(separator: " ")
            default: "No items here yet: r reloads the feed."
            }
            Placeholder.empty(empty).render(into: &buffer, area: area, theme: theme)
            return
        }
        var shown = list
        shown.resize(height: area.height, metrics)
        let now = now()
        let width = area.width - 1
        let feedWidth = isMerged ? min(24, max(8, width / 5)) : 0
        // A datetime-format's width, from a date's: the column is the same on every row.
        let dateWidth = reading.datetimeFormat.map { min(30, DisplayWidth.of(FeedDateText.strftime(now, format: $0, timeZone: timeZone))) } ?? 12
        ListView.render(shown, metrics, area: area, into: &buffer, theme: theme) { position, _, y, buffer in
            let selected = position == shown.selected
            guard let headline = headline(position) else {
                buffer.drawRow(StyledLine("   …", theme.dim), x: area.x, y: y, width: width, selected: selected, theme: theme)
                return
            }
            let unread = isUnread(headline)
            // `highlight-article`: the cache said which rule the row matches, with the window.
            let painted = headline.highlight.flatMap { reading.highlights.indices.contains($0) ? Self.style(reading.highlights[$0]) : nil }
            var line = StyledLine()
            line.append(unread ? "●" : " ", theme.link.adding(.bold))
            line.append(isStarred(headline) ? "★" : " ", theme.warning)
            line.append(" ")
            let date = headline.date.map { date in
                reading.datetimeFormat.map { FeedDateText.strftime(date, format: $0, timeZone: timeZone) }
                    ?? FeedDateText.column(date, now: now, timeZone: timeZone)
            } ?? ""
            line.append(TextLayout.padRight(TextLayout.truncate(date, to: dateWidth), to: dateWidth), theme.dim)
            line.append("  ")
            if feedWidth > 0 {
                let feed = TerminalSafeText.singleLine(feedTitle(headline))
                line.append(TextLayout.padRight(TextLayout.truncate(feed, to: feedWidth), to: feedWidth), theme.dim)
                line.append("  ")
            }
            let used = 3 + dateWidth + 2 + (feedWidth > 0 ? feedWidth + 2 : 0)
            let title = TerminalSafeText.singleLine(headline.title).trimmingCharacters(in: .whitespaces)
            line.append(TextLayout.truncate(title.isEmpty ? "(untitled)" : title, to: max(0, width - used)), unread ? theme.title : .plain)
            if let painted { line = StyledLine(line.spans.map { StyledSpan($0.text, painted) }) }
            buffer.drawRow(line, x: area.x, y: y, width: width, selected: selected, theme: theme)
        }
    }

    /// A `highlight-article` rule's colours and attributes as the screen draws them.
    static func style(_ highlight: ArticleHighlight) -> Style {
        func color(_ color: ArticleHighlight.Color) -> TerminalColor {
            switch color {
            case .default: .default
            case .named(let index): .ansi(index)
            case .indexed(let index): .indexed(index)
            }
        }
        var attributes: TextAttributes = []
        for attribute in highlight.attributes {
            switch attribute {
            case .bold: attributes.insert(.bold)
            case .underline: attributes.insert(.underline)
            case .reverse, .standout: attributes.insert(.reverse)
            case .dim: attributes.insert(.dim)
            case .italic: attributes.insert(.italic)
            // The terminal's blink and hidden text are not drawn: a list must stay readable.
            case .blink, .protect, .invis: break
            }
        }
        return Style(foreground: color(highlight.foreground), background: color(highlight.background), attributes: attributes)
    }

    /// The feed list's name for a headline's feed (its `~Title`), else the feed's own title.
    func feedTitle(_ headline: ItemHeadline) -> String {
        if let feed = feed(key: headline.feed), !feed.title.isEmpty { return feed.title }
        return headline.feedTitle.isEmpty ? FeedSlot.fileName(headline.feed) : headline.feedTitle
    }
}
