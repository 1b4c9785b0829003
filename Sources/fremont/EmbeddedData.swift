import Foundation
import FremontCore

/// Data built into the binary, so fremont works offline on a fresh machine.
enum EmbeddedData {
    static func aprilBikes() throws -> InputSource {
        try resource("fremont-2016-04", "xml", label: "April 2016 Fremont Bridge counts (built in)")
    }

    /// The Dark Sky response for San Francisco made on the evening of 14 March 2019, local time.
    static func sanFranciscoForecast() throws -> InputSource {
        try resource("forecast-sanfrancisco-2019-03-14", "json", label: "San Francisco forecast, 14 March 2019 (built in)")
    }

    /// Real feeds of four kinds (RSS 2.0, an RSS 2.0 podcast, RSS 1.0, Atom), copied from
    /// `../shared/data/feeds/real`, for the Feeds tab.
    static func feeds() throws -> [InputSource] {
        try [
            resource("nasa__breaking_news_2018-09-05", "rss", label: "nasa__breaking_news_2018-09-05.rss (built in)"),
            resource("feed-rs__rss_2.0_nightvale", "xml", label: "feed-rs__rss_2.0_nightvale.xml (built in)"),
            resource("feed-rs__rss_1.0_debian", "xml", label: "feed-rs__rss_1.0_debian.xml (built in)"),
            resource("node-feedparser__intertwingly", "atom", label: "node-feedparser__intertwingly.atom (built in)"),
        ]
    }

    static func resource(_ name: String, _ ext: String, label: String) throws -> InputSource {
        guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Embedded") else {
            Diagnostics.fail("the built-in data \(name).\(ext) is missing from this build")
        }
        return InputSource(origin: .file(path: url.path), name: label)
    }
}
