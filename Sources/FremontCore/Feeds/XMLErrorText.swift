/// Words for the libxml2 error codes `XMLParser` reports (its `NSError` carries only the number).
enum XMLErrorText {
    /// libxml2's XML_ERR_ENTITY_LOOP: its own guard against entity-expansion bombs tripped.
    static let entityLoop = 89

    static func describe(_ code: Int) -> String {
        switch code {
        case 4: return "no XML content"
        case 5: return "the document ends before its elements are closed"
        case 9: return "a character that is not allowed or not in the declared encoding"
        case 23: return "an entity reference without ';'"
        case 26, 27: return "an undeclared entity"
        case 31, 32: return "an encoding libxml2 does not support"
        case 38: return "'<' inside an attribute value"
        case 39, 40, 41: return "a malformed attribute"
        case 64: return "the XML declaration is not at the very start"
        case 68: return "a bare '&' or '<'"
        case 73: return "a tag without its '>'"
        case 76: return "an end tag that does not match its start tag"
        case 77: return "an element that is never closed"
        case 85, 86: return "content after the end of the document"
        case entityLoop: return "an entity that expands without end"
        default: return "XML it cannot read (libxml2 error \(code))"
        }
    }
}
