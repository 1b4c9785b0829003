import Foundation
import FremontCore

/// Bike rows as the cache has them for one source and span.
public struct CachedBikes: Sendable {
    public var source: String
    public var span: ClosedRange<LocalDateTime>?
    public var rows: [BikeRow]
    public var validators: CacheValidators
    public var fetchedAt: Date

    public var counts: BikeCounts { BikeCounts(rows: rows) }
}
