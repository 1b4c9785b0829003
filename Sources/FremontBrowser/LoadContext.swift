import FremontCore
import FremontSources
import FremontUI

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

    /// A screen's command under `control`: cancelled with it, its progress and notes (a cached
    /// copy's age) sent to the status line, which names `name` by its file name, as errors do.
    public init(_ control: LoadControl, naming name: String) {
        let cancellation = FetchCancellation()
        control.onCancel { cancellation.cancel() }
        let shortName = SourceName.file(name)
        self.init(cancellation: cancellation, progress: { control.progress($0, $1) },
                  note: { control.note($0.replacingOccurrences(of: name, with: shortName)) })
    }

    /// Printing commands: nothing to cancel, no progress, notes on stderr.
    public static let commandLine = LoadContext(cancellation: nil, progress: nil, note: { Diagnostics.note($0) })
}
