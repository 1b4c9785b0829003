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

    static func resource(_ name: String, _ ext: String, label: String) throws -> InputSource {
        guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Embedded") else {
            Diagnostics.fail("the built-in data \(name).\(ext) is missing from this build")
        }
        return InputSource(origin: .file(path: url.path), name: label)
    }
}
