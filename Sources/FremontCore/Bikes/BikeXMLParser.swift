import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Bike counts from Socrata XML, streamed through `XMLParser`. Reads both shapes the API serves:
/// `/resource/<id>.xml` (`<response><row>…</row>…`) and `/api/views/<id>/rows.xml` (one outer
/// `<row>` wrapping all rows). Unknown elements are ignored; a Socrata `<error>` document or any
/// other root is an error, not an empty table.
enum BikeXMLParser {
    static func parse(_ reader: ByteReader) throws(ParseError) -> BikeCounts {
        // libxml2 refuses whitespace before `<?xml`; drop it and keep line numbers true.
        let head = try reader.peek(ContentSniffer.prefixLength)
        var skipped = 0
        var skippedLines = 0
        let hasBOM = head.starts(with: [0xEF, 0xBB, 0xBF])
        if !hasBOM {
            while skipped < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[skipped]) {
                if head[skipped] == 0x0A { skippedLines += 1 }
                skipped += 1
            }
            reader.discardPeeked(skipped)
        }

        let delegate = BikeXMLDelegate(lineOffset: skippedLines)
        let parser = XMLParser(stream: ByteReaderStream(reader))
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        let succeeded = parser.parse()

        if let failure = delegate.failure { throw ParseError(source: reader.name, location: failure.location, failure.message) }
        guard succeeded else {
            if let readError = parser.parserError as? ParseError { throw readError }
            let location = SourceLocation(line: parser.lineNumber + skippedLines, column: parser.columnNumber)
            throw ParseError(source: reader.name, location: location, XMLErrorDescription.describe(parser.parserError))
        }
        // XMLParser(stream:) on Linux reports success for a document cut off mid-way.
        guard delegate.rootClosed else {
            let location = SourceLocation(line: parser.lineNumber + skippedLines, column: parser.columnNumber)
            let root = delegate.rootName.map { "</\($0)>" } ?? "its root element"
            throw ParseError(source: reader.name, location: location, "the document ends before \(root) (is it cut off?)")
        }
        if let socrataError = delegate.socrataError {
            throw ParseError(source: reader.name, location: socrataError.location, socrataError.message)
        }
        let (rows, warnings) = delegate.collector.finish()
        return BikeCounts(rows: rows, warnings: warnings)
    }
}

private final class BikeXMLDelegate: NSObject, XMLParserDelegate {
    struct Failure {
        var location: SourceLocation
        var message: String
    }

    /// A `<row>` not yet closed. An outer row that only wraps other rows is no record.
    struct OpenRow {
        var location: SourceLocation
        var date: String?
        var northbound: String?
        var southbound: String?
        var total: String?
        var wrapsRows = false
        var hasFields: Bool { date != nil || northbound != nil || southbound != nil || total != nil }
    }

    var collector = BikeRowCollector(expectedRows: 1024)
    var failure: Failure?
    var socrataError: Failure?
    private(set) var rootName: String?
    private(set) var rootClosed = false
    private var rootLocation = SourceLocation(line: 1)

    private let lineOffset: Int
    private var depth = 0
    private var isErrorDocument = false
    private var errorFields: [String: String] = [:]
    private var openRows: [OpenRow] = []
    /// The column being read, and how deep its element is (only direct children of a row count).
    private var field: BikeColumn?
    private var fieldDepth = 0
    private var capturingErrorField: String?
    private var text = ""
    private var columnsByName: [String: BikeColumn?] = [:]

    init(lineOffset: Int) {
        self.lineOffset = lineOffset
    }

    private func location(_ parser: XMLParser) -> SourceLocation {
        SourceLocation(line: parser.lineNumber + lineOffset, column: parser.columnNumber)
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        depth += 1
        if depth == 1 {
            rootName = elementName
            rootLocation = location(parser)
            switch elementName {
            case "response": return
            case "error":
                isErrorDocument = true
                return
            default:
                failure = Failure(location: location(parser), message: "not Socrata bike data: the root element is <\(elementName)>, expected <response>")
                parser.abortParsing()
                return
            }
        }
        if isErrorDocument {
            capturingErrorField = elementName
            text = ""
            return
        }
        if elementName == "row" {
            if !openRows.isEmpty { openRows[openRows.count - 1].wrapsRows = true }
            openRows.append(OpenRow(location: location(parser)))
            field = nil
            return
        }
        guard field == nil, !openRows.isEmpty else { return }
        if let column = column(named: elementName) {
            field = column
            fieldDepth = depth
            text = ""
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        defer { depth -= 1 }
        if depth == 1 { rootClosed = true }
        if isErrorDocument {
            if let name = capturingErrorField { errorFields[name] = text.trimmingSpaces.description }
            capturingErrorField = nil
            if depth == 1 { socrataError = Failure(location: rootLocation, message: socrataMessage()) }
            return
        }
        if let column = field {
            guard depth == fieldDepth else { return }
            field = nil
            let value = text
            switch column {
            case .date: openRows[openRows.count - 1].date = value
            case .northbound: openRows[openRows.count - 1].northbound = value
            case .southbound: openRows[openRows.count - 1].southbound = value
            case .total: openRows[openRows.count - 1].total = value
            }
            return
        }
        guard elementName == "row", let row = openRows.popLast() else { return }
        if row.wrapsRows && !row.hasFields { return }
        let date = row.date.flatMap { LocalDateTimeParser.parse($0) }
        collector.add(
            date: date, rawDate: row.date,
            northbound: row.northbound.map { CountField.parse($0) } ?? .missing,
            southbound: row.southbound.map { CountField.parse($0) } ?? .missing,
            total: row.total.map { CountField.parse($0) },
            at: SourceLocation(line: row.location.line))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if field != nil || capturingErrorField != nil { text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        if field != nil || capturingErrorField != nil { text += String(decoding: CDATABlock, as: UTF8.self) }
    }

    private func column(named name: String) -> BikeColumn? {
        switch name {
        case "date": return .date
        case "fremont_bridge_nb": return .northbound
        case "fremont_bridge_sb": return .southbound
        default:
            if let known = columnsByName[name] { return known }
            let column = BikeColumn(name: name)
            columnsByName[name] = column
            return column
        }
    }

    private func socrataMessage() -> String {
        let code = errorFields["code"].map { " \($0)" } ?? ""
        let message = errorFields["message"] ?? errorFields["error"] ?? "no message"
        return "the server sent an error, not data: Socrata error\(code): \(message)"
    }
}
