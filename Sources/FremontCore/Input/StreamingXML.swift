import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An `XMLParser` fed from a source as it is read, never the whole document in memory at once
/// (and so past libxml2's 10 MB limit on a document handed over whole), with entity bombs refused
/// before the parse and external entities never fetched. For readers outside this module (OPML).
public enum StreamingXML {
    /// `failure` says why the stream stopped (a read error, the size limit) when the parse fails.
    public static func parser(_ source: InputSource, maximumBytes: Int) throws(LoadError) -> (parser: XMLParser, failure: () -> LoadError?) {
        let reader = try source.open()
        let head = try reader.peek(ByteReaderStream.headLength)
        _ = try DoctypeGuard.check(head, complete: head.count < ByteReaderStream.headLength, source.name)
        let stream = ByteReaderStream(reader, limit: maximumBytes)
        let parser = XMLParser(stream: stream)
        parser.shouldResolveExternalEntities = false
        let name = source.name
        return (parser, {
            if stream.exceededLimit {
                return LoadError(source: name, kind: .tooLarge, "larger than \(ByteCountText.describe(maximumBytes)), the limit for this file")
            }
            return reader.failure
        })
    }
}
