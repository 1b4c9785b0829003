/// The month summary of the tutorial, for any span: totals, averages over the days actually
/// present, the ratio, the busiest hours, and what is missing.
public struct BikeSummary: Sendable {
    public struct Direction: Sendable {
        public var total = 0
        /// Hours with a count in this direction.
        public var countedHours = 0
        public var maximum: Int?
        /// The first hour that reached `maximum`.
        public var busiestHour: LocalDateTime?
        /// `total` over the days covered.
        public var averagePerDay = 0.0

        mutating func add(_ count: Int?, at date: LocalDateTime) {
            guard let count else { return }
            total += count
            countedHours += 1
            if maximum == nil || count > maximum! {
                maximum = count
                busiestHour = date
            }
        }
    }

    public struct Day: Sendable, Hashable {
        public var date: LocalDateTime
        public var northbound: Int
        public var southbound: Int
        public var hours: Int
        public var total: Int { northbound + southbound }
    }

    /// A run of hours with no row at all.
    public struct Gap: Sendable, Hashable {
        public var start: LocalDateTime
        public var hours: Int
        public var end: LocalDateTime { start.addingHours(hours - 1) }
    }

    public var first: LocalDateTime?
    public var last: LocalDateTime?
    public var rowCount = 0
    public var northbound = Direction()
    public var southbound = Direction()
    public var days: [Day] = []
    public var gaps: [Gap] = []
    public var rowsWithMissingCount = 0

    public var total: Int { northbound.total + southbound.total }
    public var daysCovered: Int { days.count }
    public var averagePerDay: Double { daysCovered > 0 ? Double(total) / Double(daysCovered) : 0 }
    /// Northbound over southbound; nil when nobody rode south.
    public var ratio: Double? { southbound.total > 0 ? Double(northbound.total) / Double(southbound.total) : nil }
    public var missingHours: Int { gaps.reduce(0) { $0 + $1.hours } }

    /// Expects rows sorted by date with no duplicate hours (as the parsers hand them over).
    public init(rows: [BikeRow]) {
        rowCount = rows.count
        first = rows.first?.date
        last = rows.last?.date
        var previousHour: Int?
        for row in rows {
            northbound.add(row.northbound, at: row.date)
            southbound.add(row.southbound, at: row.date)
            if row.isMissingACount { rowsWithMissingCount += 1 }

            let dayStart = row.date.startOfDay
            if days.last?.date != dayStart {
                days.append(Day(date: dayStart, northbound: 0, southbound: 0, hours: 0))
            }
            days[days.count - 1].northbound += row.northbound ?? 0
            days[days.count - 1].southbound += row.southbound ?? 0
            days[days.count - 1].hours += 1

            let hour = row.date.hourNumber
            if let previousHour, hour - previousHour > 1 {
                gaps.append(Gap(start: row.date.addingHours(-(hour - previousHour - 1)), hours: hour - previousHour - 1))
            }
            previousHour = hour
        }
        if !days.isEmpty {
            northbound.averagePerDay = Double(northbound.total) / Double(days.count)
            southbound.averagePerDay = Double(southbound.total) / Double(days.count)
        }
    }
}
