import Foundation
import FremontCore

/// Dates/s for `InternetDate.parse` over a mix of the forms real feeds use (RFC 822 with and
/// without seconds, named zones and offsets; RFC 3339 with offsets and fractions; date only;
/// asctime). Target: at least 2 million a second in a release build.
func runDateBenchmark() {
    let samples = [
        "Tue, 04 Sep 2018 18:48 EDT", "Sat, 08 Jan 2022 12:16 EST", "Fri, 13 Apr 2001 19:23:02 GMT",
        "Fri, 15 Mar 2019 02:18:06 +0200", "Thu, 02 Feb 2023 22:28:21 -0000", "Wed, 02 Nov 2011 12:34:07 +0000",
        "2012-02-04T13:54:53-08:00", "2019-07-09T23:59:57Z", "2023-01-25T19:03:02+01:00", "2022-12-17",
        "2018-09-04T22:48:00.123+02:00", "Sun Nov  6 08:49:37 1994", "Sunday, 06-Nov-94 08:49:37 GMT",
        "Thu, 13 Aug 2020 10:06:56 -0300", "2022-12-20T23:28:24+00:00", "Mon, 27 Dec 2021 15:10 EST",
    ]
    // Distinct String objects, as a feed parser would hand over, not one literal repeated.
    var texts: [String] = []
    for _ in 0..<1_000 {
        for sample in samples { texts.append(String(decoding: Array(sample.utf8), as: UTF8.self)) }
    }

    var parsed = 0
    var checksum = 0.0
    let rounds = 200
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        for _ in 0..<rounds {
            for text in texts {
                if let date = InternetDate.parse(text) {
                    parsed += 1
                    checksum += date.timeIntervalSince1970
                }
            }
        }
    }
    let total = rounds * texts.count
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let rate = Double(total) / seconds
    print(String(format: "dates: %d parsed of %d in %.3f s: %.2f million dates/s (%.0f ns each)",
                 parsed, total, seconds, rate / 1e6, 1e9 / rate))
    if parsed != total { print("dates: \(total - parsed) unreadable (checksum \(checksum))") }
    printFormatterBaseline(samples)
}

/// For scale: one `DateFormatter` per format, tried in turn, as readers often do.
private func printFormatterBaseline(_ samples: [String]) {
    let formats = ["EEE, dd MMM yyyy HH:mm:ss Z", "EEE, dd MMM yyyy HH:mm zzz", "EEE, dd MMM yyyy HH:mm:ss zzz",
                   "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy-MM-dd", "EEE MMM d HH:mm:ss yyyy"]
    let formatters = formats.map { format -> DateFormatter in
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter
    }
    var parsed = 0
    let rounds = 200
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        for _ in 0..<rounds {
            for text in samples where formatters.contains(where: { $0.date(from: text) != nil }) { parsed += 1 }
        }
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let total = rounds * samples.count
    print(String(format: "dates: DateFormatter chain baseline: %d of %d read, %.0f dates/s (%.1f µs each)",
                 parsed, total, Double(total) / seconds, seconds / Double(total) * 1e6))
}
