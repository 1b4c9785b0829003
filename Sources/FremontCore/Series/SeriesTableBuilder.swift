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
        /// A long table's key column: its value names the series.
        case key
        /// A long table's value column, by its place among them.
        case keyedValue(Int)
        case ignored
    }
    /// A long table's keys become series, at most this many: more is not a table to draw.
    static let maximumKeys = 200
    private var slots: [Slot] = []
    private var series: [Series] = []
    private var rules: [ValueField.Rule] = []
    private var totalCheck: (total: Int, north: Int, south: Int)?
    /// The series in the order a row's problems are told: directions first, as a person reads.
    private var reportOrder: [Int] = []
    /// Columns without a value in the sample: a blank in them is no news, so not told.
    private var emptyInSample: Set<Int> = []
    /// The first record's line, for warnings about columns said after the sample is read.
    private var firstLine: Int?
    private var quietlyMissing: [Bool] = []
    private var timeReader = TimeColumnReader(column: "")
    /// What makes the rest of the source unreadable, found where a field cannot throw.
    private var failure: LoadError?

    // A long table (`date,counter,count`): the key column's values name the series.
    private var keyColumn: Int?
    private var valueColumns: [Int] = []
    private var seriesByKey: [String: Int] = [:]
    private var keyCount = 0
    /// Keys past `maximumKeys`, counted (up to a bound) to say how many there are.
    private var extraKeys: Set<String> = []
    private var rowByTime: [Int64: Int] = [:]
    private var recordKey: String?
    private var recordKeyed: [ValueField] = []

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
    /// The first warnings whole, the rest counted by kind ("unreadable date").
    private var warnings = BoundedWarnings(limit: SeriesTableBuilder.maximumWarnings, kind: SeriesTableBuilder.kind(of:))
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
        recordKey = nil
        for index in recordKeyed.indices { recordKeyed[index] = .missing }
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
            switch timeReader.read(bytes) {
            case .time(let read):
                time = read
            case .reordered(let read):
                time = read
                swapDayAndMonthOfKeptRows()
            case .unreadable:
                time = nil
            case .conflict(let message):
                time = nil
                if failure == nil { failure = LoadError(source: source, location: SourceLocation(line: line), kind: .notData, message) }
            }
            rawTime = time == nil ? String(decoding: bytes.prefix(200), as: UTF8.self) : nil
        case .key:
            recordKey = String(decoding: bytes, as: UTF8.self).trimmingSpaces.description
        case .keyedValue(let index):
            recordKeyed[index] = ValueField.parse(bytes, rule: .measure)
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
        if keyColumn != nil { commitKeyed() } else { commit() }
        if let failure { throw failure }
        try checkValueCount()
    }

    /// The day/month order turned out the other way round: every time read so far was ambiguous
    /// (day and month both 12 or less), so each swaps them.
    private mutating func swapDayAndMonthOfKeptRows() {
        times = times.map { time in
            LocalDateTime(year: time.year, month: time.day, day: time.month, hour: time.hour, minute: time.minute, second: time.second) ?? time
        }
        isSorted = zip(times, times.dropFirst()).allSatisfy { $0.sortKey < $1.sortKey }
        if keyColumn != nil {
            rowByTime = [:]
            for (row, time) in times.enumerated() { rowByTime[time.sortKey] = row }
        }
    }

    /// The values kept stay in proportion to the fields read: rows that name few of many series
    /// are refused rather than each made as wide as all of them.
    /// Mutating, with the message apart: a non-mutating call from the mutating `endRecord` copied
    /// the whole builder (704 bytes) on every record.
    private mutating func checkValueCount() throws(LoadError) {
        let held = times.count * series.count
        guard held > Self.valuesPerField * fieldsRead + Self.valueAllowance else { return }
        throw tooFewValues(held: held)
    }

    private func tooFewValues(held: Int) -> LoadError {
        LoadError(source: source, location: SourceLocation(line: line), kind: .notData,
                  "the rows give few of the \(NumberText.grouped(series.count)) series' values: \(NumberText.grouped(times.count)) rows would hold \(NumberText.grouped(held)) values for \(NumberText.grouped(fieldsRead)) fields read; name the series wanted with --columns")
    }

    mutating func warn(_ message: String, at location: SourceLocation?) {
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
        var readsEpochs = choice.timeColumn != nil
        if case .time = kinds[timeID] { readsEpochs = true }
        timeReader = TimeColumnReader(column: names[timeID], zone: choice.timeZone, readsEpochs: readsEpochs, dayFirst: choice.dayFirst)
        let columnValues = sampledColumns()
        keyColumn = try findKeyColumn(kinds, timeID: timeID, columnValues)
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
                guard id != keyColumn else { throw columnError("\(quoted(name)) is the key column; --columns names the values") }
                if id >= kinds.count { kinds.append(SeriesColumnName(name)) }
                if case .role(let role) = kinds[id] { chosen.append((id, role)) } else { chosen.append((id, .other)) }
            }
        } else {
            for id in names.indices where id != timeID && id != keyColumn {
                let values = columnValues[id]
                switch kinds[id] {
                case .role(let role): chosen.append((id, role))
                case .notASeries:
                    // Socrata's own fields (`:id`, `:created_at`) are bookkeeping, never data.
                    if !names[id].hasPrefix(":") {
                        warn("column \(quoted(names[id], limit: 40)) left out: its name says it is an identifier or a coordinate, not a series (--columns reads it)", at: columnsLocation)
                    }
                case .time, .unknown:
                    if values.isNumeric {
                        chosen.append((id, .other))
                        if values.isEmpty { emptyInSample.insert(id) }
                    } else if let word = values.firstWord {
                        let what = values.dates * 2 >= values.words ? "dates" : "words"
                        warn("column \(quoted(names[id], limit: 40)) left out: \(NumberText.grouped(values.words)) of its first \(NumberText.grouped(values.words + values.numbers)) values are \(what), not numbers (\(quoted(word.text, limit: 30)) on line \(word.line)); --columns reads it as a series, its words as blanks", at: columnsLocation)
                    }
                }
            }
        }
        if keyColumn != nil {
            try decideKeyed(chosen.map(\.id), timeID: timeID)
            return
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
            record.fields.contains { $0.id == timeID && readsAsTime($0.text) }
        }) {
            throw columnError("no numeric column besides the time column \(quoted(names[timeID])); name them with --columns")
        }
        slots = names.indices.map { _ in Slot.ignored }
        slots[timeID] = .time
        for (index, column) in chosen.enumerated() {
            slots[column.id] = .series(index)
            series.append(Series(name: names[column.id], role: column.role))
            quietlyMissing.append(emptyInSample.contains(column.id))
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
        try replaySample()
    }

    /// The records held back, read now that the columns are known.
    private mutating func replaySample() throws(LoadError) {
        let held = sample
        if firstLine == nil { firstLine = held.first?.line }
        sample = []
        let fieldsSampled = fieldsRead
        for record in held {
            beginRecord(line: record.line)
            for (id, text) in record.fields { field(id, text) }
            if keyColumn != nil { commitKeyed() } else { commit() }
            isOpen = false
            if let failure { throw failure }
        }
        fieldsRead = fieldsSampled  // counted once, when they were read
        try checkValueCount()
    }

    /// A long table's columns: the values' series are made as their keys appear.
    private mutating func decideKeyed(_ chosen: [Int], timeID: Int) throws(LoadError) {
        guard let keyColumn else { return }
        guard !chosen.isEmpty else {
            throw columnError("no numeric column besides the time column \(quoted(names[timeID])) and the key column \(quoted(names[keyColumn])); name them with --columns")
        }
        valueColumns = chosen
        slots = names.indices.map { _ in Slot.ignored }
        slots[timeID] = .time
        slots[keyColumn] = .key
        for (index, id) in chosen.enumerated() { slots[id] = .keyedValue(index) }
        recordKeyed = Array(repeating: .missing, count: chosen.count)
        try replaySample()
    }

    /// Where warnings about columns point: the header, else the first record (JSON, XML).
    private var columnsLocation: SourceLocation? {
        headerLocation ?? sample.first.map { SourceLocation(line: $0.line) } ?? firstLine.map { SourceLocation(line: $0) }
    }

    private func readsAsTime(_ text: String) -> Bool {
        var reader = timeReader
        switch reader.read(text) {
        case .time, .reordered: return true
        case .unreadable, .conflict: return false
        }
    }

    /// What the sample holds in one column: numbers, words (the first of them, with its line)
    /// and, among the words, dates.
    private struct SampledColumn {
        var numbers = 0
        var words = 0
        var dates = 0
        var firstWord: (text: String, line: Int)?
        var distinct: Set<String> = []

        /// Numbers more than words (the words become blanks, each told); a column with no value in the sample stays a series (its values may
        /// come later; one that never has any is left out at the end, with a warning).
        var isNumeric: Bool { words == 0 || (numbers > 0 && words < numbers) }
        /// No value at all in the sample: its blanks are not told row by row.
        var isEmpty: Bool { words == 0 && numbers == 0 }
    }

    private func sampledColumns() -> [SampledColumn] {
        var columns = Array(repeating: SampledColumn(), count: names.count)
        for record in sample {
            for field in record.fields {
                switch ValueField.parse(field.text, rule: .measure) {
                case .value: columns[field.id].numbers += 1
                case .missing: break
                case .invalid(let raw):
                    columns[field.id].words += 1
                    if columns[field.id].firstWord == nil { columns[field.id].firstWord = (raw, record.line) }
                    if LocalDateTimeParser.parse(field.text) != nil { columns[field.id].dates += 1 }
                    if columns[field.id].distinct.count <= Self.maximumKeys { columns[field.id].distinct.insert(raw) }
                }
            }
        }
        return columns
    }

    /// The key column of a long table: `--key`, else a column of words beside the time such
    /// that times repeat in the sample while a time and a key together never do.
    private func findKeyColumn(_ kinds: [SeriesColumnName], timeID: Int, _ columns: [SampledColumn]) throws(LoadError) -> Int? {
        if let wanted = choice.keyColumn {
            guard let id = find(wanted) else { throw columnError("no column named \(quoted(wanted)) for --key") }
            guard id != timeID else { throw columnError("\(quoted(wanted)) is the time column; --key names the column whose values name the series") }
            return id
        }
        guard choice.columns == nil || sample.isEmpty == false else { return nil }
        var timeTexts: [Int: String] = [:]
        var seen = Set<String>()
        var timesRepeat = false
        for (index, record) in sample.enumerated() {
            guard let text = record.fields.first(where: { $0.id == timeID })?.text else { continue }
            timeTexts[index] = text
            if !seen.insert(text).inserted { timesRepeat = true }
        }
        guard timesRepeat else { return nil }
        for id in names.indices where id != timeID {
            if case .notASeries = kinds[id] { continue }
            if case .role = kinds[id] { continue }
            let column = columns[id]
            guard column.words > 0, column.numbers == 0, column.distinct.count >= 2, column.dates == 0 else { continue }
            var pairs = Set<String>()
            var unique = true
            for (index, record) in sample.enumerated() {
                guard let time = timeTexts[index], let key = record.fields.first(where: { $0.id == id })?.text else { continue }
                if !pairs.insert(time + "\u{1F}" + key).inserted { unique = false; break }
            }
            if unique { return id }
        }
        return nil
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
        if message.contains("given twice") { return "duplicate reading" }
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
        // One pass over the sample, counting per column: a pass per column was O(rows × columns²).
        var dates = Array(repeating: 0, count: names.count), others = dates
        for record in sample {
            for field in record.fields where !field.text.trimmingSpaces.isEmpty {
                if LocalDateTimeParser.parse(field.text) != nil { dates[field.id] += 1 } else { others[field.id] += 1 }
            }
        }
        let named = names.indices.filter { if case .time = kinds[$0] { return true } else { return false } }
        // A time word names it (`date`, `day`, `timestamp`): the first so named whose values
        // read as dates (a `day` of weekday names is not the time), else the first so named
        // (epoch numbers, or no rows to tell by).
        if let id = named.first(where: { dates[$0] > 0 && others[$0] * 10 <= dates[$0] }) ?? named.first { return id }
        // No telling name: the first column whose values read as dates.
        if let id = names.indices.first(where: { dates[$0] > 0 && others[$0] * 10 <= dates[$0] }) { return id }
        throw columnError("no date or time column; name it with --time-column")
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
    /// Static, given what it reads: a getter on self, called from the mutating `commit`, copied the
    /// whole builder on every record.
    private static func isClean(_ rowValues: [Double], hasInvalid: Bool, totalCheck: (total: Int, north: Int, south: Int)?) -> Bool {
        guard !hasInvalid, !rowValues.contains(where: \.isNaN) else { return false }
        guard let check = totalCheck else { return true }
        return rowValues[check.total] == rowValues[check.north] + rowValues[check.south]
    }

    private mutating func commit() {
        recordCount += 1
        if let time, Self.isClean(rowValues, hasInvalid: rowHasInvalid, totalCheck: totalCheck) {
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
            case .missing where quietlyMissing[index]: continue
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
        if !problems.isEmpty, choice.warns(about: time) { warn("\(time): \(problems.joined(separator: "; "))", at: location) }
        keep(time)
    }

    /// A long table's record: its value lands in its key's series, on its time's row (made the
    /// first time the time is met, so a table sorted by key first costs no more).
    private mutating func commitKeyed() {
        recordCount += 1
        let location = SourceLocation(line: line)
        guard let time else {
            if let rawTime, !rawTime.trimmingSpaces.isEmpty {
                warn("unreadable date \(quoted(rawTime)); row skipped", at: location)
            } else {
                warn("row has no date; row skipped", at: location)
            }
            return
        }
        guard keyColumn != nil, let key = recordKey, !key.isEmpty else {
            guard choice.warns(about: time) else { return }
            warn("\(time): no key in \(quoted(names[keyColumn ?? 0], limit: 40)); row skipped", at: location)
            return
        }
        var seriesIndices: [Int] = []
        for (place, column) in valueColumns.enumerated() {
            let name = valueColumns.count == 1 ? key : "\(key) \(names[column])"
            if let index = seriesByKey[name] {
                seriesIndices.append(index)
                continue
            }
            if place == 0 { keyCount += 1 }
            guard keyCount <= Self.maximumKeys else {
                if extraKeys.count < 1_000_000 { extraKeys.insert(key) }
                return
            }
            seriesByKey[name] = series.count
            seriesIndices.append(series.count)
            series.append(Series(name: name))
            rules.append(.measure)
            values.append(Array(repeating: .nan, count: times.count))
        }
        let row: Int
        if let found = rowByTime[time.sortKey] {
            row = found
        } else {
            row = times.count
            rowByTime[time.sortKey] = row
            if let last = times.last, time.sortKey <= last.sortKey { isSorted = false }
            times.append(time)
            lines.append(Int32(clamping: line))
            for index in values.indices { values[index].append(.nan) }
        }
        var problems: [String] = []
        for (place, index) in seriesIndices.enumerated() {
            switch recordKeyed[place] {
            case .value(let number):
                if values[index][row].isNaN {
                    values[index][row] = number
                } else {
                    problems.append("\(quoted(series[index].name, limit: 40)) given twice (first at line \(lines[row])); the first kept")
                }
            case .missing:
                problems.append("\(quoted(series[index].name, limit: 40)) missing")
            case .invalid(let raw):
                problems.append("\(quoted(series[index].name, limit: 40)) \(quoted(raw)) is not a number")
            }
        }
        if !problems.isEmpty, choice.warns(about: time) { warn("\(time): \(problems.joined(separator: "; "))", at: location) }
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
                return SeriesTable(series: [], times: [], values: [], warnings: warnings.kept, recordCount: recordCount)
            }
            try decide()
        }
        if let failure { throw failure }
        if let undecided = timeReader.undecidedOrder { throw LoadError(source: source, location: columnsLocation, kind: .notData, undecided) }
        if let keyColumn, keyCount > Self.maximumKeys {
            throw LoadError(source: source, location: headerLocation, kind: .notData,
                            "the key column \(quoted(names[keyColumn], limit: 40)) holds \(NumberText.grouped(seriesByKey.count / max(1, valueColumns.count) + extraKeys.count))\(extraKeys.count >= 1_000_000 ? " or more" : "") keys; at most \(Self.maximumKeys) become series (filter the table, or name another --key)")
        }
        if !isSorted { sortAndDeduplicate() }
        dropEmptySeries()
        try decideKinds()
        if let note = timeReader.note { warn(note, at: columnsLocation) }
        var ordered = warnings.kept.enumerated().sorted {
            let left = $0.element.location?.line ?? 0, right = $1.element.location?.line ?? 0
            return left != right ? left < right : $0.offset < $1.offset
        }.map(\.element)
        if let tally = warnings.tally { ordered.append(tally) }
        return SeriesTable(series: series, times: times, values: values, warnings: ordered, recordCount: recordCountOverride ?? recordCount)
    }

    /// A column found without values in the sample, that never had any: left out, said so.
    private mutating func dropEmptySeries() {
        guard choice.columns == nil, keyColumn == nil else { return }
        let empty = series.indices.filter { index in series[index].role == .other && values[index].allSatisfy(\.isNaN) }
        guard !empty.isEmpty, !times.isEmpty else { return }
        for index in empty.reversed() {
            warn("column \(quoted(series[index].name, limit: 40)) left out: it has no values", at: columnsLocation)
            series.remove(at: index)
            values.remove(at: index)
            rules.remove(at: index)
            quietlyMissing.remove(at: index)
        }
    }

    /// A series is a count when every value is a whole number of zero or more, else a measure;
    /// `--sum` and `--mean` say otherwise.
    private mutating func decideKinds() throws(LoadError) {
        for (option, names) in [("--sum", choice.summed), ("--mean", choice.averaged)] {
            for name in names where !series.contains(where: { $0.name.trimmingSpaces.lowercased() == name.trimmingSpaces.lowercased() }) {
                throw columnError("no series named \(quoted(name)) for \(option)")
            }
        }
        for index in series.indices where series[index].role == .other {
            let name = series[index].name.trimmingSpaces.lowercased()
            if choice.summed.contains(where: { $0.trimmingSpaces.lowercased() == name }) {
                series[index].kind = .count
            } else if choice.averaged.contains(where: { $0.trimmingSpaces.lowercased() == name }) {
                series[index].kind = .measure
            } else {
                series[index].kind = values[index].allSatisfy { $0.isNaN || ($0 >= 0 && $0.rounded() == $0) } ? .count : .measure
            }
        }
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
                if choice.warns(about: times[index]) { warn("duplicate hour \(times[index]) (first at line \(lines[previous])); row skipped",
                     at: SourceLocation(line: Int(lines[index]))) }
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
