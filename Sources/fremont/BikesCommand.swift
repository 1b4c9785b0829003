import ArgumentParser
import FremontCore

struct BikesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bikes",
        abstract: "Print the hourly bike counts of a file as a table, CSV or JSON."
    )

    @OptionGroup var input: BikeSourceOptions

    @Option(help: "Output format: table, csv or json.")
    var format: BikeExport.Format = .table

    func run() throws {
        let (counts, _) = try input.load()
        var output = StandardOutput()
        BikeExport.write(counts.rows, as: format) { output.write($0) }
        output.flush()
    }
}

extension BikeExport.Format: ExpressibleByArgument {}
