import Foundation
import FremontCore
import FremontSources

/// A table as a command asks for it, built once from its arguments: its SOURCEs (several are
/// joined on time; `weather:LAT,LON` is a weather history), else a Socrata query (`--month`,
/// `--from` and `--to`), else the built-in April; how to read them (format, delimiter, columns,
/// key, zone) and the span of a SOURCE's rows shown (`--from`, `--to`). The printed form and the
/// browser run the same request (`load`): the browser shows the rows the command prints.
public struct TableRequest: Sendable {
    public var sources: [String] = []
    /// `--name`: what to call each SOURCE's series in a joined table, in order.
    public var names: [String] = []
    public var month: String?
    public var from: String?
    public var to: String?
    public var timeColumn: String?
    public var endpoint: String?
    public var pageSize = SocrataQuery.defaultPageSize
    public var format: TableFormat?
    public var delimiter: UInt8?
    public var choice = SeriesColumnChoice()
    public var settings = FetchSettings()
    /// How many of a source's warnings a command prints; nil: none (`--quiet`).
    public var maxWarnings: Int? = 20
    /// A source worked out already (the command's, or another month the browser moved to):
    /// loaded instead of the one the fields name.
    public var known: DataSource?

    public init() {}

    /// The request for one source as it is, read as the data says (a file, the built-in April).
    public init(source: DataSource) {
        known = source
    }

    /// What a request loaded: the whole table, the rows its span picks (`shown`, what the
    /// browser shows and the table command prints), its name, and what each source warned.
    public struct Loaded: Sendable {
        public var table: SeriesTable
        public var span: Range<Int>
        public var name: String
        /// Each source's warnings, by its name, in order.
        public var warnings: [(source: String, warnings: [ParseWarning])]
        /// What joining did to the tables (summed to days…), said once.
        public var notes: [String]

        /// The rows of the span, with every source's warnings (for the browser's Log).
        public var shown: SeriesTable {
            let rows = span == 0..<table.rowCount ? table : table.slice(span)
            return rows.replacingWarnings(warnings.flatMap(\.warnings))
        }
    }

    /// Several SOURCEs, or a weather history: loaded by `load()` and joined on time.
    public var joinsSources: Bool { known == nil && (sources.count > 1 || sources.contains(where: WeatherHistorySource.isWeather)) }

    /// The first SOURCE: the one table, unless several are joined.
    public var source: String? { sources.first }

    /// What the browser's header calls the table before it loads.
    public var displayName: String {
        if let known { return known.name }
        if joinsSources { return sources.indices.map { Self.partName($0, sources: sources, names: names) }.joined(separator: " + ") }
        return (try? dataSource().name) ?? source ?? "table"
    }

    /// The columns chosen, warning only about the rows of the span (the rest are read, unsaid).
    private var shownChoice: SeriesColumnChoice {
        var shown = choice
        shown.warnsFrom = from.flatMap(LocalDateTimeParser.parse)
        shown.warnsThrough = to.flatMap(LocalDateTimeParser.parse)
        return shown
    }

    /// Loads the table and its span: fetched, cancelled and noted through `context`.
    public func load(_ context: LoadContext) throws(LoadError) -> Loaded {
        if joinsSources {
            let parts = try loadParts(context)
            var loaded = Loaded(table: parts[0].part.table, span: 0..<0, name: sources[0], warnings: parts.map { ($0.source, $0.warnings) }, notes: [])
            if parts.count > 1 {
                let join = SeriesJoin(parts.map(\.part))
                if let granularity = join.granularity, !join.aggregated.isEmpty {
                    let names = join.aggregated.map { "'\(TerminalSafeText.singleLine($0))'" }.joined(separator: ", ")
                    loaded.notes.append("joined by \(granularity.rawValue): \(names) summed (counts) and averaged (measures) to \(granularity.rawValue)s")
                }
                loaded.table = join.table
                loaded.name = parts.map(\.part.name).joined(separator: " + ")
            }
            loaded.span = span(of: loaded.table)
            return loaded
        }
        let source = try dataSource()
        let table = try WebSources.table(source, format: format, delimiter: delimiter, choice: shownChoice, settings, context)
        return Loaded(table: table.replacingWarnings([]), span: span(of: table), name: source.name,
                      warnings: [(source.name, table.warnings)], notes: [])
    }

    /// Loads the table for a printing command: warnings and notes said on stderr; on failure
    /// one line there and exit status 1.
    public func load() -> (table: SeriesTable, name: String) {
        let loaded = loadForCommand()
        return (loaded.table, loaded.name)
    }

    /// `load()`, with the span.
    public func loadForCommand() -> Loaded {
        do {
            let loaded = try load(.commandLine)
            if let maxWarnings {
                for (source, warnings) in loaded.warnings { Diagnostics.printWarnings(warnings, source: source, limit: maxWarnings) }
            }
            for note in loaded.notes { Diagnostics.note(note) }
            return loaded
        } catch {
            Diagnostics.fail(error.description)
        }
    }

