import Foundation
import FremontCore
import FremontSources
import FremontUI

/// The table tab's source: a file, an address or the open-data API; `<` and `>` past the rows
/// loaded replace an API source (or the built-in April) with another month of the API, which `r` then reloads. A file
/// or an address stays the source: another dataset's month is not the next page of a file.
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
            switch source {
            case .socrata(let query):
                endpoint = query.endpoint
            case .input(let input) where input.name == EmbeddedData.aprilBikesName:
                // The built-in April is the city's API month: its neighbours are the API's.
                endpoint = configuredEndpoint ?? SocrataQuery.defaultEndpoint
            default:
                return []
            }
            guard let query = try? SocrataQuery.month("\(year)-\(month < 10 ? "0" : "")\(month)", endpoint: endpoint) else { return [] }
            source = .socrata(query)
            return jobs(for: .reload)
        case .reload:
            return [.fetching(source, settings) { settings, context, source throws(LoadError) in
                .table(try WebSources.table(source, format: nil, delimiter: nil, settings, context))
            }]
        case .query, .sources, .starred, .wholeFeeds, .window, .item, .fullArticle:
            return []
        }
    }
}
