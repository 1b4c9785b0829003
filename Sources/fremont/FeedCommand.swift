import ArgumentParser
import Foundation
import FremontCore

struct FeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Read an RSS or Atom feed (broken ones too, with warnings) and print its items."
    )

    @Argument(help: "A feed file (RSS 0.90-2.0 or Atom), or - for standard input.")
    var source: String

    @Option(help: "Output: text (for a person) or json.")
    var format: FeedExport.Format = .text

    @Option(name: .customLong("max-warnings"), help: "How many warnings to print on stderr (the rest are counted).")
    var maxWarnings = 20

    func run() throws {
        if source.hasPrefix("http://") || source.hasPrefix("https://") {
            Diagnostics.fail("\(source): loading from URLs is not supported yet; download the feed and pass its path")
        }
        let input: InputSource = source == "-" ? .standardInput : .file(source)
        let result: FeedParseResult
        do {
            result = try FeedParser.parse(input)
        } catch {
            Diagnostics.fail(error.description)
        }
        Diagnostics.printWarnings(result.warnings, source: input.name, limit: maxWarnings)
        var output = StandardOutput()
        FeedExport.write(result.feed, as: format) { output.write($0) }
        output.flush()
    }
}

extension FeedExport.Format: ExpressibleByArgument {}
