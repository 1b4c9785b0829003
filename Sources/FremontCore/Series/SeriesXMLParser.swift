import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A table from Socrata XML, streamed through `XMLParser`. Reads both shapes the API serves:
/// `/resource/<id>.xml` (`<response><row>…</row>…`) and `/api/views/<id>/rows.xml` (one outer
/// `<row>` wrapping all rows). A row's child elements are its columns; a Socrata `<error>`
/// document or any other root is an error, not an empty table.
enum SeriesXMLParser {
    static func parse(_ reader: ByteReader, choice: SeriesColumnChoice) throws(LoadError) -> SeriesTable {
        // The prolog, read once: whitespace before it and entity bombs in it are dealt with here.
        let head = try reader.peek(ByteReaderStream.headLength)
        // libxml2 refuses whitespace before `<?xml`; drop it and keep line numbers true.
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

        // Entity-expansion bombs are refused before libxml2 starts expanding them.
        _ = try DoctypeGuard.check(Array(head[skipped...]), complete: head.count < ByteReaderStream.headLength, reader.name)

        let delegate = SeriesXMLDelegate(builder: SeriesXMLBuilder(lineOffset: skippedLines, builder: SeriesTableBuilder(source: reader.name, choice: choice)))
        let parser = XMLParser(stream: ByteReaderStream(reader))
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        let succeeded = parser.parse()

        if let failure = delegate.failure { throw LoadError(source: reader.name, location: failure.location, failure.message) }
        if let failure = delegate.columnFailure { throw failure }
        guard succeeded else {
            if let readError = parser.parserError as? LoadError ?? reader.failure { throw readError }
            if let (error, location) = delegate.firstError {
                throw LoadError(source: reader.name, location: location, XMLErrorDescription.describe(error))
            }
            let location = SourceLocation(line: parser.lineNumber + skippedLines, column: parser.columnNumber)
            throw LoadError(source: reader.name, location: location, XMLErrorDescription.describe(parser.parserError))
        }
        // XMLParser(stream:) on Linux reports success for a document cut off mid-way.
        guard delegate.rootClosed else {
            if let readError = reader.failure { throw readError }
            let location = SourceLocation(line: parser.lineNumber + skippedLines, column: parser.columnNumber)
            let root = delegate.rootName.map { "</\($0)>" } ?? "its root element"
            throw LoadError(source: reader.name, location: location, "the document ends before \(root) (is it cut off?)")
        }
        if let socrataError = delegate.socrataError {
            throw LoadError(source: reader.name, location: socrataError.location, socrataError.message)
        }
        return try delegate.finish()
    }
}

/// Hands `XMLParser`'s callbacks to a `SeriesXMLBuilder`. The builder sits behind a pointer this
/// object owns rather than in a stored property: a class's stored properties pay a dynamic
/// exclusivity check on every access (~190 instructions each here, ~4 % of the whole parse), and
/// the callbacks all come from the one thread running `parse()`.
private final class SeriesXMLDelegate: NSObject, XMLParserDelegate {
    private let state: UnsafeMutablePointer<SeriesXMLBuilder>
    var builder: SeriesXMLBuilder { state.pointee }

    init(builder: SeriesXMLBuilder) {
        state = .allocate(capacity: 1)
        state.initialize(to: builder)
    }

    func finish() throws(LoadError) -> SeriesTable { try state.pointee.rows.finish() }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    var failure: SeriesXMLBuilder.Failure? { builder.failure }
    var socrataError: SeriesXMLBuilder.Failure? { builder.socrataError }
    var columnFailure: LoadError? { builder.columnFailure }
    var rootName: String? { builder.rootName }
    var rootClosed: Bool { builder.rootClosed }
    private(set) var firstError: (Error, SourceLocation)?

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        if !state.pointee.start(elementName, parser) { parser.abortParsing() }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        state.pointee.end(elementName, parser)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        state.pointee.characters(string)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        state.pointee.characters(String(decoding: CDATABlock, as: UTF8.self))
    }

    /// Stops at the first error: such a document is refused anyway, and libxml2's recovery would
    /// go on to hand Foundation names holding invalid UTF-8, which Foundation force-unwraps (a
    /// crash, found by fuzzing: `<\u{FF}x>`).
    /// libxml2 halts by itself on "extra content after the end" (XML_ERR_DOCUMENT_END), which on
    /// Linux is also how a cut-off stream ends; that case is told apart after the parse.
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard firstError == nil, (parseError as NSError).code != 5 else { return }
        firstError = (parseError, state.pointee.location(parser))
        parser.abortParsing()
    }
}

/// Turns the element events of a Socrata XML document into rows.
private struct SeriesXMLBuilder {
    struct Failure {
        var location: SourceLocation
        var message: String
    }

