import ArgumentParser
import Foundation
import FremontBrowser
import FremontCore
import FremontSources

/// The options every data command shares: where the table is, how to read it, which span.
struct TableSourceOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("A table of counts over time: a file or http(s) URL (XML, CSV or JSON, told apart by content), - for standard input, or weather:LAT,LON for the weather history there. Without one (and without --month or --from), the Fremont Bridge's April 2016 counts built into fremont. Several are joined on time.", valueName: "source"))
    var sources: [String] = []

    @Option(name: .customLong("name"), help: "What to call the next SOURCE's series in a joined table (repeat it, one per SOURCE in order). Default: the file's name without its extension, the address's last part, weather.")
    var names: [String] = []

    /// Several SOURCEs, or a weather history: loaded by `load()` and joined on time.
    var joinsSources: Bool { tableRequest.joinsSources }

    /// The first SOURCE: the one table, unless several are joined.
    var source: String? { sources.first }

    @Option(help: "Ask the Socrata API for this month's counts, like 2016-04.")
    var month: String?

    @Option(help: "The first day (like 2016-04-01): with a SOURCE, rows before it are left out; without one, the Socrata API is asked from this day (give --to too).")
    var from: String?

    @Option(help: "The last day (like 2016-04-07), included: with a SOURCE, rows after it are left out; without one, the end of the --from span.")
    var to: String?

    @Option(name: .customLong("time-column"), help: "The column holding each row's date and time, instead of finding it by name and values.")
    var timeColumn: String?

    @Option(help: "The numeric columns to read as series, comma-separated (names as in the header), instead of every numeric column.")
    var columns: String?

    @Option(help: "A long table's key column (like counter in date,counter,count): each distinct value becomes a series (at most 200). Found by itself when times repeat beside a column of words.")
    var key: String?

    @Option(help: "The zone (like America/Los_Angeles or UTC) to convert times written with Z, an offset or as epoch numbers to. Without it, such times keep the wall clock they write (epochs: UTC).")
    var tz: String?

    @Flag(name: .customLong("day-first"), help: "Read dates like 04/05/2016 day first (4 May) when no value in the column has a day above 12 to tell.")
    var dayFirst = false

    @Flag(name: .customLong("month-first"), help: "Read dates like 04/05/2016 month first (5 April) when no value in the column has a day above 12 to tell.")
    var monthFirst = false

    @Option(help: "Series to sum over periods (counts), comma-separated, whatever their values.")
    var sum: String?

    @Option(help: "Series to average over periods (measures, like a temperature), comma-separated, whatever their values.")
    var mean: String?

    @Option(help: "The Socrata dataset to ask with --month or --from; its .json, .xml or .csv picks the format. Default: the config file's endpoint, else Seattle's Fremont Bridge counts. With a weather:LAT,LON SOURCE, the weather archive's address instead of Open-Meteo's.")
    var endpoint: String?

    @Option(name: .customLong("page-size"), help: "Rows per Socrata request; pages follow until one comes back short.")
    var pageSize = SocrataQuery.defaultPageSize

    @OptionGroup var network: NetworkOptions

    @Option(name: .customLong("input-format"), help: "Read the source as this format instead of detecting it: xml, csv or json.")
    var inputFormat: TableFormat?

    @Option(help: "The CSV delimiter, instead of detecting it: ',', ';', '|' or 'tab'.")
    var delimiter: Delimiter?

    @Option(name: .customLong("max-warnings"), help: "How many warnings to print on stderr (the rest are counted).")
    var maxWarnings = 20

    @Flag(name: .shortAndLong, help: "Print no warnings about the data (errors still go to stderr).")
    var quiet = false

    func validate() throws {
        if sources.count > SeriesJoin.maximumParts { throw ValidationError("At most \(SeriesJoin.maximumParts) SOURCEs are joined, not \(sources.count).") }
        if names.count > max(1, sources.count) { throw ValidationError("\(names.count) --name for \(sources.count) SOURCE\(sources.count == 1 ? "" : "s"): one --name per SOURCE.") }
        if Set(names).count != names.count { throw ValidationError("Each --name must differ from the others.") }
        if sources.filter({ $0 == "-" }).count > 1 { throw ValidationError("Standard input (-) can be only one of the SOURCEs.") }
        for source in sources where WeatherHistorySource.isWeather(source) {
            do {
                _ = try WeatherHistorySource(argument: source)
            } catch {
                throw ValidationError(error.message)
            }
        }
        if month != nil, source != nil { throw ValidationError("Give either a SOURCE or --month, not both (--from and --to pick days of a SOURCE).") }
        if month != nil, from != nil || to != nil { throw ValidationError("Give either --month or --from and --to, not both.") }
        if source == nil, (from == nil) != (to == nil) { throw ValidationError("--from and --to go together when they ask the Socrata API.") }
        for (name, value) in [("--from", from), ("--to", to)] {
            if let value, LocalDateTimeParser.parse(value) == nil {
                throw ValidationError("\(name) must be a day like 2016-04-01, not '\(TerminalSafeText.singleLine(value))'.")
            }
        }
        if let from, let to, let first = LocalDateTimeParser.parse(from), let last = LocalDateTimeParser.parse(to), last < first {
            throw ValidationError("--to (\(to)) is before --from (\(from)).")
        }
        if let columns, columnList(columns).isEmpty { throw ValidationError("--columns names no column.") }
        if let tz, TimeZone(identifier: tz) == nil {
            throw ValidationError("--tz must be a zone like America/Los_Angeles or UTC, not '\(TerminalSafeText.singleLine(tz))'.")
        }
        if dayFirst, monthFirst { throw ValidationError("Give --day-first or --month-first, not both.") }
        if let sum, let mean, !Set(columnList(sum)).isDisjoint(with: columnList(mean)) {
            throw ValidationError("A series is summed (--sum) or averaged (--mean), not both.")
        }
        if source == nil, month != nil || from != nil, let timeColumn, !SocrataQuery.isFieldName(timeColumn) {
            throw ValidationError("--time-column for the Socrata API must be a field name like date or date_time, not '\(TerminalSafeText.singleLine(timeColumn))'.")
        }
        if !(1...50_000).contains(pageSize) { throw ValidationError("--page-size must be from 1 to 50000 (the API's most), not \(pageSize).") }
        if !(0...1_000_000).contains(maxWarnings) { throw ValidationError("--max-warnings must be from 0 to 1000000, not \(maxWarnings).") }
    }

    var choice: SeriesColumnChoice {
        SeriesColumnChoice(timeColumn: timeColumn, columns: columns.map(columnList), keyColumn: key,
                           timeZone: tz.flatMap(TimeZone.init(identifier:)), summed: sum.map(columnList) ?? [], averaged: mean.map(columnList) ?? [],
                           dayFirst: dayFirst ? true : monthFirst ? false : nil)
    }

    private func columnList(_ text: String) -> [String] { SeriesColumnList.names(text) }

    /// The options as one request, which the printed form and the browser both run.
    var tableRequest: TableRequest {
        var input = TableRequest()
        input.sources = sources
        input.names = names
        input.month = month
        input.from = from
        input.to = to
        input.timeColumn = timeColumn
        input.endpoint = endpoint
        input.pageSize = pageSize
        input.format = inputFormat
        input.delimiter = delimiter?.byte
        input.choice = choice
        input.settings = network.settings
        input.maxWarnings = quiet ? nil : maxWarnings
        return input
    }

    /// Loads the table, printing warnings to stderr; on failure prints one line and exits non-zero.
    func load() throws -> (table: SeriesTable, name: String) { tableRequest.load() }

    /// Every SOURCE's table, named, in order; on failure prints one line and exits non-zero.
    func loadParts() -> [SeriesJoin.Part] { tableRequest.loadParts() }

    /// The rows --from and --to pick from a SOURCE (all of them without).
    func span(of table: SeriesTable) -> Range<Int> { tableRequest.span(of: table) }

    /// What to load: the SOURCE, a Socrata query, or the built-in April.
    func dataSource() throws(LoadError) -> DataSource { try tableRequest.dataSource() }
}

extension TableFormat: ExpressibleByArgument {}

struct Delimiter: ExpressibleByArgument {
    let byte: UInt8

    init?(argument: String) {
        switch argument {
        case ",", "comma": byte = UInt8(ascii: ",")
        case ";", "semicolon": byte = UInt8(ascii: ";")
        case "|", "pipe": byte = UInt8(ascii: "|")
        case "tab", "\\t", "\t": byte = UInt8(ascii: "\t")
        default: return nil
        }
    }
}
