/// Moving averages of an evenly spaced series (the daily totals), as pandas' `rolling`.
public enum RollingMean {
    /// pandas' `s.rolling(window, min_periods=minimumCount).mean()`: each value is the mean of
    /// the values present among itself and the `window - 1` before it (trailing, not centred),
    /// NaN when fewer than `minimumCount` of them are present. pandas' default `minimumCount` is
    /// the whole window: the first `window - 1` means are NaN, and one missing day blanks the
    /// `window` means that reach it. A smaller `minimumCount` bridges gaps and starts sooner.
    ///
    /// A running sum, O(n), kept the way pandas' `roll_mean` keeps it (compensated adding and
    /// removing, a run of equal values giving that value exactly, no sign flip from rounding),
    /// so the means match pandas' to the last bit.
    /// - Precondition: `window >= 1`, `1 <= minimumCount <= window`.
    public static func trailing(_ values: [Double], window: Int, minimumCount: Int? = nil) -> [Double] {
        precondition(window >= 1, "a rolling window holds at least one value")
        let minimumCount = minimumCount ?? window
        precondition((1...window).contains(minimumCount), "minimumCount must be between 1 and the window")
        var state = RunningMean()
        var means = [Double](repeating: .nan, count: values.count)
        for index in values.indices {
            if index >= window { state.remove(values[index - window]) }
            state.add(values[index])
            if state.present >= minimumCount { means[index] = state.mean }
        }
        return means
    }
}

/// pandas' `add_mean`, `remove_mean` and `calc_mean` (pandas/_libs/window/aggregations.pyx).
private struct RunningMean {
    private(set) var present = 0
    private var sum = 0.0
    private var addCompensation = 0.0
    private var removeCompensation = 0.0
    private var negatives = 0
    private var equalRun = 0
    private var previous = Double.nan

    mutating func add(_ value: Double) {
        guard !value.isNaN else { return }
        present += 1
        let y = value - addCompensation
        let t = sum + y
        addCompensation = t - sum - y
        sum = t
        if value.sign == .minus { negatives += 1 }
        equalRun = value == previous ? equalRun + 1 : 1
        previous = value
    }

    mutating func remove(_ value: Double) {
        guard !value.isNaN else { return }
        present -= 1
        let y = -value - removeCompensation
        let t = sum + y
        removeCompensation = t - sum - y
        sum = t
        if value.sign == .minus { negatives -= 1 }
    }

    /// - Precondition: `present > 0`.
    var mean: Double {
        let mean = sum / Double(present)
        if equalRun >= present { return previous }
        if negatives == 0 && mean < 0 { return 0 }
        if negatives == present && mean > 0 { return 0 }
        return mean
    }
}
