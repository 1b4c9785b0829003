import CZlib
import Foundation
import GRDB

/// An item's summary and content as the cache keeps them: one blob, deflated together (a feed's
/// content often repeats its summary, and HTML is half markup). Its bytes:
/// - none: both empty;
/// - `0`, the summary's length (a varint), the two texts' UTF-8 one after the other;
/// - `1`, the summary's length, the two texts' length, then both deflated (raw deflate, no header).
/// A text that deflate cannot shrink is kept as it is, the first form.
public enum StoredItemText {
    /// Above this many bytes a blob is not inflated: not one this cache wrote (`pack` caps
    /// nothing, but no feed item the parser keeps comes near it).
    static let largestText = 64 << 20

    public static func pack(summary: String, content: String) -> [UInt8] {
        let summaryBytes = Array(summary.utf8), contentBytes = Array(content.utf8)
        guard !summaryBytes.isEmpty || !contentBytes.isEmpty else { return [] }
        let plain = summaryBytes + contentBytes
        var packed: [UInt8] = [1]
        appendVarint(summaryBytes.count, to: &packed)
        appendVarint(plain.count, to: &packed)
        let header = packed.count
        if let deflated = deflate(plain), header + deflated.count < 1 + varintLength(summaryBytes.count) + plain.count {
            return packed + deflated
        }
        var stored: [UInt8] = [0]
        appendVarint(summaryBytes.count, to: &stored)
        return stored + plain
    }

    /// The summary and content of `bytes`; empty texts for a blob this cache did not write.
    public static func unpack(_ bytes: some Collection<UInt8>) -> (summary: String, content: String) {
        let bytes = Array(bytes)
        guard let kind = bytes.first else { return ("", "") }
        var offset = 1
        guard let summaryLength = readVarint(bytes, &offset) else { return ("", "") }
        let plain: [UInt8]
        switch kind {
        case 0:
            plain = Array(bytes[offset...])
        case 1:
            guard let total = readVarint(bytes, &offset), total <= largestText,
                  let inflated = inflate(bytes[offset...], count: total) else { return ("", "") }
            plain = inflated
        default:
            return ("", "")
        }
        guard summaryLength <= plain.count else { return ("", "") }
        return (String(decoding: plain[..<summaryLength], as: UTF8.self), String(decoding: plain[summaryLength...], as: UTF8.self))
    }

    /// `unpack` of a column's value (a blob; a text or NULL, as a hand-made row may hold, read as the summary).
    static func unpack(_ value: DatabaseValue) -> (summary: String, content: String) {
        switch value.storage {
        case .blob(let data): unpack(data)
        case .string(let text): (text, "")
        default: ("", "")
        }
    }

    // MARK: SQL functions

    public static let packFunctionName = "fremont_pack"
    /// `fremont_pack(summary, content)`: the blob, for SQL that writes items (a migration, a benchmark's fill).
    static let packFunction = DatabaseFunction(packFunctionName, argumentCount: 2, pure: true) { values in
        Data(pack(summary: String.fromDatabaseValue(values[0]) ?? "", content: String.fromDatabaseValue(values[1]) ?? ""))
    }
    static let bodyFunctionName = "fremont_body"
    /// `fremont_body(text)`: the content, else the summary (newsboat's article body, which the filters' `content` tests).
    static let bodyFunction = DatabaseFunction(bodyFunctionName, argumentCount: 1, pure: true) { values in
        let (summary, content) = unpack(values[0])
        return content.isEmpty ? summary : content
    }

    // MARK: Deflate

    private static func deflate(_ input: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        // A window and hash table no larger than the text: most are a few hundred bytes, and
        // zlib's defaults (a quarter of a megabyte, set up afresh) would cost more than the work.
        // Inflating takes any window up to the largest.
        let windowBits = min(15, max(9, Int.bitWidth - (input.count | 1).leadingZeroBitCount))
        guard fremont_deflate_init_raw(&stream, Z_DEFAULT_COMPRESSION, Int32(windowBits), Int32(min(8, windowBits - 6))) == Z_OK else {
            return nil
        }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))))
        let status: Int32 = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return CZlib.deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }

    private static func inflate(_ input: ArraySlice<UInt8>, count: Int) -> [UInt8]? {
        var stream = z_stream()
        guard fremont_inflate_init_raw(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        // One byte more than said: a stream that would write past the length is caught, not cut.
        var output = [UInt8](repeating: 0, count: count + 1)
        let status: Int32 = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END, Int(stream.total_out) == count else { return nil }
        output.removeLast()
        return output
    }

    // MARK: Varints (7 bits a byte, low first)

    private static func appendVarint(_ value: Int, to bytes: inout [UInt8]) {
        var value = UInt64(value)
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private static func varintLength(_ value: Int) -> Int {
        var bytes: [UInt8] = []
        appendVarint(value, to: &bytes)
        return bytes.count
    }

    private static func readVarint(_ bytes: [UInt8], _ offset: inout Int) -> Int? {
        var value: UInt64 = 0, shift: UInt64 = 0
        while offset < bytes.count, shift < 63 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value <= UInt64(Int.max) ? Int(value) : nil }
            shift += 7
        }
        return nil
    }
}
