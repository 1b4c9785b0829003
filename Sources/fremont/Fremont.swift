import ArgumentParser
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
}
