import Foundation

/// A write that waited its whole patience for another program holding the cache's lock.
public struct CacheLocked: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let waited: TimeInterval

    public var description: String {
        "the cache \(path) stayed locked by another program for \(Int(waited.rounded())) s"
    }
}
