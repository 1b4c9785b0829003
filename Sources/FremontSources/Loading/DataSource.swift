import Foundation
import FremontCore

/// What a command or a tab loads: bytes at hand (a file, standard input, built-in data), a web
/// address to fetch first, a Socrata query to fetch page by page, or a live forecast.
public enum DataSource: Sendable {
    case input(InputSource)
    case url(URL)
    case socrata(SocrataQuery)
    case forecast(ForecastRequest)

    /// A SOURCE argument: an http or https address, `-` for standard input, or a file path.
    public init(argument: String) throws(LoadError) {
        switch try SourceLocator(argument) {
        case .url(let url): self = .url(url)
        case .standardInput: self = .input(.standardInput)
        case .file(let path): self = .input(.file(path))
        }
    }

    /// The name messages and the status line use.
    public var name: String {
        switch self {
        case .input(let source): return source.name
        case .url(let url): return RedactedURL.text(url)
        case .socrata(let query): return query.name
        case .forecast(let request): return request.name
        }
    }

    /// Whether loading it reads standard input (which then cannot also be the browser's keyboard).
    public var readsStandardInput: Bool {
        if case .input(let source) = self, case .standardInput = source.origin { return true }
        return false
    }
}
