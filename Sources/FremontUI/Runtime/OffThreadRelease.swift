import Foundation

/// Frees a large value away from the UI thread. Replacing a feed of thousands of items released
/// every string and wrapped line of the old one there (most of the 20 ms a reload of 8,000 items
/// took on the UI thread). Take the old value into one of these before replacing it, then call
/// `release()`: once the replacement has dropped the other reference, this is the last, and it
/// goes on a background queue. Only memory is freed there; nothing is read or written.
final class OffThreadRelease: @unchecked Sendable {
    private static let queue = DispatchQueue(label: "fremont.release", qos: .utility)

    // Set in `init` by the caller, emptied by the queue; nothing else touches it.
    private var value: (any Sendable)?

    init(_ value: any Sendable) { self.value = value }

    func release() { Self.queue.async { self.value = nil } }
}
