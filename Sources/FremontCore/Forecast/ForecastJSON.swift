import Foundation

/// Decodes a forecast response (of either shape) with `JSONDecoder`, and turns what goes wrong
/// into a `LoadError` that names the source and, when it can be found, the line and column:
/// what is not JSON (an HTML error page, XML, an empty body) is said before decoding.
enum ForecastJSON {
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], name: String) throws(LoadError) -> T {
        switch ContentSniffer.sniff(Array(bytes.prefix(ContentSniffer.prefixLength))) {
        case .empty:
            throw LoadError(source: name, kind: .notData, "empty: no forecast in it")
        case .html(let title):
            let page = title.map { " (\(quoted($0)))" } ?? ""
            throw LoadError(source: name, location: firstContent(bytes),
                             "not a forecast: an HTML page\(page), where JSON was expected")
        case .xml:
            throw LoadError(source: name, location: firstContent(bytes), "not a forecast: XML, where JSON was expected")
        case .json, .text:
            break
        }
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch let error as DecodingError {
            throw describe(error, bytes: bytes, name: name)
        } catch {
            throw LoadError(source: name, kind: .notData, "not a forecast: \(error)")
        }
    }

    /// An error about the value at `path` (a key or index at a time), placed where that value is.
    static func error(at path: [PathKey], in bytes: [UInt8], name: String, _ message: String) -> LoadError {
        let locator = JSONLocator(bytes)
        let location = locator.offset(of: path).map(locator.location(ofOffset:))
        return LoadError(source: name, location: location, kind: .notData, message)
    }

    /// One step of a path into the JSON: an object's key or an array's index.
    struct PathKey: CodingKey {
        var stringValue: String
        var intValue: Int?

        init(_ key: String) { stringValue = key }
        init(_ index: Int) {
            stringValue = String(index)
            intValue = index
        }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { self.init(intValue) }
    }

    /// `daily.data[3].temperature`.
    static func pathText(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the top level" }
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    private static func nestingError(_ bytes: [UInt8], name: String) -> LoadError? {
        do {
            let scanner = JSONScanner(try InputSource.bytes(Data(bytes), name: name).open())
            try scanner.skipValue()
            return nil
        } catch {
            return error.message.hasPrefix("values nested") ? error : nil
        }
    }

    private static func firstContent(_ bytes: [UInt8]) -> SourceLocation {
        let locator = JSONLocator(bytes)
        let offset = bytes.firstIndex { $0 == UInt8(ascii: "<") } ?? 0
        return locator.location(ofOffset: offset)
    }

    /// Turns a decoder error into a message with a place: `JSONDecoder` gives neither offsets nor
    /// positions here, so the locator finds them in the bytes.
    private static func describe(_ error: DecodingError, bytes: [UInt8], name: String) -> LoadError {
        let locator = JSONLocator(bytes)
        func place(_ path: [any CodingKey]) -> SourceLocation? {
            locator.offset(of: path).map { locator.location(ofOffset: $0) }
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            if let (offset, message) = locator.firstSyntaxError() {
                return LoadError(source: name, location: locator.location(ofOffset: offset), "not valid JSON: \(message)")
            }
            // Valid JSON that JSONDecoder still refuses: nested too deep for it. Say where.
            if let nesting = nestingError(bytes, name: name) { return nesting }
            return LoadError(source: name, kind: .notData, "not valid JSON (\(context.debugDescription))")
        case .dataCorrupted(let context):
            return LoadError(source: name, location: place(context.codingPath),
                              "unreadable value at \(pathText(context.codingPath)): \(context.debugDescription)")
        case .typeMismatch(let type, let context):
            let offset = locator.offset(of: context.codingPath)
            let found = offset.flatMap(locator.kindOfValue(at:)).map { ", found \($0)" } ?? ""
            let location = offset.map(locator.location(ofOffset:))
            if context.codingPath.isEmpty {
                return LoadError(source: name, location: location, "not a forecast: expected a JSON object\(found)")
            }
            return LoadError(source: name, location: location,
                              "wrong type at \(pathText(context.codingPath)): expected \(kindName(type))\(found)")
        case .valueNotFound(let type, let context):
            return LoadError(source: name, location: place(context.codingPath),
                              "missing value at \(pathText(context.codingPath)): expected \(kindName(type))")
        case .keyNotFound(let key, let context):
            return LoadError(source: name, location: place(context.codingPath),
                              "missing key \(quoted(key.stringValue)) at \(pathText(context.codingPath))")
        @unknown default:
            return LoadError(source: name, kind: .notData, "not a forecast: \(error)")
        }
    }

    private static func kindName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type, is Float.Type: return "a number"
        case is String.Type, is WeatherIcon.Type: return "a string"
        case is [Any].Type: return "an array"
        case is Bool.Type: return "a boolean"
        default:
            let name = String(describing: type)
            return name.hasPrefix("Array") ? "an array" : "an object"
        }
    }
}
