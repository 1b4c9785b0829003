import Foundation
import FremontCore

/// A table as the cache has it for one source, span and column choice.
public struct CachedTable: Sendable {
    public var source: String
    public var span: ClosedRange<LocalDateTime>?
    public var choice: SeriesColumnChoice
    public var table: SeriesTable
    public var validators: CacheValidators
    public var fetchedAt: Date
}
