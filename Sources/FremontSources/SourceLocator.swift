import Foundation
import FremontCore

/// What a SOURCE argument names: a web address, standard input, or a file.
public enum SourceLocator: Sendable, Hashable {
    case url(URL)
    case standardInput
    case file(String)

    /// `http://…` and `https://…` are addresses; `-` is standard input; anything else a path.
    /// Other schemes (`ftp:`, `file:`, `javascript:`) are refused rather than taken for paths.
    public init(_ argument: String) throws(LoadError) {
        if argument == "-" {
            self = .standardInput
            return
        }
        let lowered = argument.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = URL(string: argument), url.host?.isEmpty == false else {
                throw LoadError(source: RedactedURL.text(argument), "not a valid web address")
            }
            self = .url(url)
            return
        }
        if let colon = argument.firstIndex(of: ":"), argument[..<colon].allSatisfy({ $0.isLetter }), argument.distance(from: argument.startIndex, to: colon) > 1 {
            throw LoadError(source: RedactedURL.text(argument), "only http and https addresses can be loaded")
        }
        self = .file(argument)
    }

    /// The name messages use.
    public var name: String {
        switch self {
        case .url(let url): return RedactedURL.text(url)
        case .standardInput: return "<stdin>"
        case .file(let path): return path
        }
    }
}
