/// What every bike parser does with a row once it has its fields: checks them, keeps the row
/// (with empty counts where needed) or skips it, records why, and at the end sorts the rows and
/// drops duplicate hours. One place, so XML, CSV and JSON follow the same rules.
struct BikeRowCollector {
    private(set) var rows: [BikeRow] = []
    private var rowLines: [Int] = []
    private(set) var warnings: [ParseWarning] = []
    private var isSorted = true
    /// Every record offered, kept or skipped.
    private(set) var recordCount = 0

    init(expectedRows: Int = 0) {
        rows.reserveCapacity(expectedRows)
        rowLines.reserveCapacity(expectedRows)
    }

    /// `rawDate` is only asked for when the date is unreadable, so the common path allocates nothing.
    mutating func add(
        date: LocalDateTime?, rawDate: @autoclosure () -> String?,
        northbound: CountField, southbound: CountField, total: CountField? = nil,
        at location: SourceLocation
    ) {
        recordCount += 1
        var problems: [String] = []
        describe(northbound, "northbound", into: &problems)
        describe(southbound, "southbound", into: &problems)
        guard let date else {
            // Name the row's other problems too, so one warning tells the whole story.
            let others = problems.isEmpty ? "" : " (also: \(problems.joined(separator: "; ")))"
            if let raw = rawDate(), !raw.trimmingSpaces.isEmpty {
                warnings.append(ParseWarning("unreadable date \(quoted(raw)); row skipped\(others)", at: location))
            } else if northbound == .missing && southbound == .missing {
                warnings.append(ParseWarning("empty row (no date, no counts); row skipped", at: location))
            } else {
                warnings.append(ParseWarning("row has no date; row skipped\(others)", at: location))
            }
            return
        }
        if let expected = total?.value, let north = northbound.value, let south = southbound.value, expected != north + south {
            problems.append("total \(expected) is not northbound + southbound (\(north + south))")
        }
        if !problems.isEmpty {
            warnings.append(ParseWarning("\(date): \(problems.joined(separator: "; "))", at: location))
        }
        if let last = rows.last, date.sortKey <= last.date.sortKey { isSorted = false }
        rows.append(BikeRow(date: date, northbound: northbound.value, southbound: southbound.value))
        rowLines.append(location.line)
    }

    mutating func warn(_ message: String, at location: SourceLocation?) {
        warnings.append(ParseWarning(message, at: location))
    }

    /// Sorted rows, one per date (the first in the source wins), and the warnings in source order.
    consuming func finish() -> (rows: [BikeRow], warnings: [ParseWarning]) {
        if !isSorted {
            let order = rows.indices.sorted {
                let left = rows[$0].date.sortKey, right = rows[$1].date.sortKey
                return left != right ? left < right : rowLines[$0] < rowLines[$1]
            }
            var unique: [BikeRow] = []
            unique.reserveCapacity(rows.count)
            var previous: Int?
            for index in order {
                if let previous, rows[previous].date == rows[index].date {
                    warnings.append(ParseWarning(
                        "duplicate hour \(rows[index].date) (first at line \(rowLines[previous])); row skipped",
                        at: SourceLocation(line: rowLines[index])))
                    continue
                }
                unique.append(rows[index])
                previous = index
            }
            rows = unique
        }
        let ordered = warnings.enumerated().sorted {
            let left = $0.element.location?.line ?? 0, right = $1.element.location?.line ?? 0
            return left != right ? left < right : $0.offset < $1.offset
        }.map(\.element)
        return (rows, ordered)
    }

    private func describe(_ field: CountField, _ direction: String, into problems: inout [String]) {
        switch field {
        case .value: break
        case .missing: problems.append("\(direction) count missing")
        case .invalid(let raw): problems.append("\(direction) count \(quoted(raw)) is not a number")
        }
    }
}

extension StringProtocol {
    var trimmingSpaces: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return Substring(self[first...last])
    }
}
