import CLibXML2
import Foundation
import FremontCore

/// A web page parsed with libxml2's HTML parser (tolerant the way browsers are: unclosed tags,
/// unquoted attributes, `&nbsp;`, script text kept apart), copied into an `HTMLNode` tree.
/// Everything in a page is hostile: the input is capped, libxml2 fetches nothing (no network, no
/// external entities, no DTD), prints nothing, and the copied tree is capped in size.
public struct HTMLDocument {
    /// The most bytes of a page read: beyond it the page is refused (no article is this long).
    public static let maxBytes = 8 * 1024 * 1024
    /// The most nodes copied out of a page; the rest are dropped.
    public static let maxNodes = 400_000

    public let root: HTMLNode
    /// What of the page was not read: nested deeper than the parser goes, more nodes than kept.
    public var notes: [String] = []

    public init(root: HTMLNode, notes: [String] = []) {
        self.root = root
        self.notes = notes
    }

    /// Parses `data`; a page beyond `maxBytes` or one libxml2 cannot start is a `LoadError`.
    public static func parse(_ data: Data, name: String) throws(LoadError) -> HTMLDocument {
        guard data.count <= maxBytes else {
            throw LoadError(source: name, "the page is \(ByteCountText.describe(data.count)), more than the \(ByteCountText.describe(maxBytes)) a page may be")
        }
        // Recover from broken markup; never reach the network; say nothing on stderr; no blank
        // nodes dropped (they are the spaces between words). Entities are not substituted from
        // any DTD (XML_PARSE_NOENT is left out), so nothing external is ever loaded.
        var options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NOIMPLIED.rawValue | HTML_PARSE_COMPACT.rawValue)
        var notes: [String] = []
        var data = data
        // A page in another charset is made UTF-8 here, as a browser reads it (a byte the charset
        // does not define replaced, the rest read on): libxml2's own conversion stops the page
        // at such a byte, saying nothing. Then libxml2 reads UTF-8 whatever the page declares.
        if !isUTF8(data), let label = declaredEncoding(data) {
            let decoded = LegacyText.utf8(data, label: label)
            data = decoded.utf8
            options |= Int32(HTML_PARSE_IGNORE_ENC.rawValue)
            if decoded.guessed { notes.append("the page's charset '\(TerminalSafeText.singleLine(String(label.prefix(40))))' is unknown: read as windows-1252") }
            if decoded.replaced > 0 {
                notes.append("\(NumberText.count(decoded.replaced, "byte")) not defined in \(decoded.charset.lowercased()) replaced by �")
            }
        }
        let encoding = "UTF-8"
        fremont_xml_silence_errors()
        xmlResetLastError()
        let document: htmlDocPtr? = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> htmlDocPtr? in
            guard let base = bytes.baseAddress else { return nil }
            return htmlReadMemory(base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, encoding, options)
        }
        guard let document else {
            if data.isEmpty { return HTMLDocument(root: HTMLNode(element: "html")) }
            throw LoadError(source: name, "libxml2 could not read it as HTML")
        }
        defer { xmlFreeDoc(document) }
        // libxml2 stops at its depth limit and keeps what it read, saying so only here.
        if let error = xmlGetLastError(), let message = error.pointee.message, String(cString: message).contains("Excessive depth") {
            notes.append("the page is nested deeper than the parser reads (256 levels): what lies deeper, and after it, was not read")
        }
        let (root, complete) = copy(document)
        if !complete { notes.append("the page has more than \(NumberText.grouped(maxNodes)) nodes: the rest was not read") }
        return HTMLDocument(root: root, notes: notes)
    }

    public static func parse(_ html: String, name: String = "<string>") throws(LoadError) -> HTMLDocument {
        try parse(Data(html.utf8), name: name)
    }

    /// Bytes that are valid UTF-8 are UTF-8 whatever the page says (a page saved again, a server
    /// that converted it): text in a legacy charset beyond ASCII almost never validates.
    private static func isUTF8(_ data: Data) -> Bool {
        String(validating: data, as: UTF8.self) != nil
    }

    /// Whether the page names its encoding (a BOM, `<meta charset>` or an http-equiv) in its first
    /// bytes, which libxml2 then follows; a page that names none is taken as UTF-8, the web's
    /// default, not libxml2's Latin-1.
    private static func declaredEncoding(_ data: Data) -> String? {
        let head = data.prefix(4096)
        if head.starts(with: [0xFF, 0xFE]) { return "UTF-16LE" }
        if head.starts(with: [0xFE, 0xFF]) { return "UTF-16BE" }
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { return nil }
        let text = String(decoding: head, as: UTF8.self).lowercased()
        guard let range = text.range(of: "charset") else { return nil }
        var rest = text[range.upperBound...].drop { $0 == " " }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\"" || $0 == "'" }
        let label = rest.prefix { $0.isLetter || $0.isNumber || "-_:.".contains($0) }
        return label.isEmpty || label == "utf-8" || label == "utf8" ? nil : String(label)
    }

    /// The tree under the document, without recursion (a page may nest thousands deep).
    private static func copy(_ document: htmlDocPtr) -> (root: HTMLNode, complete: Bool) {
        let root = HTMLNode(element: "#document")
        var stack: [(xmlNodePtr, HTMLNode)] = []
        var child = document.pointee.children
        var pending: [xmlNodePtr] = []
        while let node = child { pending.append(node); child = node.pointee.next }
        for node in pending.reversed() { stack.append((node, root)) }
        var count = 0
        while count < maxNodes, let (node, parent) = stack.popLast() {
            count += 1
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                let name = node.pointee.name.map { String(cString: $0).lowercased() } ?? ""
                let element = HTMLNode(element: name, attributes: attributes(of: node))
                parent.append(element)
                var children: [xmlNodePtr] = []
                var next = node.pointee.children
                while let each = next { children.append(each); next = each.pointee.next }
                for each in children.reversed() { stack.append((each, element)) }
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content {
                    parent.append(HTMLNode(text: String(cString: content)))
                }
            default:
                continue
            }
        }
        return (root, stack.isEmpty)
    }

    private static func attributes(of node: xmlNodePtr) -> [String: String] {
        var result: [String: String] = [:]
        var attribute = node.pointee.properties
        var count = 0
        while let each = attribute, count < 64 {
            count += 1
            if let name = each.pointee.name {
                // The value is the attribute's text children (entities already decoded).
                var value = ""
                var part = each.pointee.children
                while let text = part {
                    if let content = text.pointee.content { value += String(cString: content) }
                    part = text.pointee.next
                }
                result[String(cString: name).lowercased()] = value
            }
            attribute = each.pointee.next
        }
        return result
    }
}
