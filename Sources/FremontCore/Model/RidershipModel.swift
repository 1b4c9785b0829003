import Foundation

/// Daily riders against the weather, as the Python Data Science Handbook fits the Fremont
/// Bridge (VanderPlas, "In Depth: Linear Regression"): least squares without an intercept on a
/// flag per day of the week, a US federal holiday flag, hours of daylight, precipitation, a dry-day
/// flag, the mean of the day's highest and lowest temperature, and years since the first day;
/// each coefficient's standard error from a bootstrap (rows drawn with replacement, refitted, the
/// coefficients' standard deviation, numpy's `std` with ddof 0).
public struct RidershipModel: Sendable {
    public static let featureNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "holiday",
                                      "daylight_hrs", "PRCP", "dry day", "Temp (C)", "annual"]

    /// One day fitted.
    public struct Day: Sendable, Hashable {
        public var date: LocalDateTime
        public var riders: Double
        public var precipitation: Double
        public var temperature: Double

        public init(date: LocalDateTime, riders: Double, precipitation: Double, temperature: Double) {
            self.date = date
            self.riders = riders
            self.precipitation = precipitation
            self.temperature = temperature
        }
    }

    public let days: [Day]
    public let latitude: Double
    public let coefficients: [Double]
    public let standardErrors: [Double]
    /// 1 − residual sum of squares / total sum of squares about the mean (scikit-learn's `score`;
    /// statsmodels' too, since the weekday flags make a constant).
    public let rSquared: Double
    /// √(residual sum of squares / (days − features)): statsmodels' `√scale`, in riders a day.
    public let residualStandardError: Double
    /// The fitted riders of each day, in the order of `days`.
    public let predicted: [Double]
    public let rank: Int
    public let samples: Int
    public let seed: UInt64

    /// Bootstrap samples past this are not asked for by a person (1,000 take about a second).
    public static let maximumSamples = 100_000

    /// - Precondition: `samples` in 0...maximumSamples.
    public init(days: [Day], latitude: Double, samples: Int = 1000, seed: UInt64 = 0) {
        precondition((0...Self.maximumSamples).contains(samples), "bootstrap samples out of range")
        self.days = days
        self.latitude = latitude
        self.samples = samples
        self.seed = seed
        let columns = Self.design(days, latitude: latitude)
        let y = days.map(\.riders)
        let fit = LeastSquares(columns: columns, y: y)
        coefficients = fit.coefficients
        rank = fit.rank
        var predicted = [Double](repeating: 0, count: days.count)
        for (column, coefficient) in zip(columns, fit.coefficients) where coefficient != 0 {
            for row in predicted.indices { predicted[row] += coefficient * column[row] }
        }
        self.predicted = predicted
        let mean = y.isEmpty ? 0 : y.reduce(0, +) / Double(y.count)
        var residual = 0.0, total = 0.0
        for row in y.indices {
            residual += (y[row] - predicted[row]) * (y[row] - predicted[row])
            total += (y[row] - mean) * (y[row] - mean)
        }
        rSquared = total > 0 ? 1 - residual / total : .nan
        residualStandardError = days.count > columns.count ? (residual / Double(days.count - columns.count)).squareRoot() : .nan
        standardErrors = Self.bootstrap(columns: columns, y: y, samples: samples, seed: seed)
    }

    /// The features a column each, in `featureNames`' order.
    public static func design(_ days: [Day], latitude: Double) -> [[Double]] {
        var columns = [[Double]](repeating: [Double](repeating: 0, count: days.count), count: featureNames.count)
        guard let first = days.first?.date.dayNumber else { return columns }
        var holidays: [Int: Set<Int>] = [:]
        for (row, day) in days.enumerated() {
            let dayNumber = day.date.dayNumber
            columns[CivilCalendar.weekday(dayNumber: dayNumber) - 1][row] = 1
            let year = day.date.year
            if holidays[year] == nil { holidays[year] = Set(USFederalHolidays.observed(in: year)) }
            columns[7][row] = holidays[year]!.contains(dayNumber) ? 1 : 0
            columns[8][row] = daylightHours(dayNumber: dayNumber, latitude: latitude)
            columns[9][row] = day.precipitation
            columns[10][row] = day.precipitation == 0 ? 1 : 0
            columns[11][row] = day.temperature
            columns[12][row] = Double(dayNumber - first) / 365
        }
        return columns
    }

    /// The Handbook's hours of daylight: the sunrise equation with the earth's tilt (23.44°) and
    /// the day's angle from the solstice of 21 December 2000 over a 365.25-day year.
    public static func daylightHours(dayNumber: Int, latitude: Double) -> Double {
        let days = Double(dayNumber - CivilCalendar.dayNumber(year: 2000, month: 12, day: 21))
        let radians = Double.pi / 180
        let m = 1 - tan(latitude * radians) * tan(23.44 * radians * cos(days * 2 * Double.pi / 365.25))
        return 24 * acos(1 - min(max(m, 0), 2)) / radians / 180
    }

    /// Each coefficient's standard deviation over `samples` refits on rows drawn with replacement.
    static func bootstrap(columns: [[Double]], y: [Double], samples: Int, seed: UInt64) -> [Double] {
        let n = y.count, p = columns.count
        guard samples > 0, n > 0 else { return [Double](repeating: .nan, count: p) }
        var generator = SplitMix64(seed: seed)
        var drawn = [Int](repeating: 0, count: n)
        var sampleColumns = [[Double]](repeating: [Double](repeating: 0, count: n), count: p)
        var sampleY = [Double](repeating: 0, count: n)
        var fitted = [[Double]](repeating: [], count: p)  // each coefficient over the samples
        for _ in 0..<samples {
            for row in 0..<n { drawn[row] = Int(generator.next().multipliedFullWidth(by: UInt64(n)).high) }
            for column in 0..<p {
                let source = columns[column]
                for row in 0..<n { sampleColumns[column][row] = source[drawn[row]] }
            }
            for row in 0..<n { sampleY[row] = y[drawn[row]] }
            let fit = LeastSquares(columns: sampleColumns, y: sampleY)
            for column in 0..<p { fitted[column].append(fit.coefficients[column]) }
        }
        // Two passes: the mean first, then the squares about it.
        return fitted.map { values in
            let mean = values.reduce(0, +) / Double(values.count)
            return (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)).squareRoot()
        }
    }
}
