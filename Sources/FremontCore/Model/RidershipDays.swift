/// The days a ridership model fits: a counter's daily totals beside the day's weather, joined on
/// the day (hours of either added up or averaged into days), with the days that lack the count,
/// the temperature or the precipitation left out and counted.
public struct RidershipDays: Sendable {
    public let days: [RidershipModel.Day]
    /// Days in the span with a row of either table but something missing.
    public let leftOut: Int
    /// The riders' series and the weather's, a row a day (what the model's check reads).
    public let joined: SeriesTable

    public struct Refusal: Error, Sendable, Hashable {
        public let message: String
    }

    /// - Parameters:
    ///   - counts: the riders: its total (own or the two directions added), else its counts added.
    ///   - weather: a precipitation series (`precipitation_sum`, `precipitation`, `PRCP`, any
    ///     name holding "precip") and temperatures: the highest and lowest of the day (names
    ///     ending `max` and `min`, averaged as the Handbook does), else a mean temperature.
    public init(counts: SeriesTable, weather: SeriesTable, from: LocalDateTime? = nil, to: LocalDateTime? = nil) throws(Refusal) {
        let counts = counts.addingComputedTotal()
        let riderValues: [Double]
        if let total = counts.index(of: .total) {
            riderValues = counts.values[total]
        } else {
            let summed = counts.series.indices.filter { counts.series[$0].kind == .count }
            guard !summed.isEmpty else { throw Refusal(message: "the counts hold no count series (every series is a measure)") }
            riderValues = counts.times.indices.map { row in summed.reduce(0) { $0 + counts.values[$1][row] } }  // NaN when any is
        }
        let riders = SeriesTable(series: [Series(name: "riders")], times: counts.times, values: [riderValues])
        let names = weather.series.map { $0.name.lowercased() }
        guard let precipitation = names.firstIndex(where: { $0.contains("precip") || $0 == "prcp" }) else {
            throw Refusal(message: "the weather has no precipitation series (like precipitation_sum) among: \(weather.series.map(\.name).joined(separator: ", "))")
        }
        let temperatures = names.indices.filter { names[$0].contains("temp") || names[$0].hasPrefix("t") && names[$0].count <= 4 }
        let highest = temperatures.first { names[$0].hasSuffix("max") }
        let lowest = temperatures.first { names[$0].hasSuffix("min") }
        let mean = temperatures.first { !names[$0].hasSuffix("max") && !names[$0].hasSuffix("min") }
        guard (highest != nil && lowest != nil) || mean != nil else {
            throw Refusal(message: "the weather has no temperatures (a day's max and min, like temperature_2m_max and temperature_2m_min, or a mean) among: \(weather.series.map(\.name).joined(separator: ", "))")
        }
        let join = SeriesJoin([SeriesJoin.Part(name: "riders", table: riders), SeriesJoin.Part(name: "weather", table: weather)], atLeast: .day)
        let joined = join.table
        let offset = 1
        let rows = joined.rows(from: from, through: to)
        var days: [RidershipModel.Day] = []
        var leftOut = 0
        for row in rows {
            let rain = joined.values[offset + precipitation][row]
            let temperature: Double
            if let highest, let lowest {
                temperature = (joined.values[offset + highest][row] + joined.values[offset + lowest][row]) / 2
            } else {
                temperature = joined.values[offset + mean!][row]
            }
            let count = joined.values[0][row]
            guard !count.isNaN, !rain.isNaN, !temperature.isNaN else {
                leftOut += 1
                continue
            }
            days.append(RidershipModel.Day(date: joined.times[row], riders: count, precipitation: rain, temperature: temperature))
        }
        self.days = days
        self.leftOut = leftOut
        self.joined = joined.slice(rows)
    }
}
