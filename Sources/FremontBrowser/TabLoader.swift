import FremontUI

/// What one tab loads: its sources, as jobs the run loop runs off the UI thread, for each target
/// the tab knows (`r`, another month, a query, the starred items…). Called on the UI thread.
public protocol TabLoader: AnyObject {
    /// The loads for `target`; none when the tab has nothing to load for it.
    func jobs(for target: LoadTarget) -> [LoadJob]
}
