import Foundation
import FremontCore

/// Turns a `DataSource` into something to parse, fetching when it is on the web. One loader
/// serves one load: its cancellation and progress belong to that load.
public struct SourceLoader: Sendable {
    public var fetcher: HTTPFetcher
    public var options: HTTPRequestOptions
    public var cancellation: FetchCancellation?
    /// Bytes so far, and the expected total when the server said.
    public var progress: (@Sendable (_ bytes: Int, _ expected: Int?) -> Void)?

    public init(fetcher: HTTPFetcher = HTTPFetcher(), options: HTTPRequestOptions = .init(),
                cancellation: FetchCancellation? = nil, progress: (@Sendable (_ bytes: Int, _ expected: Int?) -> Void)? = nil) {
        self.fetcher = fetcher
        self.options = options
        self.cancellation = cancellation
        self.progress = progress
    }

    /// The bytes of `source`: at hand, or streaming from the server once its headers are in.
    public func open(_ source: DataSource) throws(LoadError) -> InputSource {
        switch source {
        case .input(let input):
            return input
        case .url(let url):
            switch try fetcher.fetch(url, options: options, cancellation: cancellation, progress: progress) {
            case .body(let body, _):
                return body
            case .notModified:
                throw LoadError(source: RedactedURL.text(url), "the server answered 304 Not Modified to a request that was not conditional")
            }
        case .socrata(let query):
            throw LoadError(source: query.name, "a Socrata query holds a table, not this")
        case .forecast(let request):
            do throws(LoadError) {
                switch try fetcher.fetch(request.url, name: request.name, options: options, cancellation: cancellation, progress: progress) {
                case .body(let body, _):
                    return body
                case .notModified:
                    throw LoadError(source: request.name, "the server answered 304 Not Modified to a request that was not conditional")
                }
            } catch {
                throw request.describe(error)
            }
        }
    }

    /// A table from any source; a Socrata query arrives page by page.
    public func table(_ source: DataSource, format: TableFormat? = nil, delimiter: UInt8? = nil,
                      choice: SeriesColumnChoice = SeriesColumnChoice()) throws(LoadError) -> SeriesTable {
        if case .socrata(let query) = source {
            return try SocrataPager(fetcher: fetcher, options: options).load(query, choice: choice, cancellation: cancellation, progress: progress)
        }
        return try SeriesLoader.load(open(source), format: format, delimiter: delimiter, choice: choice)
    }
}
