import FremontCore
import FremontSources
import FremontUI

/// The Weather tab's forecast for this run: a file, an address or a live request (one that
/// cannot be asked for, Pirate Weather without a key, is the tab's failure).
struct ForecastService: ForecastSource {
    let source: Result<DataSource, LoadError>
    let settings: FetchSettings

    var name: String {
        switch source {
        case .success(let source): source.name
        case .failure(let error): error.source
        }
    }

    func forecast(_ control: LoadControl) throws(LoadError) -> Forecast {
        let source = try source.get()
        return try WebSources.forecast(source, settings, LoadContext(control, naming: source.name))
    }
}
