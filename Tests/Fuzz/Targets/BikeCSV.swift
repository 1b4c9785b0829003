import FremontCore
import Foundation

/// Bike counts as CSV, and the CSV reader under them: any bytes end in rows or a LoadError, and
/// the records do not depend on where chunk boundaries fall.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBikeCSV(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let data = Data(bytes)
    let whole = try? SeriesLoader.load(.bytes(data, name: "fuzz.csv"), format: .csv)
    let chunked = try? SeriesLoader.load(.bytes(data, name: "fuzz.csv"), format: .csv, chunkSize: smallChunkSize(bytes))
    fuzzCheck(sameRows(whole, chunked), "chunked bike CSV read differs")

    let wholeRecords = records(data, chunkSize: ByteReader.defaultChunkSize)
    let chunkedRecords = records(data, chunkSize: smallChunkSize(bytes))
    fuzzCheck(wholeRecords == chunkedRecords, "chunked CSV records differ")
    return 0
}

private func records(_ data: Data, chunkSize: Int) -> [[String]]? {
    do {
        let reader = try CSVReader(try InputSource.bytes(data, name: "fuzz.csv").open(chunkSize: chunkSize))
        var all: [[String]] = []
        try reader.forEachRecord { record in
            all.append((0..<record.fieldCount).map { record.string($0) })
        }
        return all
    } catch {
        return nil
    }
}
