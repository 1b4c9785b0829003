import Foundation

/// The shapes of forecast response fremont reads.
public enum ForecastFormat: String, Sendable, Hashable, CaseIterable {
    /// Dark Sky's: `currently`, and blocks of points under `data`, times in Unix seconds. Pirate
    /// Weather answers in it too.
    case darkSky = "dark-sky"
    /// Open-Meteo's: `current`, and `hourly` / `daily` as columns of values beside a `time`
    /// column of local times.
    case openMeteo = "open-meteo"

    /// Keys only Open-Meteo puts at the top level; it always sends the first two.
    private static let openMeteoKeys: Set<[UInt8]> = Set(
        ["generationtime_ms", "utc_offset_seconds", "current_units", "hourly_units", "daily_units", "current"].map { Array($0.utf8) })
    /// Keys only Dark Sky's shape has: seeing one first settles it without reading further.
    private static let darkSkyKeys: Set<[UInt8]> = Set(["currently", "minutely", "flags", "offset", "alerts"].map { Array($0.utf8) })

    /// Which shape a response has, from its top-level keys (a saved file, the cache's copy).
    /// Anything else, JSON that is broken included, is taken for Dark Sky's, whose reader then
    /// says what is wrong with it.
    public static func detect(_ bytes: [UInt8]) -> ForecastFormat {
        do {
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(bytes.dropFirst(3)) : Data(bytes)
            let scanner = JSONScanner(try InputSource.bytes(body, name: "").open())
            try scanner.expect(UInt8(ascii: "{"), "an object")
            if try scanner.consume(UInt8(ascii: "}")) { return .darkSky }
            repeat {
                try scanner.readString()
                if openMeteoKeys.contains(scanner.stringBytes) { return .openMeteo }
                if darkSkyKeys.contains(scanner.stringBytes) { return .darkSky }
                try scanner.expect(UInt8(ascii: ":"), "':'")
                try scanner.skipValue()
            } while try scanner.consume(UInt8(ascii: ","))
        } catch {
            return .darkSky
        }
        return .darkSky
    }
}
