import ArgumentParser
import Foundation
import FremontCore
import FremontSources

/// The options every bike command shares: where the data is and how to read it.
struct BikeSourceOptions: ParsableArguments {
    @Argument(help: "A bike-count file or http(s) URL (XML, CSV or JSON, told apart by content), or - for standard input. Without one (and without --month or --from), the April 2016 counts built into fremont.")
    var source: String?

    @Option(help: "Ask the Socrata API for this month's counts, like 2016-04.")
    var month: String?

    @Option(help: "Ask the Socrata API for the counts from this day (like 2016-04-01); give --to too.")
    var from: String?

    @Option(help: "The last day (like 2016-04-07) for --from; it is included.")
    var to: String?

    @Option(help: "The Socrata dataset to ask with --month or --from; its .json, .xml or .csv picks the format. Default: the config file's endpoint, else Seattle's Fremont Bridge counts.")
    var endpoint: String?

    @Option(name: .customLong("page-size"), help: "Rows per Socrata request; pages follow until one comes back short.")
    var pageSize = SocrataQuery.defaultPageSize

    @OptionGroup var network: NetworkOptions

    @Option(name: .customLong("input-format"), help: "Read the source as this format instead of detecting it: xml, csv or json.")
    var inputFormat: BikeDataFormat?

    @Option(help: "The CSV delimiter, instead of detecting it: ',', ';', '|' or 'tab'.")
    var delimiter: Delimiter?

    @Option(name: .customLong("max-warnings"), help: "How many warnings to print on stderr (the rest are counted).")
    var maxWarnings = 20

    func validate() throws {
        let asksAPI = month != nil || from != nil || to != nil
        if asksAPI, source != nil { throw ValidationError("Give either a SOURCE or --month/--from, not both.") }
        if month != nil, from != nil || to != nil { throw ValidationError("Give either --month or --from and --to, not both.") }
        if (from == nil) != (to == nil) { throw ValidationError("--from and --to go together.") }
        if !(1...50_000).contains(pageSize) { throw ValidationError("--page-size must be from 1 to 50000 (the API's most), not \(pageSize).") }
        if !(0...1_000_000).contains(maxWarnings) { throw ValidationError("--max-warnings must be from 0 to 1000000, not \(maxWarnings).") }
    }

    /// Loads the counts, printing warnings to stderr; on failure prints one line and exits non-zero.
    /// Pass the source when the caller has it already (working it out reads the config file).
    func load(_ known: DataSource? = nil) throws -> (counts: BikeCounts, name: String) {
        do {
            let source: DataSource
            if let known { source = known } else { source = try dataSource() }
            let counts = try WebSources.bikes(source, format: inputFormat, delimiter: delimiter?.byte, network.settings)
            Diagnostics.printWarnings(counts.warnings, source: source.name, limit: maxWarnings)
            return (counts, source.name)
        } catch {
            Diagnostics.fail(error.description)
        }
    }

    /// What to load: the SOURCE, a Socrata query, or the built-in April.
    func dataSource() throws(ParseError) -> DataSource {
        if let month {
            return .socrata(try SocrataQuery.month(month, endpoint: try endpointURL(), pageSize: pageSize))
        }
        if let from, let to {
            return .socrata(try SocrataQuery.days(from: from, to: to, endpoint: try endpointURL(), pageSize: pageSize))
        }
        guard let source else { return .input(EmbeddedData.aprilBikes()) }
        return try DataSource(argument: source)
    }

    private func endpointURL() throws(ParseError) -> URL {
        guard let endpoint else { return try ConfigFile.endpoint() }
        guard case .url(let url) = try SourceLocator(endpoint) else {
            throw ParseError(source: endpoint, "the endpoint must be an http or https address")
        }
        return url
    }
}

extension BikeDataFormat: ExpressibleByArgument {}

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
