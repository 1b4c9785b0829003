extension SeriesSummaryReport {
    /// The summary's title for `table` loaded from `name`: the Fremont Bridge's own (two
    /// directions and its name: another counter with two directions is not the bridge), else
    /// counts, else readings.
    public static func title(for table: SeriesTable, name: String) -> String {
        let fremont = table.index(of: .northbound) != nil && table.series.contains { $0.name.lowercased().contains("fremont") }
        let title = fremont ? "Fremont Bridge bike counts" : table.series.allSatisfy { $0.kind == .count } ? "Counts" : "Readings"
        return "\(title): \(TerminalSafeText.singleLine(name))"
    }
}
