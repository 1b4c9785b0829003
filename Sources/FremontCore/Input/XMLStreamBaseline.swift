import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The ceiling for any `XMLParser`-based reader: a parse whose delegate does nothing, through the
/// same streaming input path and settings the feed parser uses. Benchmarks compare against it.
public enum XMLStreamBaseline {
    /// Parses `source` and discards every event; false when the XML is not well-formed.
    public static func parse(_ source: InputSource) throws(LoadError) -> Bool {
        let parser = XMLParser(stream: ByteReaderStream(try source.open()))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        let delegate = EmptyDelegate()
        parser.delegate = delegate
        return parser.parse()
    }

    private final class EmptyDelegate: NSObject, XMLParserDelegate {}
}
