import Foundation
import FremontArticle

/// Article extraction over Mozilla Readability's 100 test pages: parse (libxml2) and extract, per
/// page the fastest of `repetitions` runs; the median and worst page, and MB/s over the corpus.
enum ArticleBenchmark {
    static func run(dataDirectory: String, repetitions: Int) {
        let folder = URL(fileURLWithPath: dataDirectory).appendingPathComponent("articles/readability")
        let pages = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted().compactMap { name -> (String, Data)? in
            guard let data = try? Data(contentsOf: folder.appendingPathComponent("\(name)/source.html")) else { return nil }
            return (name, data)
        }
        guard !pages.isEmpty else {
            print("article: no pages in \(folder.path)")
            return
        }
        let url = URL(string: "http://fakehost/test/page.html")
        let clock = ContinuousClock()
        var times: [(String, Double)] = []
        for (name, data) in pages {
            var fastest = Double.infinity
            for _ in 0..<repetitions {
                let elapsed = clock.measure { _ = try? ArticleReader.read(data, name: name, url: url) }
                fastest = min(fastest, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            }
            times.append((name, fastest))
        }
        let sorted = times.sorted { $0.1 < $1.1 }
        let total = times.reduce(0) { $0 + $1.1 }
        let megabytes = Double(pages.reduce(0) { $0 + $1.1.count }) / 1_048_576
        let worst = sorted.last!
        print(String(format: "article: %d pages, %.1f MB: median %.1f ms a page, worst %.1f ms (%@), %.1f MB/s over the corpus",
                     pages.count, megabytes, sorted[sorted.count / 2].1 * 1000, worst.1 * 1000, worst.0, megabytes / total))
    }
}
