import FremontCore
import Foundation

/// Bike counts as JSON: any bytes end in rows or a LoadError (deep nesting included), and tiny
/// chunks give the same rows.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBikeJSON(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let data = Data(bytes)
    let whole = try? SeriesLoader.load(.bytes(data, name: "fuzz.json"), format: .json)
    let chunked = try? SeriesLoader.load(.bytes(data, name: "fuzz.json"), format: .json, chunkSize: smallChunkSize(bytes))
    fuzzCheck(sameRows(whole, chunked), "chunked JSON read differs")
    return 0
}
