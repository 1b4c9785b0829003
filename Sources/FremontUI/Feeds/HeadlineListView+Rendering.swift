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
        guard isLoaded else {
            Placeholder.loading("Reading the items…").render(into: &buffer, area: area, theme: theme)
            return
        }
        guard window.total > 0 else {
            let empty = switch query {
            case .unread: "No unread items: every item is read."
            case .starred: "No starred items: * stars the selected item."
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
            buffer.drawRow(line, x: area.x, y: y, width: width, selected: selected, theme: theme)
        }
    }

    /// The feed list's name for a headline's feed (its `~Title`), else the feed's own title.
    func feedTitle(_ headline: ItemHeadline) -> String {
        if let feed = feeds.first(where: { $0.key == headline.feed }), !feed.title.isEmpty { return feed.title }
        return headline.feedTitle.isEmpty ? FeedSlot.fileName(headline.feed) : headline.feedTitle
    }
}
