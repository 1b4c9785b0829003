import Foundation

/// Tells what a document is from its first bytes, not from its name: servers and people mislabel
/// files, and an error page often arrives where data was expected.
public enum SniffedContent: Sendable, Equatable {
    case empty
    case xml
    case html(title: String?)
    case json
    /// Anything else: delimited text, as far as bike data is concerned.
    case text
}

public enum ContentSniffer {
    /// How many leading bytes `sniff` wants to see.
    public static let prefixLength = 4096

    public static func sniff(_ bytes: [UInt8]) -> SniffedContent {
        // UTF-16 and UTF-32 documents: sniff their text instead (its first 2 KB is plenty).
        if let form = XMLDeclaration.WideForm(bytes),
           let text = String(data: Data(bytes.prefix(2048)), encoding: form.encoding) {
            let narrow = Array(text.utf8.drop(while: { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }))
            if XMLDeclaration.WideForm(narrow) == nil { return sniff(narrow) }
        }
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count else { return .empty }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return .json
        case UInt8(ascii: "<"):
            let head = String(decoding: bytes[index...].prefix(2048), as: UTF8.self)
            if head.range(of: "<!doctype html", options: .caseInsensitive) != nil
                || head.range(of: "<html", options: .caseInsensitive) != nil {
                return .html(title: htmlTitle(in: head))
            }
            return .xml
        default:
            return .text
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func htmlTitle(in head: String) -> String? {
        guard let open = head.range(of: "<title", options: .caseInsensitive),
              let openEnd = head[open.upperBound...].firstIndex(of: ">"),
              let close = head.range(of: "</title>", options: .caseInsensitive, range: openEnd..<head.endIndex)
        else { return nil }
        let title = head[head.index(after: openEnd)..<close.lowerBound]
            .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return title.isEmpty ? nil : TerminalSafeText.singleLine(title)
    }
}
