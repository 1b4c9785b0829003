import FremontCore
import Foundation

/// Feed dates and bike timestamps: any text parses or gives nil, and what the formatter writes
/// (to the second) reads back as the same instant.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDates(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let text = String(decoding: bytes, as: UTF8.self)
    // The formatter round-trips years 0001–9999; outside them it writes expanded years.
    if let date = InternetDate.parse(text), case let written = InternetDate.format(date), written.first?.isNumber == true {
        let reread = InternetDate.parse(written)
        fuzzCheck(reread.map { abs($0.timeIntervalSince(date)) < 1 } == true, "\(text) → \(written) reads back as \(String(describing: reread))")
        fuzzCheck(reread.map(InternetDate.format) == written, "\(text) → \(written) is not written the same way twice")
    }
    _ = LocalDateTimeParser.parse(text)
    _ = LocalDateTimeParser.parse(bytes)
    return 0
}
