import ArgumentParser
import Foundation
import FremontArticle
import FremontBrowser
import FremontCore
import FremontSources

/// `fremont article URL|FILE [--format text|json]`: a page's main text and what it says about
/// itself (title, byline, site, date, excerpt), extracted the Readability way.
struct ArticleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "article",
        abstract: "Print a web page's article: its title, byline, site name, date, excerpt and main text."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "An http(s) URL, an HTML file, or - for standard input.")
    var source: String

    @OptionGroup var network: NetworkOptions

    @Option(help: "Print in this format: text (for a person) or json.")
    var format: Format = .text

    func run() throws {
        let input: DataSource
        let page: (data: Data, base: URL?)
        let article: Article
        do {
            input = try DataSource(argument: source)
            page = try WebSources.page(input, network.settings, limit: HTMLDocument.maxBytes)
            article = try ArticleReader.read(page.data, name: input.name, url: page.base)
        } catch {
            Diagnostics.fail(error.description)
        }
        var output = StandardOutput()
        switch format {
        case .text: ArticleExport.text(article) { output.write($0) }
        case .json: ArticleExport.json(article, source: input.name) { output.write($0) }
        }
        output.flush()
        // The page is read, but it holds no article: scripts learn it from the status too.
        if let reason = article.notArticle {
            Diagnostics.error("\(input.name): \(reason)")
            throw ExitCode(2)
        }
    }
}
