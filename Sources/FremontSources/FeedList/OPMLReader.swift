import Foundation
import FremontCore
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads the feeds of an OPML 1.0 or 2.0 subscription list: every `outline` with an `xmlUrl`,
/// wherever it is. The folders it sits in (outlines without an address) become its tags, as do
/// the names in its `category` attribute. A feed listed twice is one entry with the tags of both.
public enum OPMLReader {
    public struct Result: Sendable, Equatable {
        public var entries: [FeedListEntry]
        public var warnings: [ParseWarning]
    }

    /// Far past any subscription list (100,000 feeds are 15 MB).
    public static let maximumBytes = 256 << 20

    public static func read(_ url: URL) throws(LoadError) -> Result {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw LoadError(source: url.path, kind: .notFound, "cannot open: no such file")
        }
        guard !isFolder.boolValue else { throw LoadError(source: url.path, "cannot open: is a directory, not a file") }
        return try read(.file(url.path), name: url.path)
    }

    public static func read(_ data: Data, name: String) throws(LoadError) -> Result {
        try read(.bytes(data, name: name), name: name)
    }

    /// Streamed: the document is never held whole, whatever its size up to the limit.
    private static func read(_ source: InputSource, name: String) throws(LoadError) -> Result {
        let (parser, streamFailure) = try StreamingXML.parser(source, maximumBytes: maximumBytes)
        let builder = Builder()
        parser.delegate = builder
        let finished = parser.parse()
        if let root = builder.foreignRoot {
            throw LoadError(source: name, location: root.location, "not an OPML file: the root element is <\(root.name)>")
        }
        if let failure = streamFailure() { throw failure }
        if !finished {
            let location = SourceLocation(line: parser.lineNumber, column: parser.columnNumber)
            throw LoadError(source: name, location: location, "not an OPML file: \(XMLErrorDescription.describe(parser.parserError))")
        }
        guard builder.sawRoot else { throw LoadError(source: name, "not an OPML file: no <opml> element") }
        // libxml2 does not always call a document that stops early an error.
        guard builder.rootClosed else {
            throw LoadError(source: name, location: SourceLocation(line: parser.lineNumber, column: parser.columnNumber),
                             "not an OPML file: the document is cut off before </opml>")
        }
        return Result(entries: builder.entries, warnings: builder.warnings)
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var entries: [FeedListEntry] = []
        var warnings: [ParseWarning] = []
        var sawRoot = false
        var rootClosed = false
        var foreignRoot: (name: String, location: SourceLocation)?
        /// One element per open `outline`: the folder's name, or nil for a feed (or a nameless folder).
        private var folders: [String?] = []
        private var indexByURL: [String: Int] = [:]

        /// Stops at the first error: the file is refused anyway, and libxml2's recovery would go
        /// on to hand Foundation names holding invalid UTF-8, which it force-unwraps (a crash).
        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            parser.abortParsing()
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String]) {
            if !sawRoot {
                sawRoot = true
                if name.lowercased() != "opml" {
                    foreignRoot = (name, SourceLocation(line: parser.lineNumber, column: parser.columnNumber))
                    parser.abortParsing()
                }
                return
            }
            guard name == "outline" else { return }
            // Some writers vary the case of attribute names (`xmlurl`, `XMLURL`).
            var lowered: [String: String] = [:]
            for (key, value) in attributes { lowered[key.lowercased()] = value }
            let text = lowered["title"].flatMap(nonEmpty) ?? lowered["text"].flatMap(nonEmpty)
            guard let address = lowered["xmlurl"].map({ $0.trimmingCharacters(in: .whitespacesAndNewlines) }) else {
                folders.append(text)
                return
            }
            folders.append(nil)
            let line = SourceLocation(line: parser.lineNumber)
            guard FeedList.isWebAddress(address) else {
                warnings.append(ParseWarning("not a feed address (http or https): '\(address.prefix(60))': skipped", at: line))
                return
            }
            var tags = folders.compactMap { $0 }
            for category in (lowered["category"] ?? "").split(separator: ",") {
                let tag = category.trimmingCharacters(in: .whitespaces).drop { $0 == "/" }
                if !tag.isEmpty { tags.append(String(tag)) }
            }
            // A title that only repeats the address says nothing (fremont writes one so `text` is never empty).
            let title = text == address ? nil : text
            if let index = indexByURL[address] {
                for tag in tags where !entries[index].tags.contains(tag) { entries[index].tags.append(tag) }
                if entries[index].title == nil { entries[index].title = title }
                return
            }
            var unique: [String] = []
            for tag in tags where !unique.contains(tag) { unique.append(tag) }
            indexByURL[address] = entries.count
            entries.append(FeedListEntry(url: address, title: title, tags: unique))
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "outline", !folders.isEmpty { folders.removeLast() }
            if name.lowercased() == "opml" { rootClosed = true }
        }

        private func nonEmpty(_ text: String) -> String? {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        }
    }
}