    var rows: SeriesTableBuilder
    var failure: Failure?
    /// The columns could not be told (no time column, no numbers, too many): the parse stops there.
    var columnFailure: LoadError?
    var socrataError: Failure?
    private(set) var rootName: String?
    private(set) var rootClosed = false
    private var rootLocation = SourceLocation(line: 1)

    private let lineOffset: Int
    private var depth = 0
    private var isErrorDocument = false
    private var errorFields: [String: String] = [:]
    /// The row being read and its element depth. The rows.xml shape wraps all rows in one outer
    /// `<row>`: a row that starts inside another replaces it, and the outer one's end is ignored.
    private var rowIsOpen = false
    private var rowHasFields = false
    private var rowDepth = 0
    /// The column being read, and how deep its element is (only direct children of a row count).
    private var field: Int?
    private var fieldDepth = 0
    private var capturingErrorField: String?
    private var text = ""

    init(lineOffset: Int, builder: SeriesTableBuilder) {
        self.lineOffset = lineOffset
        self.rows = builder
    }

    func location(_ parser: XMLParser) -> SourceLocation {
        SourceLocation(line: parser.lineNumber + lineOffset, column: parser.columnNumber)
    }

    /// Returns false when the document is not bike data and parsing should stop.
    mutating func start(_ elementName: String, _ parser: XMLParser) -> Bool {
        depth += 1
        if depth > Self.maximumDepth {
            failure = Failure(location: location(parser), message: "elements nest deeper than \(Self.maximumDepth) levels: not a Socrata table")
            return false
        }
        if depth == 1 {
            rootName = elementName
            rootLocation = location(parser)
            switch elementName {
            case "response":
                return true
            case "error":
                isErrorDocument = true
                return true
            default:
                failure = Failure(location: rootLocation, message: "not a Socrata table: the root element is <\(elementName)>, expected <response>")
                return false
            }
        }
        if isErrorDocument {
            capturingErrorField = elementName
            text = ""
            return true
        }
        if isRow(elementName) {
            // An outer row with fields of its own (not a Socrata shape) still counts as a row.
            if rowIsOpen && rowHasFields { guard finishRow() else { return false } }
            rows.beginRecord(line: parser.lineNumber + lineOffset)
            rowIsOpen = true
            rowHasFields = false
            rowDepth = depth
            field = nil
            return true
        }
        guard field == nil, rowIsOpen, depth == rowDepth + 1 else { return true }
        do throws(LoadError) {
            field = try rows.columnID(elementName)
        } catch {
            columnFailure = error
            return false
        }
        fieldDepth = depth
        text = ""
        return true
    }

    mutating func end(_ elementName: String, _ parser: XMLParser) {
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
            rowHasFields = true
            rows.field(column, text)
            return
        }
        if depth == rowDepth, rowIsOpen, isRow(elementName), !finishRow() { parser.abortParsing() }
    }

    /// False when the columns cannot be told apart, and the parse should stop.
    private mutating func finishRow() -> Bool {
        rowIsOpen = false
        do throws(LoadError) {
            try rows.endRecord()
            return true
        } catch {
            columnFailure = error
            return false
        }
    }

    /// Socrata's rows are four levels deep; a document far deeper is something else.
    static let maximumDepth = 64
    /// A count or a date is a few bytes; past this, a field's text is not kept (memory stays
    /// bounded whatever a text node holds, and the value is unreadable anyway).
    static let maximumFieldText = 4096

    mutating func characters(_ string: String) {
        guard field != nil || capturingErrorField != nil, text.utf8.count < Self.maximumFieldText else { return }
        // Usually the whole value arrives at once: take it without copying.
        if text.isEmpty { text = string } else { text += string }
    }

    // Names are compared as bytes with memcmp: `String ==` and the generic `UTF8View`
    // algorithms both take slow paths here, and this runs for every element.
    private func isRow(_ name: String) -> Bool {
        ElementName.matches(name, "row")
    }

    private func socrataMessage() -> String {
        let code = errorFields["code"].map { " \($0)" } ?? ""
        let message = errorFields["message"] ?? errorFields["error"] ?? "no message"
        return "the server sent an error, not data: Socrata error\(code): \(message)"
    }
}

enum ElementName {
    @inline(__always)
    static func matches(_ name: String, _ literal: StaticString) -> Bool {
        // The length first: it is stored, and most names differ in it.
        guard name.utf8.count == literal.utf8CodeUnitCount else { return false }
        var name = name
        return name.withUTF8 { memcmp($0.baseAddress!, literal.utf8Start, $0.count) == 0 }
    }
}
