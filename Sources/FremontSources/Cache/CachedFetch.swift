import FremontCore

/// Data after a fetch through the cache: the cached form, fresh or confirmed by a 304.
public struct CachedFetch<Value: Sendable>: Sendable {
    public var value: Value
    /// The parser's warnings; empty after a 304. A failure to write the cache is one too.
    public var warnings: [ParseWarning]
    /// The server said `304 Not Modified`: the cached copy is what is shown.
    public var notModified: Bool
}
