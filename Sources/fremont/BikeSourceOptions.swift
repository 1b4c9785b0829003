import ArgumentParser
import Foundation
import FremontCore

/// The options every bike command shares: where the data is and how to read it.
struct BikeSourceOptions: ParsableArguments {
    @Argument(help: "A bike-count file (XML, CSV or JSON, told apart by content), an http or https address, or - for standard input. Without one, the April 2016 counts built into fremont.")
    var source: String?

    @Flag(help: "Read an address from the cache alone, never the network, and say how old the data is.")
    var offline = false

    @Option(name: .customLong("input-format"), help: "Read the source as this format instead of detecting it: xml, csv or json.")
    var inputFormat: BikeDataFormat?

    @Option(help: "The CSV delimiter, instead of detecting it: ',', ';', '|' or 'tab'.")
    var delimiter: Delimiter?

    @Option(name: .customLong("max-warnings"), help: "How many warnings to print on stderr (the rest are counted).")
    var maxWarnings = 20

    /// Loads the counts, printing warnings to stderr; on failure prints one line and exits non-zero.
    func load() throws -> (counts: BikeCounts, name: String) {
        if let source, let url = WebSources.url(source) {
            do {
                let counts = try WebSources.bikes(url, format: inputFormat, delimiter: delimiter?.byte, offline: offline)
                Diagnostics.printWarnings(counts.warnings, source: source, limit: maxWarnings)
                return (counts, source)
            } catch {
                Diagnostics.fail(error.description)
            }
        }
        let input = try inputSource()
        do {
            let counts = try BikeDataLoader.load(input, format: inputFormat, delimiter: delimiter?.byte)
            Diagnostics.printWarnings(counts.warnings, source: input.name, limit: maxWarnings)
            return (counts, input.name)
        } catch {
            Diagnostics.fail(error.description)
        }
    }

    /// Whether the source is a web address, which the printing path loads (through the cache).
    var isWebAddress: Bool { source.map { WebSources.url($0) != nil } ?? false }

    /// A file, standard input or the built-in counts (web addresses go through `load()`).
    func inputSource() throws -> InputSource {
        guard let source else { return try EmbeddedData.aprilBikes() }
        if source == "-" { return .standardInput }
        return .file(source)
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
