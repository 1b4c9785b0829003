/// Every run of readings inside a table's span with no value at all: the step has no row, or a
/// row whose every series is blank (a counter that stopped counting). What the summary's headline
/// and `fremont stats --gaps` tell, in the table's own step.
public struct SeriesOutages: Sendable {
    public struct Run: Sendable, Hashable {
        public var start: LocalDateTime
        public var end: LocalDateTime
        /// Readings in the run.
        public var length: Int
    }

    public let step: SeriesStep
    public private(set) var runs: [Run] = []
    /// Readings without a value, all runs together.
    public private(set) var missing = 0

    public init(_ table: SeriesTable, step: SeriesStep? = nil) {
        let step = step ?? SeriesStep(table.times)
        self.step = step
        var open: Run?
        func extend(_ run: inout Run?, from start: LocalDateTime, to end: LocalDateTime, length: Int, runs: inout [Run]) {
            if var current = run, step.steps(from: current.end, to: start) == 1 {
                current.end = end
                current.length += length
                run = current
            } else {
                if let current = run { runs.append(current) }
                run = Run(start: start, end: end, length: length)
            }
        }
        var previous: LocalDateTime?
        for row in table.times.indices {
            let time = table.times[row]
            if let previous {
                let absent = step.steps(from: previous, to: time) - 1
                if absent > 0 {
                    extend(&open, from: step.advance(previous, by: 1), to: step.advance(previous, by: absent), length: absent, runs: &runs)
                    missing += absent
                }
            }
            previous = time
            if table.values.allSatisfy({ $0[row].isNaN }), !table.series.isEmpty {
                extend(&open, from: time, to: time, length: 1, runs: &runs)
                missing += 1
            }
        }
        if let open { runs.append(open) }
    }

    /// The longest run, the first of equals.
    public var longest: Run? {
        runs.reduce(nil) { best, run in best.map { run.length > $0.length ? run : $0 } ?? run }
    }
}
