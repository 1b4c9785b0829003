import Foundation
import FremontArticle
import FremontTestSupport
import Testing

/// Mozilla Readability's own test pages (../shared/data/articles/readability): Fremont's article
/// text against the article Readability extracts, word by word, page by page.
@Suite(.needsSharedData) struct ReadabilityCorpusTests {
    static let folder = SharedData.root.appendingPathComponent("articles/readability")
    /// Readability's tests read each page as served from here.
    static let pageURL = URL(string: "http://fakehost/test/page.html")!

    struct PageResult: Sendable {
        var name: String
        var agreement: WordAgreement
        /// The whole page's text against the expected article: what extracting nothing scores.
        var wholePage: WordAgreement
        /// Which of title, byline and excerpt equal Readability's (white space aside), of those it states.
        var metadataMatches: [String: Bool]
    }

    static func pages() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/source.html").path) }
            .sorted()
    }

    static func compare(_ page: String) throws -> PageResult {
        let directory = folder.appendingPathComponent(page)
        let source = try Data(contentsOf: directory.appendingPathComponent("source.html"))
        let expected = try Data(contentsOf: directory.appendingPathComponent("expected.html"))
        let article = try ArticleReader.read(source, name: page, url: pageURL)
        let expectedText = try HTMLDocument.parse(expected, name: page).root.readableText
        let wholePage = try HTMLDocument.parse(source, name: page).root.firstElement(named: "body")?.readableText ?? ""
        let metadata = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("expected-metadata.json"))) as? [String: Any] ?? [:]
        var matches: [String: Bool] = [:]
        let found = ["title": article.metadata.title, "byline": article.metadata.byline, "excerpt": article.metadata.excerpt]
        for (key, value) in found {
            guard let wanted = metadata[key] as? String, !wanted.isEmpty else { continue }
            matches[key] = normalized(wanted) == normalized(value ?? "")
        }
        return PageResult(name: page, agreement: WordAgreement(found: article.plainText, expected: expectedText),
                          wholePage: WordAgreement(found: wholePage, expected: expectedText), metadataMatches: matches)
    }

    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func atLeastNinetyPercentOfPagesAgreeOnNinetyPercentOfTheirWords() async throws {
        let pages = try Self.pages()
        #expect(pages.count == 100)
        let results = try await offPool { try pages.map(Self.compare) }
        let agreeing = results.filter { $0.agreement.score >= 0.9 }
        let share = Double(agreeing.count) / Double(results.count)
        for result in results where result.agreement.score < 0.9 {
            print(String(format: "article agreement %@: %.3f (precision %.3f, recall %.3f)", result.name,
                         result.agreement.score, result.agreement.precision, result.agreement.recall))
        }
        print(String(format: "article agreement: %d of %d pages ≥ 0.9 (%.0f %%); mean %.3f; the whole page's text instead: %d pages",
                     agreeing.count, results.count, share * 100, results.map(\.agreement.score).reduce(0, +) / Double(results.count),
                     results.filter { $0.wholePage.score >= 0.9 }.count))
        for key in ["title", "byline", "excerpt"] {
            let stated = results.compactMap { $0.metadataMatches[key] }
            print("article metadata \(key): \(stated.filter { $0 }.count) of \(stated.count) pages equal Readability's")
        }
        #expect(share >= 0.9)
    }
}
