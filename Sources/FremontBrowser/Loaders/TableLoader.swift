import Foundation
import FremontCore
import FremontSources
import FremontUI

/// The table tab's request: the command's (a file, an address, several joined, a weather
/// history, the open-data API, with every option and span), run as the printed form runs it;
/// `<` and `>` past the rows loaded replace an API request (or the built-in April) with another
/// month of the API, which `r` then reloads. A file or an address stays the source: another
/// dataset's month is not the next page of a file.
final class TableLoader: TabLoader {
    private var request: TableRequest
    private let settings: FetchSettings
    private let configuredEndpoint: URL?

    init(request: TableRequest, settings: FetchSettings, config: FremontConfig?) {
        self.request = request
        self.request.settings = settings
        self.settings = settings
        configuredEndpoint = config?.endpoint
    }

    convenience init(source: DataSource, settings: FetchSettings, config: FremontConfig?) {
        self.init(request: TableRequest(source: source), settings: settings, config: config)
    }

    func jobs(for target: LoadTarget) -> [LoadJob] {
        switch target {
        case .month(let year, let month):
            // The month from the open-data API: the endpoint already in use, else the config's,
            // else the city's.
            let endpoint: URL
            switch request.joinsSources ? nil : try? request.dataSource() {
            case .socrata(let query):
                endpoint = query.endpoint
            case .input(let input) where input.name == EmbeddedData.aprilBikesName:
                // The built-in April is the city's API month: its neighbours are the API's.
                endpoint = configuredEndpoint ?? SocrataQuery.defaultEndpoint
            default:
                return []
            }
            var query: SocrataQuery
            do {
                query = try SocrataQuery.month("\(year)-\(month < 10 ? "0" : "")\(month)", endpoint: endpoint, pageSize: request.pageSize)
            } catch {
                return []
            }
            if case .socrata(let current) = try? request.dataSource() { query.timeField = current.timeField }
            request.known = .socrata(query)
            return jobs(for: .reload)
        case .reload:
            let request = request
            let name = request.displayName
            return [LoadJob.fetching(name: name) { context throws(LoadError) in .table(try request.load(context).shown) }]
        case .query, .sources, .starred, .wholeFeeds, .window, .item, .fullArticle:
            return []
        }
    }
}
