import Foundation

extension InputSource {
    /// A table made here (joined SOURCEs, a weather history) as CSV, for a reader that takes it
    /// as it takes a file: the browser's table tab.
    public static func csv(of table: SeriesTable, name: String) -> InputSource {
        var csv = ""
        SeriesExport.write(table, as: .csv) { csv += $0 }
        return .bytes(Data(csv.utf8), name: name)
    }
}
