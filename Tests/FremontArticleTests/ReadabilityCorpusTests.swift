import Foundation
import FremontArticle
import FremontTestSupport
import Testing

/// Mozilla Readability's own test pages (../shared/data/articles/readability): Fremont's article
/// text against the article Readability extracts, word by word, page by page.
@Suite struct ReadabilityCorpusTests {
    static let folder = SharedData.root.appendingPathComponent("articles/readability")
    /// Readability's tests read each page as served from here.
    static let pageURL = URL(string: "http://fakehost/test/page.html")!

    struct PageResult: Sendable {
        var name: String
        var agreement: WordAgreement
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
        return PageResult(name: page, agreement: WordAgreement(found: article.plainText, expected: expectedText))
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
        print(String(format: "article agreement: %d of %d pages ≥ 0.9 (%.0f %%)", agreeing.count, results.count, share * 100))
        #expect(share >= 0.9)
    }
}
