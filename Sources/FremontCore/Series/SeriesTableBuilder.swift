/// What every table reader does with a record once it has its fields, so XML, CSV and JSON follow
/// the same rules: the first records are held back until the time column and the numeric columns
/// are known (from names and values, or as the reader was told), then every record is checked,
/// kept (with missing values where needed) or skipped with the reason, and at the end the rows are
/// sorted and an hour given twice is kept once.
///
/// Readers name a record's fields by column id (`addColumn` for a header, `columnID` for
/// element and key names met along the way) and hand over their bytes.
struct SeriesTableBuilder {
    /// Records held back to tell the columns apart; more would delay nothing but memory.
    static let sampleSize = 200
    /// Warnings kept; past this they are counted, so a file with a problem on every row of a
    /// million stays bounded.
    static let maximumWarnings = 10_000
    /// Columns read at most: a spreadsheet's limit (16,384), far past any table of counts. Every
    /// column costs memory on every row, so a file naming more is refused, not read.
    static let maximumColumns = 16_384
    /// Values the table may hold beyond `valuesPerField` for each field read. Every kept row
    /// holds a value (or a gap) for every series, so JSON or XML rows that each name one of
    /// thousands of keys would otherwise take thousands of times their bytes.
    static let valueAllowance = 1_000_000
    static let valuesPerField = 8
    /// A row's problems told in its warning; the rest are counted.
    static let problemsTold = 8

    private let source: String
    private let choice: SeriesColumnChoice
    private(set) var names: [String] = []
    private var idsByName: [String: Int] = [:]
    /// The names' bytes, and where the next element's name is looked for first: elements come
    /// in the same order row after row, so a lookup is usually one comparison, not a hash.
    private var nameBytes: [[UInt8]] = []
    private var nextGuess = 0
    /// A header gave a name twice: the first column of that name is the one looked up.
    private var namesRepeat = false
    /// Where the header is, for errors about columns.
    var headerLocation: SourceLocation?

    private struct SampledRecord {
        var line: Int
        var fields: [(id: Int, text: String)]
    }
    private var sample: [SampledRecord] = []
    private var sampling = true

    private enum Slot {
        case time
        case series(Int)
        case ignored
    }
    private var slots: [Slot] = []
    private var series: [Series] = []
    private var rules: [ValueField.Rule] = []
    private var totalCheck: (total: Int, north: Int, south: Int)?
    /// The series in the order a row's problems are told: directions first, as a person reads.
    private var reportOrder: [Int] = []

    // The record being read.
    private var line = 0
    private var sampledFields: [(id: Int, text: String)] = []
    private var time: LocalDateTime?
    private var rawTime: String?
    /// The record's series values, NaN where none was read; what could not be read is kept as
    /// text beside, so a row that reads cleanly costs no `ValueField` (with its `String`) a value.
    private var rowValues: [Double] = []
    private var rowInvalidTexts: [String?] = []
    private var rowHasInvalid = false
    private var isOpen = false

    // What is kept.
    private var times: [LocalDateTime] = []
    private var values: [[Double]] = []
    private var lines: [Int32] = []
    private var isSorted = true
    private var warnings: [ParseWarning] = []
    private var droppedWarnings = 0
    /// Warnings not kept, by kind ("unreadable date"), in the order the kinds were first met.
    private var droppedKinds: [(kind: String, count: Int)] = []
    private(set) var recordCount = 0
    /// Fields handed in, which bound the values kept (`valueAllowance`).
    private var fieldsRead = 0

    init(source: String, choice: SeriesColumnChoice = SeriesColumnChoice()) {
        self.source = source
        self.choice = choice
    }

    // MARK: - Columns

    /// A header's column: a new id even when a name repeats.
    mutating func addColumn(_ name: String) throws(LoadError) -> Int {
        let id = try register(name)
        if !sampling {
            slots.append(.ignored)
            warn("column \(quoted(name, limit: 40)) first appears here, after the rows that settle the columns; ignored (--columns reads it)",
                 at: SourceLocation(line: line))
        }
        return id
    }