    /// Every SOURCE's table, named, in order, warnings said on stderr; on failure prints one line and exits non-zero.
    public func loadParts() -> [SeriesJoin.Part] {
        do {
            let parts = try loadParts(.commandLine)
            if let maxWarnings {
                for part in parts { Diagnostics.printWarnings(part.warnings, source: part.source, limit: maxWarnings) }
            }
            return parts.map(\.part)
        } catch {
            Diagnostics.fail(error.description)
        }
    }

    /// Every SOURCE's table, named, in order, each with its warnings apart; a weather history
    /// covers --from to --to, else the other tables' days.
    public func loadParts(_ context: LoadContext) throws(LoadError) -> [(part: SeriesJoin.Part, source: String, warnings: [ParseWarning])] {
        var loaded: [(part: SeriesJoin.Part, source: String, warnings: [ParseWarning])?] = []
        var weather: [(index: Int, source: WeatherHistorySource)] = []
        for (index, argument) in sources.enumerated() {
            if WeatherHistorySource.isWeather(argument) {
                do {
                    weather.append((index, try WeatherHistorySource(argument: argument)))
                } catch {
                    throw LoadError(source: argument, error.message)
                }
                loaded.append(nil)
                continue
            }
            let source = try DataSource(argument: argument)
            let table = try WebSources.table(source, format: format, delimiter: delimiter, choice: shownChoice, settings, context)
            loaded.append((SeriesJoin.Part(name: Self.partName(index, sources: sources, names: names), table: table.replacingWarnings([])),
                           source.name, table.warnings))
        }
        let tables = loaded.compactMap { $0?.part.table }.filter { !$0.isEmpty }
        let first = from.flatMap(LocalDateTimeParser.parse) ?? tables.compactMap(\.times.first).min()
        let last = to.flatMap(LocalDateTimeParser.parse) ?? tables.compactMap(\.times.last).max()
        for (index, source) in weather {
            guard let first, let last else {
                throw LoadError(source: sources[index], "a weather history needs days: give --from and --to, or a table to join it with")
            }
            let endpointURL = try endpoint.map { (endpoint) throws(LoadError) in try SourceLocator.webAddress(endpoint) }
            let request = try WeatherHistoryRequest(coordinates: source.coordinates, first: first, last: last, endpoint: endpointURL)
            let table = try WebSources.weatherHistory(request, hourly: source.hourly, settings, context)
            loaded[index] = (SeriesJoin.Part(name: Self.partName(index, sources: sources, names: names), table: table.replacingWarnings([])),
                             request.name, table.warnings)
        }
        return loaded.compactMap { $0 }
    }

    /// The --name given for SOURCE `index`, else one made from it: a file's name without its
    /// extension, an address's last part, `weather`; a name taken already gets ` 2`, ` 3`, ….
    public static func partName(_ index: Int, sources: [String], names: [String]) -> String {
        if index < names.count { return names[index] }
        var taken = Set(names)
        for earlier in 0..<index { taken.insert(partName(earlier, sources: sources, names: names)) }
        let argument = sources[index]
        var base: String
        if WeatherHistorySource.isWeather(argument) {
            base = "weather"
        } else if argument == "-" {
            base = "stdin"
        } else {
            let last = argument.split(separator: "?").first.map(String.init) ?? argument
            base = (last.split(separator: "/").last.map(String.init) ?? last)
            if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = String(base[..<dot]) }
        }
        if base.isEmpty { base = "source \(index + 1)" }
        var name = base, number = 2
        while taken.contains(name) { name = "\(base) \(number)"; number += 1 }
        return name
    }

    /// The latitude of the first weather source (`weather:LAT,LON`): the trend's model of riders
    /// against the weather takes its hours of daylight from it.
    public var weatherLatitude: Double? {
        sources.lazy.filter(WeatherHistorySource.isWeather).compactMap { try? WeatherHistorySource(argument: $0).coordinates.latitude }.first
    }

    /// The rows --from and --to pick from a SOURCE (all of them without).
    public func span(of table: SeriesTable) -> Range<Int> {
        guard source != nil || known.map(Self.isSourceArgument) == true else { return 0..<table.rowCount }
        return table.rows(from: from.flatMap(LocalDateTimeParser.parse), through: to.flatMap(LocalDateTimeParser.parse))
    }

    /// A source a SOURCE argument names (a file, an address), not a Socrata query's span.
    private static func isSourceArgument(_ source: DataSource) -> Bool {
        if case .socrata = source { return false }
        return true
    }

    /// What to load: the SOURCE, a Socrata query, or the built-in April.
    public func dataSource() throws(LoadError) -> DataSource {
        if let known { return known }
        if let month {
            var query = try SocrataQuery.month(month, endpoint: try endpointURL(), pageSize: pageSize)
            query.timeField = timeColumn ?? query.timeField
            return .socrata(query)
        }
        if source == nil, let from, let to {
            var query = try SocrataQuery.days(from: from, to: to, endpoint: try endpointURL(), pageSize: pageSize)
            query.timeField = timeColumn ?? query.timeField
            return .socrata(query)
        }
        guard let source else { return .input(EmbeddedData.aprilBikes()) }
        return try DataSource(argument: source)
    }

    private func endpointURL() throws(LoadError) -> URL {
        guard let endpoint else { return try ConfigFile.endpoint() }
        return try SourceLocator.webAddress(endpoint)
    }
}
