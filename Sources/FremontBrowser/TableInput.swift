import Foundation
import FremontCore
import FremontSources

/// What a table command reads: its SOURCEs (several are joined on time; `weather:LAT,LON` is a
/// weather history), else a Socrata query (`--month`, `--from` and `--to`), else the built-in
/// April; and how to read them. Loading says the warnings on stderr; a failure is one line
/// there and exit status 1.
public struct TableInput: Sendable {
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
    public var maxWarnings = 20

    public init() {}

    /// Several SOURCEs, or a weather history: loaded by `load()` and joined on time.
    public var joinsSources: Bool { sources.count > 1 || sources.contains(where: WeatherHistorySource.isWeather) }

    /// The first SOURCE: the one table, unless several are joined.
    public var source: String? { sources.first }

    /// Loads the table, printing warnings to stderr; on failure prints one line and exits non-zero.
    /// Pass the source when the caller has it already (working it out reads the config file).
    public func load(_ known: DataSource? = nil) -> (table: SeriesTable, name: String) {
        if known == nil, joinsSources { return loadJoined() }
        do {
            let source: DataSource
            if let known { source = known } else { source = try dataSource() }
            let table = try WebSources.table(source, format: format, delimiter: delimiter, choice: choice, settings)
            Diagnostics.printWarnings(table.warnings, source: source.name, limit: maxWarnings)
            return (table, source.name)
        } catch {
            Diagnostics.fail(error.description)
        }
    }

    /// Every SOURCE, loaded in turn and joined on time (one weather SOURCE alone is its table);
    /// a weather history covers --from to --to, else the other tables' days.
    private func loadJoined() -> (table: SeriesTable, name: String) {
        let parts = loadParts()
        if parts.count == 1 { return (parts[0].table, sources[0]) }
        let join = SeriesJoin(parts)
        if let granularity = join.granularity, !join.aggregated.isEmpty {
            let names = join.aggregated.map { "'\(TerminalSafeText.singleLine($0))'" }.joined(separator: ", ")
            Diagnostics.note("joined by \(granularity.rawValue): \(names) summed (counts) and averaged (measures) to \(granularity.rawValue)s")
        }
        return (join.table, parts.map(\.name).joined(separator: " + "))
    }

    /// Every SOURCE's table, named, in order; on failure prints one line and exits non-zero.
    public func loadParts() -> [SeriesJoin.Part] {
        do {
            var loaded: [SeriesJoin.Part?] = []
            var weather: [(index: Int, source: WeatherHistorySource)] = []
            for (index, argument) in sources.enumerated() {
                if WeatherHistorySource.isWeather(argument) {
                    weather.append((index, try WeatherHistorySource(argument: argument)))
                    loaded.append(nil)
                    continue
                }
                let source = try DataSource(argument: argument)
                let table = try WebSources.table(source, format: format, delimiter: delimiter, choice: choice, settings)
                Diagnostics.printWarnings(table.warnings, source: source.name, limit: maxWarnings)
                loaded.append(SeriesJoin.Part(name: Self.partName(index, sources: sources, names: names), table: table.replacingWarnings([])))
            }
            let tables = loaded.compactMap { $0?.table }.filter { !$0.isEmpty }
            let first = from.flatMap(LocalDateTimeParser.parse) ?? tables.compactMap(\.times.first).min()
            let last = to.flatMap(LocalDateTimeParser.parse) ?? tables.compactMap(\.times.last).max()
            for (index, source) in weather {
                guard let first, let last else {
                    throw LoadError(source: sources[index], "a weather history needs days: give --from and --to, or a table to join it with")
                }
                let endpointURL = try endpoint.map { (endpoint) throws(LoadError) in try SourceLocator.webAddress(endpoint) }
                let request = try WeatherHistoryRequest(coordinates: source.coordinates, first: first, last: last, endpoint: endpointURL)
                let table = try WebSources.weatherHistory(request, hourly: source.hourly, settings)
                Diagnostics.printWarnings(table.warnings, source: request.name, limit: maxWarnings)
                loaded[index] = SeriesJoin.Part(name: Self.partName(index, sources: sources, names: names), table: table.replacingWarnings([]))
            }
            return loaded.compactMap { $0 }
        } catch let error as LoadError {
            Diagnostics.fail(error.description)
        } catch let error as Coordinates.Invalid {
            Diagnostics.fail(error.message)
        } catch {
            Diagnostics.fail("\(error)")
        }
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
        guard source != nil else { return 0..<table.rowCount }
        return table.rows(from: from.flatMap(LocalDateTimeParser.parse), through: to.flatMap(LocalDateTimeParser.parse))
    }

    /// What to load: the SOURCE, a Socrata query, or the built-in April.
    public func dataSource() throws(LoadError) -> DataSource {
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
