import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads RSS 0.90-2.0 and Atom 0.3/1.0 (and, told apart by content, JSON Feed) into a `Feed`, as a reader must: strictly and streaming
/// first; when that fails, once more after repairs in memory (whitespace before the declaration,
/// bare `&`, HTML entities, a lying encoding, control characters), reading what libxml2 can
/// recover; every repair is a warning. It gives up only on what is not a feed at all, on
/// entity-expansion bombs, and past the limits.
public enum FeedParser {
    /// How much of the head is read ahead to check the DOCTYPE.
    static let headLength = 64 * 1024
    /// libxml2's XML_ERR_ENTITY_LOOP: its own guard against entity-expansion bombs tripped.
    static let entityLoopCode = 89

    public static func parse(_ source: InputSource, limits: FeedLimits = FeedLimits()) throws(LoadError) -> FeedParseResult {
        let name = source.name
        // A feed from the web: its real address is the base of the relative ones in it (its
        // name may say `***` for a password, which a link must not carry).
        let lowered = name.prefix(8).lowercased()
        let documentBase = source.base ?? (lowered.hasPrefix("http://") || lowered.hasPrefix("https://") ? RedactedURL.location(name) : nil)
        let reader = try source.open()
        let head = try reader.peek(headLength)
        if try checkContent(head, name) == .json {
            return try JSONFeedParser.parse(reader, documentBase: documentBase, limits: limits)
        }
        let declared = try DoctypeGuard.check(head, complete: head.count < headLength, name)

        let stream = ByteReaderStream(reader, limit: limits.maximumBytes, recording: !source.canReopen)
        // A lying encoding declaration reads without error, as mojibake: straight to the repair.
        if !FeedRepair.declarationLies(head) {
            let strict = FeedBuilder(limits: limits, abortOnError: true, documentBase: documentBase)
            run(stream, strict)
            if stream.exceededLimit { throw tooLarge(name, limits) }
            var relabelled: [ParseWarning] = []
            if let label = stream.relabelledEncoding {
                relabelled.append(ParseWarning("the declaration says \(label), which a document in single bytes cannot be: read as UTF-8",
                                               at: SourceLocation(line: 1, column: 1)))
            }
            // Bytes that are not UTF-8 reached it as U+FFFD: the repair reads them better.
            if stream.invalidUTF8Replaced == 0, let result = try settled(strict, name, limits, repairs: relabelled) { return result }
        }

        // The strict parse failed: repair in memory (the size is bounded by the limit) and read again.
        var bytes: [UInt8]
        if let recorded = stream.recorded {
            // Standard input and downloads cannot be opened again: what the strict parse read, then the rest.
            bytes = try readAll(reader, already: [UInt8](recorded), name, limits)
        } else {
            bytes = try readAll(try source.open(), already: [], name, limits)
        }
        let repair = FeedRepair.repair(bytes, declaredEntities: declared)
        bytes = repair.bytes
        let lenient = FeedBuilder(limits: limits, abortOnError: false, documentBase: documentBase)
        run(ByteReaderStream(try InputSource.bytes(Data(bytes), name: name).open()), lenient)
        if let result = try settled(lenient, name, limits, repairs: repair.warnings) { return result }

        guard let error = lenient.firstError else { throw LoadError(source: name, kind: .notData, "not a feed") }
        if !lenient.sawRoot {
            throw LoadError(source: name, location: error.location,
                             "not a feed: no XML element found (\(XMLErrorDescription.message(forCode: error.code)))")
        }
        var warnings = repair.warnings + lenient.warnings
        let feed = lenient.result(plainText: FeedBuilder.plainText)
        // libxml2's recovery can lose the root's end tag on a mismatch; a cut document has none.
        if lenient.rootClosed || endsWithEndTag(bytes, lenient.rootName) {
            warnings.append(ParseWarning("not well-formed: \(XMLErrorDescription.message(forCode: error.code)); read in recovery mode, some text may be missing",
                                         at: error.location))
        } else {
            let count = feed.items.count
            warnings.append(ParseWarning("the document is cut off here: showing the \(count) item\(count == 1 ? "" : "s") complete before the cut",
                                         at: error.location))
        }
        return FeedParseResult(feed: feed, warnings: warnings)
    }

    /// The result when the parse ended cleanly or was stopped on purpose; nil when XML errors remain.
    private static func settled(_ builder: FeedBuilder, _ name: String, _ limits: FeedLimits,
                                repairs: [ParseWarning]) throws(LoadError) -> FeedParseResult? {
        switch builder.stop {
        case .notAFeed(let root, let location):
            throw LoadError(source: name, location: location, "not a feed: the root element is <\(root)>")
        case .tooDeep(let location):
            throw LoadError(source: name, location: location,
                             "elements nest deeper than \(limits.maximumDepth) levels, the limit for feeds")
        case .tooManyItems(let location):
            let warning = ParseWarning("more than \(limits.maximumItems) items, the limit for a feed: the rest is not read", at: location)
            return FeedParseResult(feed: builder.result(plainText: FeedBuilder.plainText),
                                   warnings: repairs + builder.warnings + [warning])
        case nil:
            break
        }
        if let error = builder.firstError {
            if error.code == entityLoopCode {
                throw LoadError(source: name, location: error.location,
                                 "refused: an entity that expands without end (an entity-expansion bomb)")
            }
            return nil
        }
        guard builder.sawRoot else { return nil }
        return FeedParseResult(feed: builder.result(plainText: FeedBuilder.plainText), warnings: repairs + builder.warnings)
    }

    /// Whether the document's last markup is `</name>` (spaces after it allowed).
    static func endsWithEndTag(_ bytes: [UInt8], _ name: String) -> Bool {
        var end = bytes.count
        while end > 0, DoctypeGuard.Scanner.isSpace(bytes[end - 1]) { end -= 1 }
        let tag = Array("</\(name)".utf8)
        guard end > 0, bytes[end - 1] == UInt8(ascii: ">") else { return false }
        var start = end - 1
        while start > 0, DoctypeGuard.Scanner.isSpace(bytes[start - 1]) { start -= 1 }
        return start >= tag.count && Array(bytes[(start - tag.count)..<start]) == tag
    }

    private static func run(_ stream: ByteReaderStream, _ builder: FeedBuilder) {
        let parser = XMLParser(stream: stream)
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        // Never fetch anything a document points at (XXE: file:///etc/passwd, internal URLs).
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        _ = parser.parse()
    }

    /// What is plainly not XML is named before libxml2 tries; JSON goes to the JSON Feed reader.
    private static func checkContent(_ head: [UInt8], _ name: String) throws(LoadError) -> SniffedContent {
        let sniffed = ContentSniffer.sniff(head)
        if sniffed == .empty { throw LoadError(source: name, kind: .notData, "not a feed: the document is empty") }
        return sniffed
    }

    private static func readAll(_ reader: ByteReader, already: [UInt8], _ name: String,
                                _ limits: FeedLimits) throws(LoadError) -> [UInt8] {
        var bytes = already
        try reader.forEachChunk { (chunk: UnsafeBufferPointer<UInt8>) throws(LoadError) in
            bytes.append(contentsOf: chunk)
            if bytes.count > limits.maximumBytes { throw tooLarge(name, limits) }
        }
        return bytes
    }

    private static func tooLarge(_ name: String, _ limits: FeedLimits) -> LoadError {
        LoadError(source: name, kind: .tooLarge, "the document is larger than \(ByteCountText.describe(limits.maximumBytes)), the limit for feeds")
    }
}
