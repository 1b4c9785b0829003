import CEmbedded
import Foundation
import FremontCore

/// Data built into the binary, so fremont works offline on a fresh machine.
public enum EmbeddedData {
    public static func aprilBikes() -> InputSource {
        resource("fremont-2016-04", "xml", label: aprilBikesName)
    }

    static let aprilBikesName = "April 2016 Fremont Bridge counts (built in)"

    /// The Dark Sky response for San Francisco made on the evening of 14 March 2019, local time.
    public static func sanFranciscoForecast() -> InputSource {
        resource("forecast-sanfrancisco-2019-03-14", "json", label: "San Francisco forecast, 14 March 2019 (built in)")
    }

    /// Real feeds of four kinds (RSS 2.0, an RSS 2.0 podcast, RSS 1.0, Atom), copied from
    /// `../shared/data/feeds/real`, for the Feeds tab.
    public static func feeds() -> [InputSource] {
        [
            resource("nasa__breaking_news_2018-09-05", "rss"),
            resource("feed-rs__rss_2.0_nightvale", "xml"),
            resource("feed-rs__rss_1.0_debian", "xml"),
            resource("node-feedparser__intertwingly", "atom"),
        ]
    }

    /// A file built into the binary (`CEmbedded`), read as bytes: nothing to find beside it. A
    /// missing one is a broken build: one line and exit, not an error to handle.
    public static func resource(_ name: String, _ ext: String, label: String? = nil) -> InputSource {
        let file = "\(name).\(ext)"
        for index in 0..<fremont_embedded_count() {
            guard let entry = fremont_embedded_file_at(index)?.pointee, String(cString: entry.name) == file,
                  let start = entry.start, let end = entry.end else { continue }
            let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: start.distance(to: end), deallocator: .none)
            return .bytes(data, name: label ?? "\(file) (built in)")
        }
        Diagnostics.fail("the built-in data \(file) is missing from this build")
    }
}
