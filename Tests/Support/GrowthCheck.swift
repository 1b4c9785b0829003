import Foundation

/// How the time of some work grows with the size of its input, measured so that a loaded machine
/// does not make linear work look quadratic: at each size the work and a linear reference of the
/// same size run in turn, the fastest of a few runs of each is kept, and the work's time per unit
/// over the reference's is compared between the largest size and the smaller ones. Load, caches
/// and debug builds slow both alike, so linear work gives about 1; quadratic work gives about the
/// ratio of the sizes.
public enum GrowthCheck {
    /// The work's time relative to the reference's at the largest of `sizes`, over the least of
    /// that at the other sizes. The largest size is run again (up to `runs` times) only while the
    /// ratio is over `bound`.
    public static func relativeGrowth<Input, Reference>(
        sizes: [Int], runs: Int = 3, bound: Double,
        make: (Int) -> Input, work: (Input) -> Void,
        reference makeReference: (Int) -> Reference, _ reference: (Reference) -> Void
    ) -> Double {
        precondition(sizes.count >= 2)
        let clock = ContinuousClock()
        func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
        var best: [Int: (work: Double, reference: Double)] = [:]
        func measure(_ size: Int, _ input: Input, _ referenceInput: Reference) -> Double {
            let workTime = seconds(clock.measure { work(input) })
            let referenceTime = seconds(clock.measure { reference(referenceInput) })
            let old = best[size] ?? (.infinity, .infinity)
            best[size] = (min(old.work, workTime), min(old.reference, referenceTime))
            return best[size]!.work / max(best[size]!.reference, 1e-9)
        }
        var smaller = Double.infinity
        for size in sizes.dropLast() {
            let input = make(size), referenceInput = makeReference(size)
            var relative = Double.infinity
            for _ in 0..<runs { relative = measure(size, input, referenceInput) }
            smaller = min(smaller, relative)
        }
        let largest = sizes.last!
        let input = make(largest), referenceInput = makeReference(largest)
        var relative = Double.infinity
        for _ in 0..<runs {
            relative = measure(largest, input, referenceInput)
            if relative / smaller <= bound { break }
        }
        return relative / smaller
    }
}
