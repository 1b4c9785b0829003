import FremontCore

/// A month of the open-data API (`<` and `>` on the Table tab, past the rows loaded).
public struct TableMonth: Sendable, Hashable {
    public let year: Int
    public let month: Int

    public init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }
}

/// The Table tab's table as the program provides it (`BrowserServices`): the command's own
/// request (a file, an address, several joined, a weather history, the open-data API, with its
/// options and span), run as the printed form runs it.
public protocol TableSource: Sendable {
    /// What the status line names while the table, or `month` of it, loads; nil when the table
    /// has no such month (a file's or an address's source never changes).
    func name(month: TableMonth?) -> String?
    /// The table, or `month` of the open-data API it is read from; nil when it has no such month.
    func table(month: TableMonth?, _ control: LoadControl) throws(LoadError) -> SeriesTable?
}

/// A table loaded, the name it came from, and the month asked (nil: the table as given).
public struct LoadedTable: LoggedLoad {
    public let table: SeriesTable
    public let name: String
    public let month: TableMonth?

    public var loadWarnings: (kept: [ParseWarning], total: Int) { (table.warnings, table.warnings.count) }
}

/// The Table tab's commands.
public enum TableCommands {
    /// The table (the tab shown, `r`), or another month of the open-data API; the reply is nil
    /// when the source has no such month.
    public static func load(month: TableMonth? = nil) -> Command {
        Command(.fetch, key: "table", subject: month, labelled: { services in (try? services.port((any TableSource).self))?.name(month: month) ?? "table" }) {
            (services, control) throws(LoadError) -> LoadedTable? in
            let source = try services.port((any TableSource).self)
            guard let table = try source.table(month: month, control) else { return nil }
            return LoadedTable(table: table, name: source.name(month: month) ?? "table", month: month)
        }
    }
}

extension BrowserState {
    /// A table load's outcome handed to the Table tab as its command's reply would be: for tests
    /// and the benchmark, which answer for the runtime.
    @discardableResult
    public mutating func tableLoaded(source: String, _ result: Result<SeriesTable, LoadError>, at time: String,
                                     month: TableMonth? = nil) -> [BrowserEffect] {
        reply(to: .table, key: "table", label: source, result.map { Optional(LoadedTable(table: $0, name: source, month: month)) }, at: time)
    }
}
