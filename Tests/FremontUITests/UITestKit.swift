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