    /// A new column id for `name`, known by name from now on (the first of a repeated name).
    private mutating func register(_ name: String) throws(LoadError) -> Int {
        let id = names.count
        guard id < Self.maximumColumns else {
            throw tooManyColumns("more than \(NumberText.grouped(Self.maximumColumns)) columns (column \(NumberText.grouped(id + 1)) is \(quoted(name, limit: 40)))",
                                 at: headerLocation ?? SourceLocation(line: line))
        }
        names.append(name)
        nameBytes.append(Array(name.utf8))
        if idsByName[name] == nil { idsByName[name] = id } else { namesRepeat = true }
        return id
    }

    /// The id of a named column, added the first time the name is met.
    mutating func columnID(_ name: String) throws(LoadError) -> Int {
        if names.count <= Self.scannedNames, !namesRepeat {
            var name = name
            let found = name.withUTF8 { wanted -> Int? in
                let count = nameBytes.count
                var index = nextGuess
                for _ in 0..<count {
                    if index >= count { index = 0 }
                    if Self.same(nameBytes[index], wanted) { return index }
                    index += 1
                }
                return nil
            }
            if let found {
                nextGuess = found + 1
                return found
            }
        }
        if let id = idsByName[name] { return id }
        return try addColumn(name)
    }

    /// Byte equality, inline: names are a few bytes, shorter than a call to memcmp.
    @inline(__always)
    private static func same(_ known: [UInt8], _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        guard known.count == wanted.count else { return false }
        return known.withUnsafeBufferPointer { bytes in
            for offset in 0..<bytes.count where bytes[offset] != wanted[offset] { return false }
            return true
        }
    }

    /// Up to this many names, a lookup scans them from the guess.
    private static let scannedNames = 32

    // MARK: - Records

    mutating func beginRecord(line: Int) {
        self.line = line
        isOpen = true
        time = nil
        rawTime = nil
        if sampling {
            sampledFields = []
        } else {
            for index in rowValues.indices { rowValues[index] = .nan }
            if rowHasInvalid {
                for index in rowInvalidTexts.indices { rowInvalidTexts[index] = nil }
                rowHasInvalid = false
            }
        }
    }

    mutating func field(_ id: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
        fieldsRead += 1
        if sampling {
            sampledFields.append((id, String(decoding: bytes, as: UTF8.self)))
            return
        }
        switch slots[id] {
        case .time:
            time = LocalDateTimeParser.parse(bytes)
            rawTime = time == nil ? String(decoding: bytes.prefix(200), as: UTF8.self) : nil
        case .series(let index):
            switch ValueField.parse(bytes, rule: rules[index]) {
            case .value(let number):
                rowValues[index] = number
                if rowHasInvalid { rowInvalidTexts[index] = nil }
            case .missing:
                rowValues[index] = .nan
                if rowHasInvalid { rowInvalidTexts[index] = nil }
            case .invalid(let raw):
                rowValues[index] = .nan
                rowInvalidTexts[index] = raw
                rowHasInvalid = true
            }
        case .ignored:
            break
        }
    }

    mutating func field(_ id: Int, _ text: String) {
        var text = text
        text.withUTF8 { field(id, $0) }
    }

    /// Ends the record; the first one past the sample settles the columns, which can fail.
    mutating func endRecord() throws(LoadError) {
        guard isOpen else { return }
        isOpen = false
        if sampling {
            sample.append(SampledRecord(line: line, fields: sampledFields))
            if sample.count >= Self.sampleSize { try decide() }
            return
        }
        commit()
        try checkValueCount()
    }

    /// The values kept stay in proportion to the fields read: rows that name few of many series
    /// are refused rather than each made as wide as all of them.
    private func checkValueCount() throws(LoadError) {
        let held = times.count * series.count
        guard held > Self.valuesPerField * fieldsRead + Self.valueAllowance else { return }
        throw LoadError(source: source, location: SourceLocation(line: line), kind: .notData,
                        "the rows give few of the \(NumberText.grouped(series.count)) series' values: \(NumberText.grouped(times.count)) rows would hold \(NumberText.grouped(held)) values for \(NumberText.grouped(fieldsRead)) fields read; name the series wanted with --columns")
    }

