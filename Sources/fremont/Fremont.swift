import ArgumentParser
import Foundation
import FremontBrowser
import FremontCore

@main
struct Fremont: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fremont",
        abstract: "A terminal browser for open-data tables, news feeds and forecasts.",
        version: "fremont 0.5 (2026-11)",
        subcommands: [TableCommand.self, StatsCommand.self, FeedCommand.self, FeedsCommand.self, SyncCommand.self, SearchCommand.self,
                      ArticleCommand.self, QueryCommand.self, WeatherCommand.self, ImportCommand.self, DownloadCommand.self, ModelCommand.self],
        defaultSubcommand: TableCommand.self
    )

    /// A mistyped command says so and what was meant (exit 64, as a usage error), before anything
    /// reads it as a file to open.
    static func main() {
        if let suggestion = CommandSuggestion.check(Array(CommandLine.arguments.dropFirst())) {
            FileHandle.standardError.write(Data((suggestion + "\n").utf8))
            Foundation.exit(64)
        }
        main(nil)
    }
}
