import Foundation

/// What a column's name says it holds, so that column order never matters: the Fremont API's
/// `date`/`fremont_bridge_nb`/`fremont_bridge_sb`, the portal download's `Date`/`… Cyclist West
/// Sidewalk`/`… Cyclist East Sidewalk`/`… Total`, the older `Fremont Bridge NB`/`SB`; any other
/// counter's `… Total`; and names that are never a series (`id`, Socrata's `:id`, `_uuid`,
/// coordinates).
enum SeriesColumnName {
    case time
    case role(SeriesRole)
    case notASeries
    case unknown

    init(_ name: String) {
        let words = name.lowercased()
            .split(whereSeparator: { !($0.isLetter || $0.isNumber) })
            .map(String.init)
        guard let last = words.last else {
            self = .unknown
            return
        }
        if (words.count == 1 && Self.timeWords.contains(last)) || words == ["date", "time"] || words == ["date", "hour"] {
            self = .time
        } else if words.suffix(2) == ["west", "sidewalk"] || words.contains("northbound") || last == "nb" {
            // The portal names the west sidewalk for the northbound count, the east for southbound.
            self = .role(.northbound)
        } else if words.suffix(2) == ["east", "sidewalk"] || words.contains("southbound") || last == "sb" {
            self = .role(.southbound)
        } else if last == "total" {
            self = .role(.total)
        } else if name.hasPrefix(":") || name.hasPrefix("_") || last == "id" || last == "uuid"
                    || ["latitude", "longitude", "lat", "lon", "lng", "location", "x", "y"].contains(last) {
            self = .notASeries
        } else {
            self = .unknown
        }
    }

    private static let timeWords: Set<String> = ["date", "datetime", "timestamp", "time", "period", "hour", "epoch", "ts", "day", "week", "month"]
}

/// The columns a reader was told to use instead of finding them (`--time-column`, `--columns`,
/// `--key`), how to read them (`--tz`), and which series are counts or measures (`--sum`,
/// `--mean`) where the values would say otherwise.
public struct SeriesColumnChoice: Sendable, Hashable {
    public var timeColumn: String?
    public var columns: [String]?
    /// A long table's key column: each distinct value becomes a series.
    public var keyColumn: String?
    /// Zoned and epoch times are converted to this zone; nil keeps each zoned time's own wall clock.
    public var timeZone: TimeZone?
    /// Series summed over periods (counts) and averaged (measures), by name, whatever the values.
    public var summed: [String] = []
    public var averaged: [String] = []
    /// `--day-first` (true) or `--month-first` (false) for dates like 04/05/2016 that never
    /// write a day above 12; nil: the column's values decide, or it is an error.
    public var dayFirst: Bool?
    /// The days a command shows (`--from`, `--to`): rows dated outside them are read but not
    /// warned about. Nil: every row's warnings.
    public var warnsFrom: LocalDateTime?
    public var warnsThrough: LocalDateTime?

    public init(timeColumn: String? = nil, columns: [String]? = nil, keyColumn: String? = nil, timeZone: TimeZone? = nil,
                summed: [String] = [], averaged: [String] = [], dayFirst: Bool? = nil) {
        self.dayFirst = dayFirst
        self.timeColumn = timeColumn
        self.columns = columns
        self.keyColumn = keyColumn
        self.timeZone = timeZone
        self.summed = summed
        self.averaged = averaged
    }

    /// True when nothing is chosen: every column found from the data.
    public var isDefault: Bool {
        var columns = self
        (columns.warnsFrom, columns.warnsThrough) = (nil, nil)
        return columns == SeriesColumnChoice()
    }

    /// Whether a row at `time` is one the command shows, so its problems are said.
    func warns(about time: LocalDateTime) -> Bool {
        if let first = warnsFrom, time < first.startOfDay { return false }
        if let last = warnsThrough, time >= last.startOfDay.addingHours(24) { return false }
        return true
    }
}