    mutating func warn(_ message: String, at location: SourceLocation?) {
        guard warnings.count < Self.maximumWarnings else {
            droppedWarnings += 1
            let kind = Self.kind(of: message)
            if let index = droppedKinds.firstIndex(where: { $0.kind == kind }) {
                droppedKinds[index].count += 1
            } else if droppedKinds.count < 20 {
                droppedKinds.append((kind, 1))
            }
            return
        }
        warnings.append(ParseWarning(message, at: location))
    }

    /// Counts a record that was skipped before it had fields (a CSV row of the wrong width).
    mutating func skipRecord(_ message: String, at location: SourceLocation) {
        recordCount += 1
        warn(message, at: location)
    }

    // MARK: - Deciding the columns

    private mutating func decide() throws(LoadError) {
        sampling = false
        var kinds = names.map(SeriesColumnName.init)
        let timeID = try findTimeColumn(kinds)
        var chosen: [(id: Int, role: SeriesRole)] = []
        if let wanted = choice.columns {
            for name in wanted {
                var found = find(name)
                // Elements and keys may first appear past the sample (Socrata leaves out a
                // missing value); a header has them all.
                if found == nil, headerLocation == nil { found = try register(name) }
                guard let id = found else {
                    throw columnError("no column named \(quoted(name)) for --columns")
                }
                guard id != timeID else { throw columnError("\(quoted(name)) is the time column; --columns names the series") }
                if id >= kinds.count { kinds.append(SeriesColumnName(name)) }
                if case .role(let role) = kinds[id] { chosen.append((id, role)) } else { chosen.append((id, .other)) }
            }
        } else {
            let numeric = numericColumns()
            for id in names.indices where id != timeID {
                switch kinds[id] {
                case .role(let role): chosen.append((id, role))
                case .notASeries: break
                case .time, .unknown: if numeric[id] { chosen.append((id, .other)) }
                }
            }
        }
        // One column per meaning: a second "northbound" is just a series of its own.
        var taken = Set<SeriesRole>()
        for index in chosen.indices where chosen[index].role != .other {
            if !taken.insert(chosen[index].role).inserted { chosen[index].role = .other }
        }
        // Directions first, a source's total last: the same data in another column order (the
        // API's JSON keys, the portal's CSV) reads, prints and exports the same.
        if choice.columns == nil {
            chosen = chosen.enumerated().sorted { ($0.element.role.readingRank, $0.offset) < ($1.element.role.readingRank, $1.offset) }.map(\.element)
        }
        // Without numbers the columns are wrong, unless no row has a readable time either:
        // then the rows themselves are broken, and their warnings say better how.
        if chosen.isEmpty, sample.contains(where: { record in
            record.fields.contains { $0.id == timeID && LocalDateTimeParser.parse($0.text) != nil }
        }) {
            throw columnError("no numeric column besides the time column \(quoted(names[timeID])); name them with --columns")
        }
        slots = names.indices.map { _ in Slot.ignored }
        slots[timeID] = .time
        for (index, column) in chosen.enumerated() {
            slots[column.id] = .series(index)
            series.append(Series(name: names[column.id], role: column.role))
            rules.append(column.role == .other ? .measure : .count)
        }
        reportOrder = Series.readingOrder(series)
        values = Array(repeating: [], count: series.count)
        rowValues = Array(repeating: .nan, count: series.count)
        rowInvalidTexts = Array(repeating: nil, count: series.count)
        if let total = series.firstIndex(where: { $0.role == .total }),
           let north = series.firstIndex(where: { $0.role == .northbound }),
           let south = series.firstIndex(where: { $0.role == .southbound }) {
            totalCheck = (total, north, south)
        }
        let held = sample
        sample = []
        let fieldsSampled = fieldsRead
        for record in held {
            beginRecord(line: record.line)
            for (id, text) in record.fields { field(id, text) }
            commit()
            isOpen = false
        }
        fieldsRead = fieldsSampled  // counted once, when they were read
        try checkValueCount()
    }

    /// What a warning is about, without its particulars: "unreadable date", "row skipped for
    /// its width", "missing or bad values".
    static func kind(of message: String) -> String {
        if message.hasPrefix("unreadable date") { return "unreadable date" }
        if message.hasPrefix("expected ") { return "wrong number of fields" }
        if message.hasPrefix("empty row") { return "empty row" }
        if message.hasPrefix("row has no date") { return "row without a date" }
        if message.hasPrefix("duplicate hour") { return "duplicate hour" }
        if message.hasPrefix("column ") { return "late column" }
        return "missing or unreadable values"
    }

