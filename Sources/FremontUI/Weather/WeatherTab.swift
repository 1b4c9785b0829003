import FremontCore

extension ViewID {
    public static let weather = ViewID("weather")
}


/// The Weather tab: the loaded forecast and how far it is scrolled. State and keys;
/// `WeatherView` lays it out for the viewport and draws it.
public struct WeatherTab: BrowserView {
    public enum Action: Sendable, Hashable {
        case down, up, pageDown, pageUp, top, end
        /// The next hours' strip moved along by a screenful of hours.
        case laterHours, earlierHours
    }

    public let id = ViewID.weather
    public let title = "Weather"
    public private(set) var forecast: Forecast?
    public private(set) var sourceName = ""
    /// The forecast's lines as a list that only scrolls.
    private(set) var list = ListState()
    /// Why nothing could be loaded, while there is no forecast to show instead.
    public private(set) var failure: String?
    /// The layout for the last area `layout(in:)` saw (called after every show and resize):
    /// keys and frames reuse it instead of laying the forecast out again each time.
    private var laidOut: (width: Int, height: Int, layout: WeatherLayout)?

    /// The first of the upcoming hours the strip shows.
    public private(set) var firstHour = 0

    public init() {}

    /// The first content line shown.
    public var topLine: Int { list.offset }

    public var keymap: Keymap<Action> { Self.keys }

    private static let keys = Keymap<Action>(KeyBinding.movement(down: (.down, "scroll down a line"), up: (.up, "scroll up a line"), pageDown: (.pageDown, "a page down"),
                         pageUp: (.pageUp, "a page up"), first: (.top, "top"), last: (.end, "end")) + [
            KeyBinding([.right, .character("l")], .laterHours, "later hours in the strip"),
            KeyBinding([.left, .character("h")], .earlierHours, "earlier hours in the strip"),
        ], footer: [
            KeyHint("j/k", "scroll", for: [.character("j"), .character("k")]),
            KeyHint("←/→", "hours", for: [.left, .right]),
            KeyHint("PgUp/PgDn", "page", for: [.pageUp, .pageDown]),
            KeyHint("g/G", "top/end", for: [.character("g"), .character("G")]),
        ])

    /// The forecast read: when the tab is first shown, `r` and `R`.
    public mutating func load(_ target: LoadTarget) -> [ViewEffect] { [.run(ForecastCommands.load)] }

    public mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] {
        guard case .reply(let reply) = message, let result = reply.value(as: NamedForecast.self) else { return [] }
        switch result {
        case .success(let named):
            show(named.forecast, source: named.name)
        case .failure(let error):
            // The last good forecast stays on screen; with none, the tab says why.
            if forecast == nil {
                sourceName = reply.label ?? error.source
                failure = error.description
            }
        }
        return []
    }

    /// A new forecast. A reload keeps the scroll position; a narrower result is clamped on draw.
    public mutating func show(_ forecast: Forecast, source: String) {
        self.forecast = forecast
        sourceName = source
        failure = nil
        laidOut = nil
    }

    private func metrics(_ area: Rect) -> UniformMetrics {
        UniformMetrics(count: layout(for: area)?.lines.count ?? 0)
    }

    public mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        guard forecast != nil else { return [] }
        let metrics = metrics(area)
        let page = max(1, area.height - 1)
        switch action {
        case .down: list.scroll(toLine: list.offset + 1, metrics)
        case .up: list.scroll(toLine: list.offset - 1, metrics)
        case .pageDown: list.scroll(toLine: list.offset + page, metrics)
        case .pageUp: list.scroll(toLine: list.offset - page, metrics)
        case .top: list.scroll(toLine: 0, metrics)
        case .end: list.scroll(toLine: list.maximumOffset(metrics), metrics)
        case .laterHours, .earlierHours:
            guard let layout = layout(for: area), let strip = layout.hourStrip else { return [.message("no hourly forecast")] }
            let moved = action == .laterHours ? firstHour + strip.shown : firstHour - strip.shown
            firstHour = max(0, min(moved, strip.total - strip.shown))
            laidOut = makeLayout(for: area).map { (area.width, area.height, $0) }
            guard let now = laidOut?.layout.hourStrip else { return [] }
            return [.message("hours \(now.first + 1)–\(now.first + now.shown) of \(now.total)")]
        }
        return []
    }

    public mutating func scroll(by lines: Int, in area: Rect) {
        guard forecast != nil else { return }
        list.scroll(toLine: list.offset + lines, metrics(area))
    }

    /// Keeps the view within the content after a resize changed how many lines it takes.
    public mutating func layout(in area: Rect) {
        laidOut = makeLayout(for: area).map { (area.width, area.height, $0) }
        list.resize(height: area.height, metrics(area))
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
        let full = WeatherLayout(forecast: forecast, width: viewport.width - 3, firstHour: firstHour)
        guard full.lines.count > viewport.height else { return full }
        let compact = WeatherLayout(forecast: forecast, width: viewport.width - 3, compact: true, firstHour: firstHour)
        return compact.lines.count <= viewport.height ? compact : full
    }
}
