import FremontCore
import FremontSources
import FremontUI

/// The Weather tab's forecast: a file, an address or a live request.
final class ForecastLoader: TabLoader {
    private let source: Result<DataSource, LoadError>
    private let settings: FetchSettings

    init(source: Result<DataSource, LoadError>, settings: FetchSettings) {
        self.source = source
        self.settings = settings
    }

    func jobs(for target: LoadTarget) -> [LoadJob] {
        guard case .reload = target else { return [] }
        switch source {
        case .success(let source):
            return [.fetching(source, settings) { settings, context, source throws(LoadError) in
                .forecast(try WebSources.forecast(source, settings, context))
            }]
        case .failure(let error):
            return [.failing(error)]
        }
    }
}