    private func find(_ name: String) -> Int? {
        let wanted = name.trimmingSpaces.lowercased()
        return names.firstIndex { $0.trimmingSpaces.lowercased() == wanted }
    }

    private func findTimeColumn(_ kinds: [SeriesColumnName]) throws(LoadError) -> Int {
        if let name = choice.timeColumn {
            guard let id = find(name) else { throw columnError("no column named \(quoted(name)) for --time-column") }
            return id
        }
        if let id = kinds.firstIndex(where: { if case .time = $0 { return true } else { return false } }) { return id }
        // No telling name: the first column whose values read as dates. One pass over the
        // sample, counting per column: a pass per column was O(rows × columns²).
        var dates = Array(repeating: 0, count: names.count), others = dates
        for record in sample {
            for field in record.fields where !field.text.trimmingSpaces.isEmpty {
                if LocalDateTimeParser.parse(field.text) != nil { dates[field.id] += 1 } else { others[field.id] += 1 }
            }
        }
        if let id = names.indices.first(where: { dates[$0] > 0 && others[$0] * 10 <= dates[$0] }) { return id }
        throw columnError("no date or time column; name it with --time-column")
    }

    /// Per column: mostly numbers among the values sampled. A column with no values at all
    /// counts when there were no records to sample (a header alone). One pass over the sample.
    private func numericColumns() -> [Bool] {
        if sample.isEmpty { return Array(repeating: true, count: names.count) }
        var numbers = Array(repeating: 0, count: names.count), others = numbers
        for record in sample {
            for field in record.fields {
                switch ValueField.parse(field.text, rule: .measure) {
                case .value: numbers[field.id] += 1
                case .invalid: others[field.id] += 1
                case .missing: break
                }
            }
        }
        return names.indices.map { numbers[$0] > 0 && others[$0] * 10 <= numbers[$0] }
    }

    /// The cap on columns passed, said with where.
    private func tooManyColumns(_ message: String, at location: SourceLocation?) -> LoadError {
        LoadError(source: source, location: location, kind: .notData,
                  "\(message); at most \(NumberText.grouped(Self.maximumColumns)) are read")
    }

    /// A header of `count` columns, refused whole when past the cap rather than column by column.
    func checkHeader(count: Int, at location: SourceLocation) throws(LoadError) {
        guard count > Self.maximumColumns else { return }
        throw tooManyColumns("the header has \(NumberText.grouped(count)) columns", at: location)
    }

    private func columnError(_ message: String) -> LoadError {
        let found = names.prefix(20).map { quoted($0, limit: 40) }.joined(separator: ", ")
        let more = names.count > 20 ? ", and \(names.count - 20) more" : ""
        let location = headerLocation ?? sample.first.map { SourceLocation(line: $0.line) }
        return LoadError(source: source, location: location, kind: .notData, "\(message) (found: \(found.isEmpty ? "no columns" : found + more))")
    }

    // MARK: - Keeping a record

    private func label(_ index: Int) -> String {
        switch series[index].role {
        case .northbound: return "northbound count"
        case .southbound: return "southbound count"
        case .total: return "total"
        case .other: return quoted(series[index].name, limit: 40)
        }
    }

    /// The record's field for series `index`, as read.
    private func field(at index: Int) -> ValueField {
        if let raw = rowInvalidTexts[index] { return .invalid(raw) }
        let number = rowValues[index]
        return number.isNaN ? .missing : .value(number)
    }

    /// A record with a time and every value, and the total adding up: nothing to say about it.
    private var recordIsClean: Bool {
        guard time != nil, !rowHasInvalid, !rowValues.contains(where: \.isNaN) else { return false }
        guard let check = totalCheck else { return true }
        return rowValues[check.total] == rowValues[check.north] + rowValues[check.south]
    }

