import Foundation
import Testing
@testable import FremontCore

/// Replays the fuzzers' committed corpora (Tests/Fuzz/Corpus) through the parsers in the normal
/// test run, with the same invariants the fuzz targets check: what the fuzzers explored stays
/// crash-free without anyone rebuilding them.
@Suite struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Corpus")

    static func inputs(_ target: String) -> [Data] {
        let folder = corpus.appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { try? Data(contentsOf: folder.appendingPathComponent($0)) }
    }

    @Test(arguments: [("bike-xml", TableFormat.xml), ("bike-csv", .csv), ("bike-json", .json)])
    func bikeInputsReadTheSameInAnyChunkSize(target: String, format: TableFormat) throws {
        let inputs = Self.inputs(target)
        #expect(!inputs.isEmpty, "no corpus for \(target)")
        for data in inputs {
            let whole = try? SeriesLoader.load(.bytes(data, name: "corpus"), format: format)
            let chunked = try? SeriesLoader.load(.bytes(data, name: "corpus"), format: format, chunkSize: Int(data.last ?? 0) % 16 + 1)
            #expect(whole?.rows == chunked?.rows)
        }
    }

    @Test func feedInputsGiveSafeTextAndValidJSON() throws {
        let inputs = Self.inputs("feed")
        #expect(!inputs.isEmpty)
        for data in inputs {
            guard let result = try? FeedParser.parse(.bytes(data, name: "corpus")) else { continue }
            var text = ""
            FeedExport.text(result.feed) { text += $0 }
            #expect(!text.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) && $0 != "\n" && $0 != "\t" })
            var json = ""
            FeedExport.json(result.feed) { json += $0 }
            #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil)
        }
    }

    @Test func dateInputsReadBackWhatIsWritten() {
        let inputs = Self.inputs("dates")
        #expect(!inputs.isEmpty)
        for data in inputs {
            let text = String(decoding: data, as: UTF8.self)
            _ = LocalDateTimeParser.parse(text)
            guard let date = InternetDate.parse(text), case let written = InternetDate.format(date), written.first?.isNumber == true else { continue }
            #expect(InternetDate.parse(written).map(InternetDate.format) == written)
        }
    }

    @Test func htmlInputsRenderSafely() {
        let inputs = Self.inputs("html-text")
        #expect(!inputs.isEmpty)
        for data in inputs {
            let rendered = HTMLText.render(String(decoding: data, as: UTF8.self))
            #expect(!rendered.text.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) && $0 != "\n" && $0 != "\t" })
        }
    }

    @Test func forecastInputsDecodeOrFail() {
        let inputs = Self.inputs("forecast")
        #expect(!inputs.isEmpty)
        for data in inputs {
            _ = try? ForecastReader.parse([UInt8](data), name: "corpus")
        }
    }
}
