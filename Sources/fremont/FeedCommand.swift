import ArgumentParser
import Foundation
import FremontCore
import FremontSources
import FremontBrowser

/// `fremont feed SOURCE… [--format text|json]`: on a terminal, the browser's Feeds tab with every
/// feed merged; otherwise (or with `--format`, or `-`) the feeds printed one after another.
struct FeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Browse RSS and Atom feeds (broken ones too, with warnings), or print their items."
    )

    @Argument(help: "Feed files or http(s) URLs (RSS 0.90-2.0 or Atom), or - for standard input. Without any, the feeds you follow (see 'fremont feeds').")
    var sources: [String] = []

    @OptionGroup var network: NetworkOptions

    @Option(help: "Print in this format, text (for a person) or json, instead of opening the browser. Without a terminal, text is printed. Several feeds in json make an array.")
    var format: FeedExport.Format?

    @Option(name: .customLong("max-warnings"), help: "How many warnings to print on stderr per feed (the rest are counted).")
    var maxWarnings = 20

    @Flag(name: .shortAndLong, help: "Print no warnings about the feeds (errors still go to stderr).")
    var quiet = false

    func validate() throws {
        if sources.filter({ $0 == "-" }).count > 1 { throw ValidationError("Standard input (-) can be read only once.") }
        if !(0...1_000_000).contains(maxWarnings) { throw ValidationError("--max-warnings must be from 0 to 1000000, not \(maxWarnings).") }
    }

    func run() throws {
        // Without a source, the feeds you follow: the list is read once, for both uses.
        let list = self.sources.isEmpty ? try followedList() : nil
        let sources = list.map { $0.entries.map(\.url) } ?? self.sources
        let inputs: [DataSource]
        do {
            inputs = try sources.map { (source) throws(LoadError) in try DataSource(argument: source) }
        } catch {
            Diagnostics.fail(error.description)
        }
        // Standard input is the terminal the browser reads keys from, so `-` always prints.
        // The browser reads the web live; --offline reads the cache, so it prints.
        if format == nil, !inputs.contains(where: \.readsStandardInput), Browser.isAvailable {
            // Feeds named here open straight on their items; the feeds you follow, on their list.
            // (With a sync service's feeds beside the list's own.)
            let followed = list.flatMap { BrowserSources.followed(in: $0) }
            var sources = BrowserSources(feeds: followed?.sources ?? inputs, followed: followed?.feeds,
                                         feedListWarnings: list?.warnings ?? [], config: ConfigFile.quiet)
            // Feeds named here and not followed are only viewed: out of All items until followed.
            if followed == nil { sources.viewedOnly = BrowserSources.notFollowed(inputs, in: (try? FeedList.load()) ?? nil) }
            Browser.run(opening: .feeds, sources: sources, settings: network.settings)
        }
        var output = StandardOutput()
        var failed = false
        // Printed, an address not followed is only viewed too: kept, out of All items until followed.
        let viewedOnly = list == nil ? BrowserSources.notFollowed(inputs, in: (try? FeedList.load()) ?? nil) : []
        FeedExport.writeEach(inputs, as: format ?? .text) { input in
            do throws(LoadError) {
                let result = try WebSources.feed(input, network.settings).result
                if case .url = input, viewedOnly.contains(input.name) { try? WebSources.cache.markViewedOnly([BrowserSources.cacheKey(input)]) }
                if !quiet { Diagnostics.printWarnings(result.warnings, source: input.name, limit: maxWarnings) }
                return result.feed
            } catch {
                // One broken feed does not cost the others; the exit status says something failed.
                output.flush()
                Diagnostics.error(error.description)
                failed = true
                return nil
            }
        } emit: { output.write($0) }
        output.flush()
        if failed { throw ExitCode(1) }
    }

    /// The feed list, when no source is given; an empty one is a usage error.
    private func followedList() throws -> FeedList {
        let list: FeedList?
        do {
            list = try FeedList.load()
        } catch {
            Diagnostics.fail(error.description)
        }
        guard let list, !list.entries.isEmpty else {
            throw ValidationError("Give at least one feed file (or - for standard input), or follow feeds with 'fremont feeds add URL'.")
        }
        return list
    }
}

extension FeedExport.Format: ExpressibleByArgument {}
