import FremontCore
import Foundation

/// RSS and Atom: any bytes end in a feed or a LoadError, with the caps holding, and the feed's
/// text output is terminal-safe and its JSON output valid.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeed(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(UnsafeBufferPointer(start: start, count: count))
    let limits = FeedLimits()
    guard let result = try? FeedParser.parse(.bytes(data, name: "fuzz.xml"), limits: limits) else { return 0 }
    let feed = result.feed
    fuzzCheck(feed.items.count <= limits.maximumItems, "more items than the cap")
    var text = ""
    FeedExport.text(feed) { text += $0 }
    fuzzCheck(isTerminalSafe(text), "control or bidi character in the text output")
    var json = ""
    FeedExport.json(feed) { json += $0 }
    fuzzCheck((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "the JSON output does not parse")
    return 0
}
