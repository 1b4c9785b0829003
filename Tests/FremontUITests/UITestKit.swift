import FremontCore
@testable import FremontUI

/// Answers for the runtime: a command's reply handed to a tab's registered screen, as the runtime
/// hands it when the command's work is done.
extension BrowserState {
    @discardableResult
    mutating func reply<Reply: Sendable>(to id: ViewID, key: String, label: String?, _ result: Result<Reply, LoadError>,
                                         at time: String = "12:00:00") -> [BrowserEffect] {
        guard let address = address(ofTab: id) else { return [] }
        return update(.replied(address, CommandReply(key: key, label: label, result: result.map { $0 as any Sendable }), at: time))
    }

    /// The Weather tab's forecast came (or failed), from `source`.
    @discardableResult
    mutating func weatherLoaded(source: String, _ result: Result<Forecast, LoadError>, at time: String) -> [BrowserEffect] {
        reply(to: .weather, key: "forecast", label: source, result.map { NamedForecast(forecast: $0, name: source) }, at: time)
    }
}

/// The commands among a key's effects, as the screens made them.
func commands(_ effects: [BrowserEffect]) -> [Command] {
    effects.compactMap { if case .run(let command, _) = $0 { command } else { nil } }
}

/// The read marks and stars the effects write.
func marks(_ effects: [BrowserEffect]) -> [ReaderMarkChange] {
    commands(effects).compactMap { $0.subject as? ReaderMarkChange }
}

/// The files and bookmarks the effects ask for.
func outputs(_ effects: [BrowserEffect]) -> [ReaderOutputRequest] {
    commands(effects).compactMap { $0.subject as? ReaderOutputRequest }
}

/// The item windows (and counts) the effects ask the cache for.
func windowRequests(_ effects: [BrowserEffect]) -> [ItemWindowRequest] {
    commands(effects).compactMap { $0.subject as? ItemWindowRequest }
}

extension BrowserState {
    /// A command's reply handed to the screen on top of the current tab, as the runtime hands it.
    @discardableResult
    mutating func replyToActive<Reply: Sendable>(key: String, label: String? = nil, _ result: Result<Reply, LoadError>,
                                                 at time: String = "1") -> [BrowserEffect] {
        update(.replied(addressOfActiveScreen(), CommandReply(key: key, label: label, result: result.map { $0 as any Sendable }), at: time))
    }
}

extension ViewMessage {
    /// A window (or a count) read from the cache, as a list's command replies with it.
    static func windowRead(_ window: ItemWindow) -> ViewMessage {
        .reply(CommandReply(key: window.isCountOnly ? ItemCommands.countKey : ItemCommands.windowKey, result: .success(window)))
    }
}

extension BrowserState {
    /// The Search tab's command found `results` for `query`.
    @discardableResult
    mutating func searchFound(_ query: String, _ results: [SearchResult]) -> [BrowserEffect] {
        reply(to: .search, key: ItemCommands.searchKey, label: "search: " + query, .success(SearchFound(query: query, results: results)), at: "1")
    }

    /// The item the screen on top asked for came from the cache.
    @discardableResult
    mutating func itemRead(_ entry: FeedEntry) -> [BrowserEffect] {
        replyToActive(key: ItemCommands.itemKey, label: ItemWindowRequest.source, .success(entry))
    }
}
