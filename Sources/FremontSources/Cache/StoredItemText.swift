import CZlib
import Foundation
import GRDB

/// An item's link, summary and content as the cache keeps them: one blob, deflated together (a
/// feed's content often repeats its summary, a summary often ends with the item's link, and HTML
/// is half markup). Its bytes:
/// - none: all three empty;
/// - `0`, the link's and the summary's lengths (varints), the three texts' UTF-8 one after the other;
/// - `1`, the link's and the summary's lengths, the three texts' length, then the three deflated
///   (raw deflate, no header).
/// Texts that deflate cannot shrink are kept as they are, the first form.
public struct StoredItemText: Equatable, Sendable {
    public var link: String
    public var summary: String
    public var content: String

    public init(link: String = "", summary: String = "", content: String = "") {
        self.link = link
        self.summary = summary
        self.content = content
    }

    /// Above this many bytes a blob is not inflated: not one this cache wrote (no feed item the
    /// parser keeps comes near it).
    static let largestText = 64 << 20

    /// The blob (`v18-compact-items`'s `item.text`).
    public var packed: [UInt8] {
        let linkBytes = Array(link.utf8), summaryBytes = Array(summary.utf8)
        let plain = linkBytes + summaryBytes + Array(content.utf8)
        guard !plain.isEmpty else { return [] }
        var stored: [UInt8] = [0]
        Self.appendVarint(linkBytes.count, to: &stored)
        Self.appendVarint(summaryBytes.count, to: &stored)
        var deflated: [UInt8] = [1]
        deflated += stored.dropFirst()
        Self.appendVarint(plain.count, to: &deflated)
        if let body = Self.deflate(plain), deflated.count + body.count < stored.count + plain.count {
            return deflated + body
        }
        return stored + plain
    }

    /// The texts of `bytes`; all empty for a blob this cache did not write.
    public init(packed bytes: some Collection<UInt8>) {
        self.init()
        let bytes = Array(bytes)
        guard let kind = bytes.first else { return }
        var offset = 1
        guard let linkLength = Self.readVarint(bytes, &offset), let summaryLength = Self.readVarint(bytes, &offset) else { return }
        let plain: [UInt8]
        switch kind {
        case 0:
            plain = Array(bytes[offset...])
        case 1:
            guard let total = Self.readVarint(bytes, &offset), total <= Self.largestText,
                  let inflated = Self.inflate(bytes[offset...], count: total) else { return }
            plain = inflated
        default:
            return
        }
        guard linkLength <= plain.count, summaryLength <= plain.count - linkLength else { return }
        link = String(decoding: plain[..<linkLength], as: UTF8.self)
        summary = String(decoding: plain[linkLength..<(linkLength + summaryLength)], as: UTF8.self)
        content = String(decoding: plain[(linkLength + summaryLength)...], as: UTF8.self)
    }

    /// A column's value (a blob; anything else, as a hand-made row may hold, reads as empty).
    init(_ value: DatabaseValue) {
        if case .blob(let data) = value.storage { self.init(packed: data) } else { self.init() }
    }

    /// The HTML an item's text is read from: its content, else its summary (newsboat's article body).
    public var body: String { content.isEmpty ? summary : content }

    // MARK: SQL functions

    public static let packFunctionName = "fremont_pack"
    /// `fremont_pack(link, summary, content)`: the blob, for SQL that writes items (a migration, a benchmark's fill).
    static let packFunction = DatabaseFunction(packFunctionName, argumentCount: 3, pure: true) { values in
        Data(StoredItemText(link: String.fromDatabaseValue(values[0]) ?? "", summary: String.fromDatabaseValue(values[1]) ?? "",
                            content: String.fromDatabaseValue(values[2]) ?? "").packed)
    }
    static let bodyFunctionName = "fremont_body"
    /// `fremont_body(text)`: the content, else the summary (what the filters' `content` tests).
    static let bodyFunction = DatabaseFunction(bodyFunctionName, argumentCount: 1, pure: true) { values in
        StoredItemText(values[0]).body
    }
    static let linkFunctionName = "fremont_link"
    /// `fremont_link(text)`: the item's link (the filters' `link`, the order by link).
    static let linkFunction = DatabaseFunction(linkFunctionName, argumentCount: 1, pure: true) { values in
        StoredItemText(values[0]).link
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
