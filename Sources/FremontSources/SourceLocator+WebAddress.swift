import Foundation
import FremontCore

extension SourceLocator {
    /// `text` as an http or https address (an `--endpoint`); anything else is an error said of
    /// `shown` (the address as it may be shown: without a password, when the caller hides it).
    public static func webAddress(_ text: String, shown: String) throws(LoadError) -> URL {
        guard case .url(let url) = try SourceLocator(text) else {
            throw LoadError(source: shown, "the endpoint must be an http or https address")
        }
        return url
    }
}
