import ArgumentParser
import FremontBrowser

/// `fremont feeds …`: the list of feeds you follow, a plain file in newsboat's `urls` format at
/// `$XDG_CONFIG_HOME/fremont/feeds`.
struct FeedsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feeds",
        abstract: "Manage the feeds you follow: add, remove, list, import and export OPML.",
        discussion: """
            The list is a plain file, $XDG_CONFIG_HOME/fremont/feeds (by default ~/.config/fremont/feeds), \
            in newsboat's urls format: one address a line, then tags, and "~Title" for a title of your own; \
            lines starting with # are comments. Edit it by hand as you like: fremont keeps comments and order.
            """,
        subcommands: [FeedsListCommand.self, FeedsAddCommand.self, FeedsRemoveCommand.self, FeedsReloadCommand.self,
                      FeedsImportCommand.self, FeedsExportCommand.self],
        defaultSubcommand: FeedsListCommand.self
    )
}
