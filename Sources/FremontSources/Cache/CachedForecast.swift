import Foundation
import FremontCore

/// A forecast response as the cache has it: the bytes received, read again on the way out.
public struct CachedForecast: Sendable {
    public var source: String
    public var forecast: Forecast
    public var json: Data
    public var validators: CacheValidators
    public var fetchedAt: Date
}
