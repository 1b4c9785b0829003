import Foundation
import FremontCore

extension SourceLocator {
    /// `text` as an http or https address (an `--endpoint`); anything else is an error said of
    /// `shown`, by default the address without its password.
    public static func webAddress(_ text: String, shown: String? = nil) throws(LoadError) -> URL {
        guard case .url(let url) = try SourceLocator(text) else {
            throw LoadError(source: shown ?? RedactedURL.text(text), "the endpoint must be an http or https address")
        }
        return url
    }
}
