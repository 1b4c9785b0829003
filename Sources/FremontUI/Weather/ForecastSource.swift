import FremontCore

/// The Weather tab's forecast as the program provides it (`BrowserServices`): a file, an
/// address or a live request for the config's place.
public protocol ForecastSource: Sendable {
    /// What the status line and the header name while it loads.
    var name: String { get }
    func forecast(_ control: LoadControl) throws(LoadError) -> Forecast
}

/// The Weather tab's commands.
public enum ForecastCommands {
    /// The forecast read (the tab shown, `r`): the reply is the forecast, named.
    public static var load: Command {
        Command(.fetch, key: "forecast", labelled: { services in (try? services.port((any ForecastSource).self))?.name ?? "forecast" }) {
            (services, control) throws(LoadError) -> NamedForecast in
            let source = try services.port((any ForecastSource).self)
            return NamedForecast(forecast: try source.forecast(control), name: source.name)
        }
    }
}

/// A forecast and the name of where it came from.
public struct NamedForecast: LoggedLoad {
    public let forecast: Forecast
    public let name: String

    public var loadWarnings: (kept: [ParseWarning], total: Int) { ([], 0) }
}
