import FremontCore
import Synchronization

/// One source to load for a view, as the host describes it: its name, and the work that reads
/// it (on a load thread, never the UI's).
public struct LoadJob: Sendable {
    public let source: String
    public let run: @Sendable (LoadControl) throws(LoadError) -> LoadPayload

    public init(source: String, run: @escaping @Sendable (LoadControl) throws(LoadError) -> LoadPayload) {
        self.source = source
        self.run = run
    }
}
