@testable import FremontUI

/// The registered views by type, for tests that look inside one.
extension BrowserState {
    var table: TableTab { view(TableTab.self)! }
    var feeds: ItemListView { view(ItemListView.self)! }
    var weather: WeatherTab { view(WeatherTab.self)! }
    var log: LogView { view(LogView.self)! }
}

extension ItemListView {
    /// The selected item's title.
    var selectedTitle: String? { isEmpty ? nil : entry(selected).title }
    func isExpanded(_ key: FeedItemKey) -> Bool { expanded.contains(key) }
}

extension WeatherTab {
    /// The last first line the view can scroll to in `viewport`.
    func maximumTopLine(_ viewport: Rect) -> Int {
        max(0, (layout(for: viewport)?.lines.count ?? 0) - viewport.height)
    }
}
