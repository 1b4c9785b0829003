import FremontCore

/// The trend's model mode: the charted counts fitted against the weather joined beside them
/// (FremontCore's `RidershipModel`, the Handbook's features), as the day-by-day predictions the
/// trend overlays and the fit's figures its heading gives. Made by a command on the compute lane, off the UI
/// thread: joining to days and the least squares take a while over 14 years of hours.
struct TrendModelFit: Sendable {
    /// The fitted riders of each day of the trend (its `daily` days), NaN where a day was not fitted.
    let predicted: [Double]
    let rSquared: Double
    /// The residuals' standard error, riders a day.
    let residualSpread: Double
    let daysFitted: Int
    let leftOut: Int

    /// What came back: the fit, or why there is none (a sentence for the status line).
    enum Outcome: Sendable {
        case fitted(TrendModelFit)
        case refused(String)
    }

    /// The work of fitting `series` of `table` against the table's other measures, over the
    /// filter's dates; its outcome, with predictions placed on the days from `firstDay`.
    static func work(table: SeriesTable, series: Int, filter: SeriesFilter, latitude: Double,
                     firstDay: Int, dayCount: Int) -> @Sendable () -> Outcome {
        {
            Self.fit(table: table, series: series, filter: filter, latitude: latitude, firstDay: firstDay, dayCount: dayCount)
        }
    }

    static func fit(table: SeriesTable, series: Int, filter: SeriesFilter, latitude: Double, firstDay: Int, dayCount: Int) -> Outcome {
        guard table.series.indices.contains(series), table.series[series].kind == .count else {
            return .refused("the model fits daily counts: chart a count series first (c)")
        }
        let counts = SeriesTable(series: [table.series[series]], times: table.times, values: [table.values[series]])
        // The weather is among the other series, named as its source wrote them (a joined table's
        // are `weather: temperature_2m_max`); each keeps its kind, as a day of rain is a sum
        // whichever values a span happened to hold.
        let others = table.series.indices.filter { $0 != series }
        let weather = SeriesTable(series: others.map { Series(name: Self.ownName(table.series[$0].name), kind: table.series[$0].kind) },
                                  times: table.times, values: others.map { table.values[$0] })
        let days: RidershipDays
        do {
            days = try RidershipDays(counts: counts, weather: weather, from: filter.from, to: filter.to)
        } catch {
            return .refused("no model: \(error.message); join the weather (fremont table COUNTS weather:LAT,LON)")
        }
        let features = RidershipModel.featureNames.count
        guard days.days.count > features else {
            return .refused("no model: \(NumberText.count(days.days.count, "day")) with a count and the weather, too few for \(features) features")
        }
        // No bootstrap: the chart needs the predictions and the spread, not the coefficients' errors.
        let model = RidershipModel(days: days.days, latitude: latitude, samples: 0)
        var predicted = [Double](repeating: .nan, count: dayCount)
        for (day, value) in zip(model.days, model.predicted) {
            let index = day.date.dayNumber - firstDay
            if predicted.indices.contains(index) { predicted[index] = value }
        }
        return .fitted(TrendModelFit(predicted: predicted, rSquared: model.rSquared, residualSpread: model.residualStandardError,
                                     daysFitted: model.days.count, leftOut: days.leftOut))
    }

    /// A joined series' name without its source's (`weather: precipitation_sum` → `precipitation_sum`).
    static func ownName(_ name: String) -> String {
        guard let range = name.range(of: ": ", options: .backwards) else { return name }
        let own = name[range.upperBound...]
        return own.isEmpty ? name : String(own)
    }
}
