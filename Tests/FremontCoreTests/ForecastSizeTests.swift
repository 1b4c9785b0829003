import Foundation
import Testing
@testable import FremontCore

/// A forecast's points are bounded: each takes some 400 bytes however little of the response it
/// is (`{}`, a bare time), so a response within the 16 MB cap once took gigabytes. Past
/// `ForecastReader.maximumPoints` a block is an error naming it, before its points are made.
@Suite struct ForecastSizeTests {
    private func error(_ json: String) -> LoadError? {
        do throws(LoadError) {
            _ = try ForecastReader.parse(Array(json.utf8), name: "big.json")
            return nil
        } catch {
            return error
        }
    }

    static let limit = ForecastReader.maximumPoints

    @Test func darkSkyBlocksAndAlertsStopAtTheLimit() throws {
        let points = { (count: Int) in Array(repeating: "{}", count: count).joined(separator: ",") }
        let atLimit = try ForecastReader.parse(Array("{\"hourly\":{\"data\":[\(points(Self.limit))]}}".utf8), name: "ok.json")
        #expect(atLimit.hourly?.data.count == Self.limit)
        let over = error("{\"latitude\":1,\n\"hourly\":{\"data\":[\(points(Self.limit + 1))]}}")
        #expect(over?.message == "unreadable value at hourly.data: 10,001 entries; a forecast has at most 10,000 here (not a forecast response?)")
        #expect(over?.location?.line == 2)
        let alerts = error("{\"alerts\":[\(points(Self.limit + 1))]}")
        #expect(alerts?.message == "unreadable value at alerts: 10,001 entries; a forecast has at most 10,000 here (not a forecast response?)")
    }

    /// Every column, not only `time`: each is refused before its values are decoded.
    @Test func openMeteoColumnsStopAtTheLimit() throws {
        let times = { (count: Int) in
            (0..<count).map { "\"\(LocalDateTime(uncheckedYear: 2025, month: 1, day: 1, hour: 0, minute: 0, second: 0).addingHours($0).isoString)\"" }
                .joined(separator: ",")
        }
        let shape = { (block: String, count: Int) in
            "{\"utc_offset_seconds\":0,\"timezone\":\"UTC\",\n\"\(block)\":{\"time\":[\(times(count))]}}"
        }
        let atLimit = try ForecastReader.parse(Array(shape("hourly", Self.limit).utf8), name: "ok.json", format: .openMeteo)
        #expect(atLimit.hourly?.data.count == Self.limit)
        for block in ["hourly", "daily"] {
            let over = error(shape(block, Self.limit + 1))
            #expect(over?.message == "unreadable value at \(block).time: 10,001 entries; a forecast has at most 10,000 here (not a forecast response?)")
            #expect(over?.location?.line == 2)
        }
        let values = Array(repeating: "1", count: Self.limit + 1).joined(separator: ",")
        let column = error("{\"utc_offset_seconds\":0,\"hourly\":{\"time\":[\"2025-01-01T00:00\"],\"temperature_2m\":[\(values)]}}")
        #expect(column?.message == "unreadable value at hourly.temperature_2m: 10,001 entries; a forecast has at most 10,000 here (not a forecast response?)")
    }
}
