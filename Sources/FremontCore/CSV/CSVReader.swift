/// Streams RFC 4180 records out of a `ByteReader`: quoted fields with delimiters, `""` and line
/// breaks inside them; LF, CRLF and CR-only line ends; any one-byte delimiter. Works on raw
/// bytes in a window that slides over the input, so memory stays at a chunk or two whatever the
/// file's size, and no `String` is made unless a caller asks for one.
public final class CSVReader {
    public static let candidateDelimiters: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "\t"), UInt8(ascii: "|"), UInt8(ascii: ";")]

    public let delimiter: UInt8
    /// Longer records are refused: no data file has them, and an unclosed quote would otherwise
    /// gather the whole rest of the file into one record, read again with every chunk.
    public static let maximumRecordLength = 1 << 20
    private let reader: ByteReader

    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var filled = 0
    private var atEndOfInput = false
    private var line = 1

    private var starts: UnsafeMutablePointer<Int>
    private var ends: UnsafeMutablePointer<Int>
    private var escaped: UnsafeMutablePointer<Bool>
    private var fieldCapacity = 64
    private let scratch = CSVScratch()

    /// With no delimiter given, it is detected from the first line.
    public init(_ reader: ByteReader, delimiter: UInt8? = nil) throws(LoadError) {
        self.reader = reader
        // A byte order mark is not part of the first column's name.
        try reader.skipByteOrderMark()
        if let delimiter {
            self.delimiter = delimiter
        } else {
            self.delimiter = Self.detectDelimiter(in: try reader.peek(64 * 1024))
        }
        capacity = ByteReader.defaultChunkSize * 2
        buffer = .allocate(capacity: capacity)
        starts = .allocate(capacity: fieldCapacity)
        ends = .allocate(capacity: fieldCapacity)
        escaped = .allocate(capacity: fieldCapacity)
    }

    deinit {
        buffer.deallocate()
        starts.deallocate()
        ends.deallocate()
        escaped.deallocate()
    }

    /// The candidate that occurs most often outside quotes on the first line; comma on a tie or
    /// when none occurs (a one-column file).
    public static func detectDelimiter(in bytes: [UInt8]) -> UInt8 {
        var counts = [Int](repeating: 0, count: candidateDelimiters.count)
        var inQuotes = false
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { inQuotes.toggle(); continue }
            if inQuotes { continue }
            if byte == 0x0A || byte == 0x0D { break }
            if let index = candidateDelimiters.firstIndex(of: byte) { counts[index] += 1 }
        }
        let best = counts.indices.max { counts[$0] < counts[$1] || (counts[$0] == counts[$1] && $0 > $1) }!
        return counts[best] > 0 ? candidateDelimiters[best] : UInt8(ascii: ",")
    }

    /// Calls `body` with every record, blank lines included (see `CSVRecord.isBlank`).
    public func forEachRecord(_ body: (CSVRecord) throws(LoadError) -> Void) throws(LoadError) {
        while true {
            if capacity - filled < ByteReader.defaultChunkSize { grow() }
            let count = try reader.read(into: UnsafeMutableRawBufferPointer(start: buffer + filled, count: capacity - filled))
            atEndOfInput = count == 0
            filled += count
            var position = 0
            while position < filled {
                guard let next = try parseRecord(at: position, body) else { break }
                position = next
            }
            if atEndOfInput {
                if position < filled { throw LoadError(source: reader.name, location: SourceLocation(line: line), "quoted field is never closed (is the file cut off?)") }
                return
            }
            if filled - position > Self.maximumRecordLength {
                throw LoadError(source: reader.name, location: SourceLocation(line: line),
                                 "a record longer than \(Self.maximumRecordLength >> 20) MB (a quote that is never closed?)")
            }
            // Keep the incomplete record for the next round.
            buffer.update(from: buffer + position, count: filled - position)
            filled -= position
        }
    }

    private func grow() {
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
        bigger.update(from: buffer, count: filled)
        buffer.deallocate()
        buffer = bigger
        capacity *= 2
    }

    private func growFields() {
        let newCapacity = fieldCapacity * 2
        let newStarts = UnsafeMutablePointer<Int>.allocate(capacity: newCapacity)
        let newEnds = UnsafeMutablePointer<Int>.allocate(capacity: newCapacity)
        let newEscaped = UnsafeMutablePointer<Bool>.allocate(capacity: newCapacity)
        newStarts.update(from: starts, count: fieldCapacity)
        newEnds.update(from: ends, count: fieldCapacity)
        newEscaped.update(from: escaped, count: fieldCapacity)
        starts.deallocate(); ends.deallocate(); escaped.deallocate()
        starts = newStarts; ends = newEnds; escaped = newEscaped
        fieldCapacity = newCapacity
    }

    /// Parses one record starting at `position` and hands it to `body`; returns where the next
    /// record starts, or nil when the record is not complete in the buffer yet.
    private func parseRecord(at position: Int, _ body: (CSVRecord) throws(LoadError) -> Void) throws(LoadError) -> Int? {
        let quote = UInt8(ascii: "\"")
        let delimiter = self.delimiter
        let end = filled
        var index = position
        var fieldCount = 0
        var extraLines = 0
        while true {
            if fieldCount == fieldCapacity { growFields() }
            var hasEscapes = false
            let fieldStart: Int
            let fieldEnd: Int
            if index < end, buffer[index] == quote {
                // Quoted: runs to the next quote not followed by another.
                index += 1
                fieldStart = index
                while true {
                    guard index < end else { return nil }
                    let byte = buffer[index]
                    if byte == quote {
                        if index + 1 < end, buffer[index + 1] == quote {
                            hasEscapes = true
                            index += 2
                            continue
                        }
                        if index + 1 == end, !atEndOfInput { return nil }
                        break
                    }
                    if byte == 0x0A { extraLines += 1 } else if byte == 0x0D, index + 1 < end, buffer[index + 1] != 0x0A { extraLines += 1 }
                    index += 1
                }
                fieldEnd = index
                index += 1
                // Tolerate stray bytes between the closing quote and the delimiter, as readers do.
                while index < end, buffer[index] != delimiter, buffer[index] != 0x0A, buffer[index] != 0x0D { index += 1 }
            } else {
                fieldStart = index
                while index < end {
                    let byte = buffer[index]
                    if byte == delimiter || byte == 0x0A || byte == 0x0D { break }
                    index += 1
                }
                fieldEnd = index
            }
            starts[fieldCount] = fieldStart
            ends[fieldCount] = fieldEnd
            escaped[fieldCount] = hasEscapes
            fieldCount += 1

            guard index < end else {
                if !atEndOfInput { return nil }
                // The last record may lack a line end; an empty one after a final line end is no record.
                if fieldCount == 1, fieldStart == fieldEnd, !hasEscapes, index == position { return index }
                try deliver(fieldCount: fieldCount, extraLines: extraLines, body)
                return index
            }
            let byte = buffer[index]
            if byte == delimiter {
                index += 1
                continue
            }
            // A line end: CR LF, LF, or a lone CR (which needs the next byte to be sure).
            if byte == 0x0D {
                if index + 1 == end, !atEndOfInput { return nil }
                index += index + 1 < end && buffer[index + 1] == 0x0A ? 2 : 1
            } else {
                index += 1
            }
            try deliver(fieldCount: fieldCount, extraLines: extraLines, body)
            line += 1
            return index
        }
    }

    private func deliver(fieldCount: Int, extraLines: Int, _ body: (CSVRecord) throws(LoadError) -> Void) throws(LoadError) {
        let record = CSVRecord(line: line, fieldCount: fieldCount, base: buffer, starts: starts, ends: ends, escaped: escaped, scratch: scratch)
        defer { scratch.reset() }
        try body(record)
        line += extraLines
    }
}
