import FremontCore

/// The Weather tab: the loaded forecast and how far it is scrolled. State only; `WeatherView`
/// lays it out for the viewport and draws it.
public struct WeatherTab: Sendable {
    public private(set) var forecast: Forecast?
    public private(set) var sourceName = ""
    /// The first content line shown.
    public private(set) var topLine = 0
    /// Why nothing could be loaded, while there is no forecast to show instead.
    public private(set) var failure: String?
    /// The layout for the last viewport `resize` saw (BrowserState calls it after every show and
    /// resize): keys and frames reuse it instead of laying the forecast out again each time.
    private var laidOut: (width: Int, height: Int, layout: WeatherLayout)?

    public init() {}

    public static let hints: [KeyHint] = [
        KeyHint("j/k", "scroll"), KeyHint("PgUp/PgDn", "page"), KeyHint("g/G", "top/end"),
    ]

    /// A new forecast. A reload keeps the scroll position; a narrower result is clamped on draw.
    public mutating func show(_ forecast: Forecast, source: String) {
        self.forecast = forecast
        sourceName = source
        failure = nil
        laidOut = nil
    }

    /// A load failed: the last good forecast stays on screen; with none, the tab says why.
    public mutating func loadFailed(_ error: ParseError, source: String) {
        if forecast == nil {
            sourceName = source
            failure = error.description
        }
    }

    public mutating func handle(_ key: Key, viewport: Rect) -> TabOutcome {
        guard forecast != nil else { return .ignored }
        let page = max(1, viewport.height - 1)
        switch key {
        case .character("j"), .down: scroll(by: 1, viewport: viewport)
        case .character("k"), .up: scroll(by: -1, viewport: viewport)
        case .pageDown, .character(" "), .control("f"): scroll(by: page, viewport: viewport)
        case .pageUp, .control("b"): scroll(by: -page, viewport: viewport)
        case .character("g"), .home: topLine = 0
        case .character("G"), .end: topLine = maximumTopLine(viewport)
        default: return .ignored
        }
        return .handled
    }

    public mutating func scroll(by lines: Int, viewport: Rect) {
        guard forecast != nil else { return }
        topLine = min(max(0, topLine + lines), maximumTopLine(viewport))
    }

    /// Nothing on the weather tab is selectable.
    public func click(x: Int, y: Int, viewport: Rect) -> TabOutcome { .ignored }

    /// Keeps the view within the content after a resize changed how many lines it takes.
    public mutating func resize(viewport: Rect) {
        laidOut = makeLayout(for: viewport).map { (viewport.width, viewport.height, $0) }
        topLine = min(topLine, maximumTopLine(viewport))
    }

    // MARK: - Layout

    /// The content as lines for the viewport: one column of margin on the left, two on the right
    /// (a gap and the scroll arrows). Summaries are cut to one line when that makes the whole
    /// forecast fit; when nothing would, they stay whole and the view scrolls.
    func layout(for viewport: Rect) -> WeatherLayout? {
        if forecast != nil, let laidOut, laidOut.width == viewport.width, laidOut.height == viewport.height {
            return laidOut.layout
        }
        return makeLayout(for: viewport)
    }

    private func makeLayout(for viewport: Rect) -> WeatherLayout? {
        guard let forecast else { return nil }
        let full = WeatherLayout(forecast: forecast, width: viewport.width - 3)
        guard full.lines.count > viewport.height else { return full }
        let compact = WeatherLayout(forecast: forecast, width: viewport.width - 3, compact: true)
        return compact.lines.count <= viewport.height ? compact : full
    }

    func maximumTopLine(_ viewport: Rect) -> Int {
        max(0, (layout(for: viewport)?.lines.count ?? 0) - viewport.height)
    }
}
