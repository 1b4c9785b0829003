/// One record of a delimited file, valid only inside the callback that receives it: its fields
/// point into the reader's buffer.
public struct CSVRecord {
    /// The line the record starts on (a quoted field may carry it over several lines).
    public let line: Int
    public let fieldCount: Int
    let base: UnsafePointer<UInt8>
    let starts: UnsafePointer<Int>
    let ends: UnsafePointer<Int>
    let escaped: UnsafePointer<Bool>
    let scratch: CSVScratch

    /// The field's bytes with quotes removed and `""` turned into `"`.
    public func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let raw = UnsafeBufferPointer(start: base + starts[index], count: ends[index] - starts[index])
        return escaped[index] ? scratch.unescape(raw) : raw
    }

    public func string(_ index: Int) -> String {
        String(decoding: field(index), as: UTF8.self)
    }

    /// A record made of one empty field: a blank line.
    public var isBlank: Bool { fieldCount == 1 && ends[0] == starts[0] && !escaped[0] }
}

/// Holds unescaped copies of fields that contained `""`, for the life of one record.
final class CSVScratch {
    private var storage: [UnsafeMutableBufferPointer<UInt8>] = []

    func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let out = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: raw.count)
        var count = 0
        var index = 0
        while index < raw.count {
            out[count] = raw[index]
            count += 1
            index += raw[index] == UInt8(ascii: "\"") && index + 1 < raw.count && raw[index + 1] == UInt8(ascii: "\"") ? 2 : 1
        }
        storage.append(out)
        return UnsafeBufferPointer(rebasing: out[0..<count])
    }

    func reset() {
        for buffer in storage { buffer.deallocate() }
        storage.removeAll(keepingCapacity: true)
    }

    deinit { reset() }
}
