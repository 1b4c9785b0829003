import FremontSources

/// What a load in the browser adds to one on the command line: a way to cancel it, progress to
/// show, and somewhere other than stderr (which would scribble over the screen) to say things.
public struct LoadContext: Sendable {
    public var cancellation: FetchCancellation?
    public var progress: CachedFetcher.Progress?
    public var note: @Sendable (String) -> Void

    public init(cancellation: FetchCancellation?, progress: CachedFetcher.Progress?, note: @escaping @Sendable (String) -> Void) {
        self.cancellation = cancellation
        self.progress = progress
        self.note = note
    }

    /// Printing commands: nothing to cancel, no progress, notes on stderr.
    public static let commandLine = LoadContext(cancellation: nil, progress: nil, note: { Diagnostics.note($0) })
}
