import Foundation

extension SeriesPivot {
    /// `year,month` as the rows' and the columns' axes (any case, spaces around the words
    /// trimmed); nil where a word is not an axis.
    public static func axes(_ text: String) -> [Axis?] {
        text.split(separator: ",", omittingEmptySubsequences: false).map { Axis(rawValue: $0.trimmingCharacters(in: .whitespaces).lowercased()) }
    }

    /// The series of `table` a pivot shows: the one `name`d (any case), else the total, else the
    /// first shown; errors are said of `source`.
    public static func series(named name: String?, in table: SeriesTable, source: String) throws(LoadError) -> Int {
        if let name {
            guard let found = table.series.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw LoadError(source: source, "no series named '\(TerminalSafeText.singleLine(name))' for --series; the table has \(table.series.map { "'\(TerminalSafeText.singleLine($0.name))'" }.joined(separator: ", "))")
            }
            return found
        }
        guard let first = table.index(of: .total) ?? table.displayOrder.first else { throw LoadError(source: source, "the table has no series to pivot") }
        return first
    }
}
