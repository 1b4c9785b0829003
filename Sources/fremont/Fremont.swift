import ArgumentParser
import Foundation
import FremontBrowser
import FremontCore

@main
struct Fremont: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fremont",
        abstract: "A terminal browser for open-data tables, news feeds and forecasts.",
        discussion: """
            With no arguments it opens the browser on built-in data (the Fremont Bridge's \
            hourly counts for April 2016, a forecast) and the feeds you follow; ? lists its keys.

            EXAMPLES:
              fremont table counts.csv --from 2016-04-10 --to 2016-04-12
              fremont stats counts.csv --by month --format csv
              fremont feeds add https://lwn.net/headlines/rss
              fremont feeds reload && fremont query 'unread = "yes"' --format json
              fremont feed https://example.org/feed.xml --format text
              fremont import newsboat      (its urls, config and read marks)
              fremont weather forecast.json

            FILES:
              ~/.config/fremont/config    settings, newsboat's names ($XDG_CONFIG_HOME)
              ~/.config/fremont/feeds     the feeds followed, newsboat's urls format
              ~/.cache/fremont/           items, read marks, stars ($XDG_CACHE_HOME)

            ENVIRONMENT:
              NO_COLOR                    no colours
              TERM, COLORFGBG             the terminal's colours and background
              BROWSER, VISUAL, EDITOR     where links and the feeds file open
              XDG_CONFIG_HOME, XDG_CACHE_HOME, XDG_DATA_HOME, HOME
              LANG, LC_ALL                not UTF-8: marks drawn in ASCII

            Completions: fremont --generate-completion-script bash|zsh|fish. \
            Exit status: 0 done, 1 failed, 64 a usage error.
            """,
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
