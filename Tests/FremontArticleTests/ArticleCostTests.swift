import Foundation
import FremontArticle
import FremontCore
import FremontTestSupport
import Testing

/// The extractor's work follows the page, not the page times its depth: every measure of a
/// subtree (its text, links, blocks, counts) is kept with the node and worked out again only
/// where the tree changed. Each shape nests blocks `depth` deep, the hostile pages' trick.
@Suite(.serialized) struct ArticleCostTests {
    enum Shape: String, CaseIterable, Sendable {
        /// Divs in divs, a sentence with commas at every level.
        case divs
        /// Sections and tables in each other (the scored blocks, the data-table test).
        case tables
        /// Every level named like a share bar and a sidebar inside a table (the cleaning's paths).
        case named
        /// Links in links, phrasing in divs with blocks (the wrapping and the link density).
        case links
    }

    static func page(_ shape: Shape, depth: Int, blocks: Int = 24) -> Data {
        var html = "<html><head><title>A page</title></head><body>"
        for block in 0..<blocks {
            for level in 0..<depth {
                switch shape {
                case .divs: html += "<div>Level \(level), block \(block), with a comma, or two. "
                case .tables: html += level % 2 == 0 ? "<section><p>Row \(level), a cell, another.</p>" : "<table><tr><td>cell \(level), x"
                case .named: html += "<div class=\"share sidebar\" id=\"x\(level)\"><p>Text \(level), one, two, three.</p>"
                case .links: html += "<div><a href=\"#n\(level)\">link \(level)</a> words, words <p>para \(level), more.</p>"
                }
            }
            for level in (0..<depth).reversed() {
                switch shape {
                case .divs, .named, .links: html += "</div>"
                case .tables: html += level % 2 == 0 ? "</section>" : "</td></tr></table>"
                }
            }
        }
        return Data((html + "</body></html>").utf8)
    }

    @Test(arguments: Shape.allCases)
    func extractionGrowsWithThePageNotItsDepth(_ shape: Shape) throws {
        let growth = GrowthCheck.relativeGrowth(
            sizes: [24, 48, 96, 192], runs: 5, bound: 4,
            make: { Self.page(shape, depth: $0) },
            work: { data in _ = try? ArticleReader.read(data, name: "deep.html", url: nil) },
            reference: { Self.page(shape, depth: $0) },
            { data in _ = try? HTMLDocument.parse(data, name: "deep.html") })
        // Work of nodes × depth grows 8× from depth 24 to 192 per node; work of nodes stays near 1.
        #expect(growth < 4, "\(shape): the extraction's time per node grew \(growth)× from depth 24 to 192")
    }

    /// Asked to stop (Esc, a newer load), the extraction stops within a moment and says so.
    @Test func extractionStopsWhenAskedTo() throws {
        let data = Self.page(.divs, depth: 200, blocks: 200)
        let started = ContinuousClock.now
        let deadline = started + .milliseconds(30)
        #expect(throws: LoadError.self) {
            _ = try ArticleReader.read(data, name: "deep.html", url: nil, shouldStop: { ContinuousClock.now > deadline })
        }
        do {
            _ = try ArticleReader.read(data, name: "deep.html", url: nil, shouldStop: { ContinuousClock.now > deadline })
        } catch {
            #expect(error.kind == .cancelled)
        }
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    /// A page deeper than the parser reads, or with more nodes than are kept, says what was cut.
    @Test func aPageBeyondTheBoundsSaysWhatWasCut() throws {
        var deep = "<html><body><p>" + String(repeating: "An opening sentence, with words. ", count: 20) + "</p>"
        deep += String(repeating: "<div>", count: 1_000) + "deep text, very deep" + String(repeating: "</div>", count: 1_000)
        let article = try ArticleReader.read(Data((deep + "</body></html>").utf8), name: "deep.html", url: nil)
        #expect(article.notes.contains { $0.contains("nested deeper than") }, "\(article.notes)")
        var printed = ""
        ArticleExport.text(article) { printed += $0 }
        #expect(printed.contains("Note: the page is nested deeper than the parser reads"))
        var json = ""
        ArticleExport.json(article, source: "deep.html") { json += $0 }
        #expect(json.contains(#""notes":["the page is nested deeper"#))
    }

    /// A page in windows-1252 with a byte that charset does not define (0x81) reads to its end,
    /// the byte replaced and said (the article stopped there, saying nothing); other charsets too.
    @Test(arguments: [("windows-1252", [UInt8](Array("caf".utf8) + [0xE9])), ("iso-8859-1", [UInt8](Array("caf".utf8) + [0xE9])),
                      ("shift_jis", [UInt8]([0x82, 0xA0])), ("gb2312", [UInt8]([0xC4, 0xE3]))])
    func aLegacyPageWithAnUndefinedByteReadsToTheEnd(_ charset: String, _ word: [UInt8]) throws {
        let sentence = Array(String(repeating: "A long sentence of the article, with commas, to score it well. ", count: 8).utf8)
        var page = Array("<html><head><meta charset=\"\(charset)\"><title>T</title></head><body><p>".utf8)
        page += sentence + word + Array(" BEFORE".utf8) + (charset.hasPrefix("shift") || charset.hasPrefix("gb") ? [0xFF, 0xFF] : [0x81])
        page += Array(" AFTER ".utf8) + sentence + Array("</p><p>".utf8) + sentence + Array(" END-MARKER</p></body></html>".utf8)
        let article = try ArticleReader.read(Data(page), name: "legacy.html", url: nil)
        #expect(article.plainText.contains("AFTER") && article.plainText.contains("END-MARKER"), "\(charset): \(article.plainText.suffix(80))")
        if charset.contains("1252") || charset.contains("8859") { #expect(article.plainText.contains("café")) }
        #expect(article.notes.contains { $0.contains("not defined in") }, "\(article.notes)")
    }
}
