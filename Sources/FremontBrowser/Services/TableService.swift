import Foundation
import FremontCore
import FremontSources
import FremontUI

/// The Table tab's table for this run: the command's request, run as the printed form runs it.
/// Another month (`<` `>` past the rows loaded) is the open-data API's when the request reads
/// the API or the built-in April (the city's API month): the endpoint in use, else the config's,
/// else the city's. A file or an address has no other month.
struct TableService: TableSource {
    let request: TableRequest
    let configuredEndpoint: URL?

    init(request: TableRequest, settings: FetchSettings, config: FremontConfig?) {
        var request = request
        request.settings = settings
        self.request = request
        configuredEndpoint = config?.endpoint
    }

    func name(month: TableMonth?) -> String? {
        guard let month else { return request.displayName }
        return self.request(for: month)?.displayName
    }

    func table(month: TableMonth?, _ control: LoadControl) throws(LoadError) -> SeriesTable? {
        guard let request = month.map(self.request(for:)) ?? request else { return nil }
        return try request.load(LoadContext(control, naming: request.displayName)).shown
    }

    /// The request for `month` of the API; nil when the table has no months.
    private func request(for month: TableMonth) -> TableRequest? {
        let current = request.joinsSources ? nil : try? request.dataSource()
        let endpoint: URL
        switch current {
        case .socrata(let query):
            endpoint = query.endpoint
        case .input(let input) where input.name == EmbeddedData.aprilBikesName:
            // The built-in April is the city's API month: its neighbours are the API's.
            endpoint = configuredEndpoint ?? SocrataQuery.defaultEndpoint
        default:
            return nil
        }
        let text = "\(month.year)-\(month.month < 10 ? "0" : "")\(month.month)"
        guard var query = try? SocrataQuery.month(text, endpoint: endpoint, pageSize: request.pageSize) else { return nil }
        if case .socrata(let given) = current { query.timeField = given.timeField }
        var monthly = request
        monthly.known = .socrata(query)
        return monthly
    }
}
