import FremontCore
import Foundation

/// Bike counts as XML: any bytes end in counts or a LoadError, never a crash, and reading in
/// tiny chunks gives the same rows as reading in one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBikeXML(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let data = Data(bytes)
    let whole = try? SeriesLoader.load(.bytes(data, name: "fuzz.xml"), format: .xml)
    let chunked = try? SeriesLoader.load(.bytes(data, name: "fuzz.xml"), format: .xml, chunkSize: smallChunkSize(bytes))
    fuzzCheck(sameRows(whole, chunked), "chunked XML read differs")
    if let counts = whole {
        fuzzCheck(counts.rowCount <= counts.recordCount, "more rows than records")
        _ = SeriesSummary(counts)
    }
    return 0
}
