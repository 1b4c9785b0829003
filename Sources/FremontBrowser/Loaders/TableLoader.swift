import Foundation
import FremontCore
import FremontSources
import FremontUI

/// The table tab's source: a file, an address or the open-data API; `<` and `>` replace it with
/// another month of the API, which `r` then reloads.
final class TableLoader: TabLoader {
    private var source: DataSource
    private let settings: FetchSettings
    private let configuredEndpoint: URL?

    init(source: DataSource, settings: FetchSettings, config: FremontConfig?) {
        self.source = source
        self.settings = settings
        configuredEndpoint = config?.endpoint
    }

    func jobs(for target: LoadTarget) -> [LoadJob] {
        switch target {
        case .month(let year, let month):
            // The month from the open-data API: the endpoint already in use, else the config's,
            // else the city's.
            let endpoint: URL
            if case .socrata(let query) = source {
                endpoint = query.endpoint
            } else {
                endpoint = configuredEndpoint ?? SocrataQuery.defaultEndpoint
            }
            guard let query = try? SocrataQuery.month("\(year)-\(month < 10 ? "0" : "")\(month)", endpoint: endpoint) else { return [] }
            source = .socrata(query)
            return jobs(for: .reload)
        case .reload:
            return [.fetching(source, settings) { settings, context, source throws(LoadError) in
                .table(try WebSources.table(source, format: nil, delimiter: nil, settings, context))
            }]
        case .query, .sources, .starred, .window, .item:
            return []
        }
    }
}