    private mutating func commit() {
        recordCount += 1
        if recordIsClean, let time {
            keep(time)
            return
        }
        let fields = rowValues.indices.map(field(at:))
        var problems: [String] = []
        var problemsUntold = 0
        for index in reportOrder {
            switch fields[index] {
            case .value: continue
            // A source's total is missing whenever a direction is: saying so twice helps nobody.
            case .missing where series[index].role == .total: continue
            case _ where problems.count == Self.problemsTold:
                // A row of thousands of series stays one short warning.
                problemsUntold += 1
            case .missing:
                problems.append("\(label(index)) missing")
            case .invalid(let raw):
                let what = rules[index] == .count ? "is not a count" : "is not a number"
                problems.append("\(label(index)) \(quoted(raw)) \(what)")
            }
        }
        if problemsUntold > 0 { problems.append("and \(NumberText.grouped(problemsUntold)) more") }
        let location = SourceLocation(line: line)
        guard let time else {
            // Name the row's other problems too, so one warning tells the whole story.
            let others = problems.isEmpty ? "" : " (also: \(problems.joined(separator: "; ")))"
            if let rawTime, !rawTime.trimmingSpaces.isEmpty {
                warn("unreadable date \(quoted(rawTime)); row skipped\(others)", at: location)
            } else if fields.allSatisfy({ $0 == .missing }) {
                warn("empty row (no date, no values); row skipped", at: location)
            } else {
                warn("row has no date; row skipped\(others)", at: location)
            }
            return
        }
        if let check = totalCheck, let total = fields[check.total].value,
           let north = fields[check.north].value, let south = fields[check.south].value, total != north + south {
            problems.append("total \(Int(total)) is not northbound + southbound (\(Int(north + south)))")
        }
        if !problems.isEmpty { warn("\(time): \(problems.joined(separator: "; "))", at: location) }
        keep(time)
    }

    private mutating func keep(_ time: LocalDateTime) {
        if let last = times.last, time.sortKey <= last.sortKey { isSorted = false }
        times.append(time)
        for index in rowValues.indices { values[index].append(rowValues[index]) }
        lines.append(Int32(clamping: line))
    }

    // MARK: - The table

    /// Sorted rows, one per time (the first in the source wins), and the warnings in source order.
    mutating func finish(recordCountOverride: Int? = nil) throws(LoadError) -> SeriesTable {
        if sampling {
            if names.isEmpty {
                // Rows without a single field: each is an empty row, said so.
                for record in sample { skipRecord("empty row (no date, no values); row skipped", at: SourceLocation(line: record.line)) }
                return SeriesTable(series: [], times: [], values: [], warnings: warnings, recordCount: recordCount)
            }
            try decide()
        }
        if !isSorted { sortAndDeduplicate() }
        var ordered = warnings.enumerated().sorted {
            let left = $0.element.location?.line ?? 0, right = $1.element.location?.line ?? 0
            return left != right ? left < right : $0.offset < $1.offset
        }.map(\.element)
        if droppedWarnings > 0 {
            let kinds = droppedKinds.map { "\(NumberText.grouped($0.count)) \($0.kind)" }.joined(separator: ", ")
            var tally = ParseWarning("\(NumberText.grouped(droppedWarnings)) more warnings not kept (the first \(NumberText.grouped(Self.maximumWarnings)) are): \(kinds)")
            tally.untold = droppedWarnings
            ordered.append(tally)
        }
        return SeriesTable(series: series, times: times, values: values, warnings: ordered, recordCount: recordCountOverride ?? recordCount)
    }

    private mutating func sortAndDeduplicate() {
        let order = times.indices.sorted {
            let left = times[$0].sortKey, right = times[$1].sortKey
            return left != right ? left < right : lines[$0] < lines[$1]
        }
        var keep: [Int] = []
        keep.reserveCapacity(order.count)
        for index in order {
            if let previous = keep.last, times[previous] == times[index] {
                warn("duplicate hour \(times[index]) (first at line \(lines[previous])); row skipped",
                     at: SourceLocation(line: Int(lines[index])))
                continue
            }
            keep.append(index)
        }
        times = keep.map { times[$0] }
        lines = keep.map { lines[$0] }
        for column in values.indices {
            let old = values[column]
            values[column] = keep.map { old[$0] }
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
