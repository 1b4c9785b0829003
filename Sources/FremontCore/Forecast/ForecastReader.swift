import Foundation

/// Reads a forecast response from a source: Dark Sky's shape (Dark Sky itself, Pirate Weather)
/// or Open-Meteo's, told apart by content unless the caller knows which it asked for. What is not
/// a forecast (an HTML error page, XML, broken or cut-off JSON, a value of the wrong type) is a
/// `LoadError` that names the source and, when it can be found, the line and column.
public enum ForecastReader {
    /// Real responses are under 100 KB; a larger input is not a forecast, and JSON is decoded
    /// in memory, so the cap keeps a wrong file from exhausting it.
    public static let defaultMaximumSize = 16 * 1024 * 1024
    /// Points in a block (and alerts) at most: over a year of hours, where real responses have a
    /// few hundred. A point takes some 400 bytes however few its JSON has (`{}`, a bare time),
    /// so without this a response within the size cap could take gigabytes.
    public static let maximumPoints = 10_000

    public static func read(_ source: InputSource, format: ForecastFormat? = nil,
                            maximumSize: Int = defaultMaximumSize) throws(LoadError) -> Forecast {
        try parse(readBytes(source, maximumSize: maximumSize), name: source.name, format: format)
    }

    /// The whole response, up to the cap (JSON is decoded in memory; the cache keeps it as received).
    public static func readBytes(_ source: InputSource, maximumSize: Int = defaultMaximumSize) throws(LoadError) -> [UInt8] {
        let reader = try source.open()
        var bytes: [UInt8] = []
        try reader.forEachChunk { (chunk) throws(LoadError) in
            guard bytes.count + chunk.count <= maximumSize else {
                throw LoadError(source: source.name, kind: .tooLarge,
                                 "larger than the \(maximumSize / (1024 * 1024)) MB limit for a forecast; not a forecast response?")
            }
            bytes.append(contentsOf: chunk)
        }
        return bytes
    }

    /// `format` nil: the shape the bytes have (`ForecastFormat.detect`).
    public static func parse(_ bytes: [UInt8], name: String, format: ForecastFormat? = nil) throws(LoadError) -> Forecast {
        switch format ?? ForecastFormat.detect(bytes) {
        case .darkSky: return try ForecastJSON.decode(Forecast.self, from: bytes, name: name)
        case .openMeteo: return try OpenMeteoReader.parse(bytes, name: name)
        }
    }
}
