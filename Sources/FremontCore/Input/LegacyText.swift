import Foundation

/// A whole text in a legacy charset made UTF-8, as browsers read it: each byte the charset does
/// not define (0x81 in windows-1252) becomes U+FFFD and the rest reads on. Labels as the web
/// uses them: `latin1`, `iso-8859-1` and `us-ascii` mean windows-1252 (WHATWG's Encoding
/// standard), a label the C library does not know is read as windows-1252 too.
public enum LegacyText {
    public struct Decoded: Sendable {
        public var utf8: Data
        /// The charset it was read as.
        public var charset: String
        /// Bytes the charset does not define, replaced.
        public var replaced: Int
        /// Whether the label was unknown (read as windows-1252).
        public var guessed: Bool
    }

    public static func utf8(_ data: Data, label: String) -> Decoded {
        let wanted = webName(label)
        let decoder = CharsetDecoder(label: wanted)
        let used = decoder ?? CharsetDecoder(label: "WINDOWS-1252")!
        var output: [UInt8] = []
        output.reserveCapacity(data.count + data.count / 8)
        data.withUnsafeBytes { used.decode($0, into: &output, final: true) }
        return Decoded(utf8: Data(output), charset: decoder == nil ? "windows-1252" : wanted, replaced: used.replaced,
                       guessed: decoder == nil)
    }

    /// The charset a web label stands for.
    static func webName(_ label: String) -> String {
        switch label.lowercased() {
        case "latin1", "iso-8859-1", "iso8859-1", "l1", "ascii", "us-ascii", "iso-ir-100", "cp819", "ibm819": "WINDOWS-1252"
        case "gb2312", "gbk", "x-gbk": "GB18030"
        case "utf-16": "UTF-16LE"
        default: label
        }
    }
}
