import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Words for `XMLParser`'s error codes: on Linux its errors carry no description at all.
enum XMLErrorDescription {
    static func describe(_ error: Error?) -> String {
        guard let error = error as NSError?, error.domain == XMLParser.errorDomain else {
            return "not well-formed XML"
        }
        switch XMLParser.ErrorCode(rawValue: error.code) {
        case .emptyDocumentError?, .documentStartError?:
            return "the document is empty or does not start with an element"
        case .prematureDocumentEndError?:
            return "the document ends before its elements are closed (is it cut off?)"
        case .tagNameMismatchError?:
            return "an end tag does not match its start tag"
        case .undeclaredEntityError?:
            return "an undeclared entity (such as an HTML one like &nbsp;)"
        case .entityReferenceMissingSemiError?, .entityReferenceWithoutNameError?, .parsedEntityRefNoNameError?:
            return "a bare '&' that starts no entity"
        case .invalidCharacterError?:
            return "a character that XML does not allow"
        case .encodingNotSupportedError?, .unknownEncodingError?, .invalidEncodingError?, .invalidEncodingNameError?:
            return "an encoding it cannot read"
        case .misplacedXMLDeclarationError?:
            return "text before the <?xml …?> declaration"
        case .ltRequiredError?, .gtRequiredError?, .unfinishedTagError?, .attributeNotFinishedError?, .attributeNotStartedError?:
            return "a broken tag"
        case .delegateAbortedParseError?:
            return "parsing was stopped"
        default:
            return "not well-formed XML (XMLParser error \(error.code))"
        }
    }
}
