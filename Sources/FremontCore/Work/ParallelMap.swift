import Dispatch
import Synchronization

extension Array where Element: Sendable {
    /// `map` on every core, in runs of `run` elements (a run is one task: a handful of small
    /// elements is not worth a thread's hand-off). The results keep the elements' order; the
    /// first error thrown is rethrown once every run is done.
    public func parallelMap<Result: Sendable>(run: Int = 64, _ transform: @Sendable (Element) throws -> Result) throws -> [Result] {
        let run = Swift.max(1, run)
        let runs = (count + run - 1) / run
        guard runs > 1 else { return try map(transform) }
        let done = Mutex<(results: [[Result]?], error: (any Error)?)>((Array<[Result]?>(repeating: nil, count: runs), nil))
        DispatchQueue.concurrentPerform(iterations: runs) { index in
            let slice = self[(index * run)..<Swift.min(count, (index + 1) * run)]
            do {
                let results = try slice.map(transform)
                done.withLock { $0.results[index] = results }
            } catch {
                done.withLock { if $0.error == nil { $0.error = error } }
            }
        }
        let (results, error) = done.withLock { ($0.results, $0.error) }
        if let error { throw error }
        return results.flatMap { $0 ?? [] }
    }
}
