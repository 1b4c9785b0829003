import Foundation

/// Reads a response of Open-Meteo's archive (`/v1/archive`): `daily` and `hourly` objects each
/// holding a `time` column of local times and one column of numbers (or null) per variable, as
/// the forecast's are. Each becomes a table of series: temperatures are measures (averaged over
/// a period), precipitation a count (summed: a day's rain is its hours' rain added).
public enum WeatherArchiveReader {
    /// The daily and hourly variables a history asks for, in the order the tables hold them.
    public static let dailyVariables = ["temperature_2m_max", "temperature_2m_min", "precipitation_sum"]
    public static let hourlyVariables = ["temperature_2m", "precipitation"]

    public struct Tables: Sendable {
        public var daily: SeriesTable
        public var hourly: SeriesTable
        /// The zone the times are in (`America/Los_Angeles`), when the response names it.
        public var timeZone: String?
    }

    /// Rows past this in one block are refused: a yearly page has 366 days, 8,784 hours (a
    /// hundred years of hours is still under it).
    public static let maximumRows = 1_000_000

    public static func read(_ bytes: [UInt8], name: String) throws(LoadError) -> Tables {
        let root: [String: Any]
        do {
            guard let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
                throw LoadError(source: name, "not an Open-Meteo archive response: the JSON is not an object")
            }
            root = object
        } catch let error as LoadError {
            throw error
        } catch {
            throw LoadError(source: name, "not JSON: \(error.localizedDescription)")
        }
        // The API answers a bad request with {"error": true, "reason": "…"}.
        if root["error"] as? Bool == true {
            throw LoadError(source: name, "Open-Meteo refused the request: \(TerminalSafeText.singleLine((root["reason"] as? String) ?? "no reason given"))")
        }
        guard root["daily"] != nil || root["hourly"] != nil else {
            throw LoadError(source: name, "not an Open-Meteo archive response: neither daily nor hourly values")
        }
        return Tables(daily: try block(root["daily"], "daily", dailyVariables, name),
                      hourly: try block(root["hourly"], "hourly", hourlyVariables, name),
                      timeZone: root["timezone"] as? String)
    }

    /// One block's columns as a table; an absent block is an empty table of the same series.
    private static func block(_ value: Any?, _ blockName: String, _ variables: [String], _ name: String) throws(LoadError) -> SeriesTable {
        let series = variables.map { Series(name: $0, kind: $0.hasPrefix("precipitation") ? .count : .measure) }
        guard let value else { return SeriesTable(series: series, times: [], values: variables.map { _ in [] }) }
        guard let columns = value as? [String: Any], let timeTexts = columns["time"] as? [Any] else {
            throw LoadError(source: name, "\(blockName): no time column")
        }
        guard timeTexts.count <= maximumRows else {
            throw LoadError(source: name, kind: .tooLarge, "\(blockName): \(timeTexts.count) times, more than the \(maximumRows) a history reads")
        }
        var warnings: [ParseWarning] = []
        var times: [LocalDateTime] = []
        var kept: [Int] = []  // the response's index of each row kept
        times.reserveCapacity(timeTexts.count)
        for (index, text) in timeTexts.enumerated() {
            guard let text = text as? String, let time = LocalDateTimeParser.parse(text) else {
                throw LoadError(source: name, "\(blockName).time[\(index)]: not a time: \(TerminalSafeText.singleLine(String(describing: text)))")
            }
            // A repeated wall-clock hour (the night summer time ends) keeps its first reading.
            if let last = times.last, time <= last {
                if warnings.count < 20 { warnings.append(ParseWarning("\(blockName).time[\(index)]: \(text) is not after \(last.isoString); left out")) }
                continue
            }
            times.append(time)
            kept.append(index)
        }
        var values: [[Double]] = []
        for variable in variables {
            guard let column = columns[variable] else {
                warnings.append(ParseWarning("\(blockName): no \(variable) column; left blank"))
                values.append([Double](repeating: .nan, count: times.count))
                continue
            }
            guard let numbers = column as? [Any], numbers.count == timeTexts.count else {
                throw LoadError(source: name, "\(blockName).\(variable): not a list of \(timeTexts.count) values, one per time")
            }
            var own = [Double](repeating: .nan, count: times.count)
            for (row, index) in kept.enumerated() {
                let item = numbers[index]
                if item is NSNull { continue }
                guard let number = item as? Double, number.isFinite else {
                    throw LoadError(source: name, "\(blockName).\(variable)[\(index)]: not a number or null")
                }
                own[row] = number
            }
            values.append(own)
        }
        return SeriesTable(series: series, times: times, values: values, warnings: warnings)
    }
}
