import FremontCore
import FremontSources
import FremontUI

extension LoadJob {
    /// A load of `source`: fetched first when it is on the web, cancelled with the load, its
    /// progress and notes (a cached copy's age) sent to the status line.
    static func fetching(_ source: DataSource, _ settings: FetchSettings,
                         _ read: @escaping @Sendable (FetchSettings, LoadContext, DataSource) throws(LoadError) -> LoadPayload) -> LoadJob {
        fetching(name: source.name) { context throws(LoadError) in try read(settings, context, source) }
    }

    /// A load named `name` (a request of several sources, a table's): `fetching` without one source.
    static func fetching(name: String, _ read: @escaping @Sendable (LoadContext) throws(LoadError) -> LoadPayload) -> LoadJob {
        LoadJob(source: name) { (control) throws(LoadError) -> LoadPayload in try read(LoadContext(control, naming: name)) }
    }

    /// A load that fails at once with `error` (a source that cannot be asked for).
    static func failing(_ error: LoadError) -> LoadJob {
        LoadJob(source: error.source) { (_) throws(LoadError) -> LoadPayload in throw error }
    }
}
