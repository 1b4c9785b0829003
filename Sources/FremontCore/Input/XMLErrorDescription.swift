import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Words for `XMLParser`'s errors: on Linux they carry no description, and the `ErrorCode` enum's
/// raw values there are one off from the codes the errors hold (libxml2's own numbers), so this
/// maps libxml2's numbers directly.
public enum XMLErrorDescription {
    public static func describe(_ error: Error?) -> String {
        guard let error = error as NSError?, error.domain == XMLParser.errorDomain else {
            return "not well-formed XML"
        }
        return message(forCode: error.code)
    }

    public static func message(forCode code: Int) -> String {
        switch code {
        case 3, 4: return "the document is empty or does not start with an element"
        case 5: return "extra content after the end of the document"
        case 6, 7, 8: return "a bad character reference"
        case 9: return "a character that XML does not allow"
        case 10, 14, 18: return "the document ends inside a reference (is it cut off?)"
        case 22, 23, 24, 25, 68: return "a bare '&' that starts no entity"
        case 26, 27: return "an undeclared entity (such as an HTML one like &nbsp;)"
        case 31, 32, 79, 81: return "an encoding it cannot read"
        case 34, 37, 40, 44, 45, 47, 61, 63: return "something left open at the end (is the document cut off?)"
        case 38, 39, 41, 42, 43, 65, 72, 73, 74, 75, 77: return "a broken tag"
        case 64: return "text before the <?xml …?> declaration"
        case 76: return "an end tag does not match its start tag"
        case 89: return "an entity refers to itself (an entity loop)"
        case 512: return "parsing was stopped"
        default: return "not well-formed XML (libxml2 error \(code))"
        }
    }
}
