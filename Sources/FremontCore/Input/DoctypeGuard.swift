/// Reads the DOCTYPE's internal subset before libxml2 does, to refuse entity-expansion bombs at
/// once (billion laughs, quadratic blowup) instead of after seconds of expansion, and to blank
/// the declarations Foundation cannot take. Feeds and bike data have no use for entity
/// declarations beyond a short replacement like `<!ENTITY nbsp "&#160;">`, so anything that
/// references other entities, is long, or is a parameter entity is refused.
enum DoctypeGuard {
    /// The longest replacement text allowed for a declared entity.
    static let maximumEntityValue = 64

    struct Refusal: Error {
        var message: String
        var offset: Int
    }

    /// Names of the general entities the document declares. Throws a refusal for a dangerous
    /// declaration. `bytes` may be just the head of the document (`complete` false): a DOCTYPE that
    /// does not end within it is refused as too large.
    static func declaredEntities(in bytes: [UInt8], complete: Bool) throws(Refusal) -> Set<String> {
        let scanner = Scanner(bytes: bytes)
        guard let subsetStart = scanner.internalSubsetStart() else { return [] }
        var names = Set<String>()
        var index = subsetStart
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "]"):
                return names
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                index = scanner.skipQuoted(from: index)
            case UInt8(ascii: "<") where scanner.matches("<!--", at: index):
                index = scanner.find("-->", from: index + 4) + 3
            case UInt8(ascii: "<") where scanner.matches("<!ENTITY", at: index):
                let (name, end) = try entity(at: index, scanner)
                names.insert(name)
                index = end
            default:
                index += 1
            }
        }
        if complete { return names }
        throw Refusal(message: "refused: the DOCTYPE is larger than the first \(bytes.count / 1024) KB", offset: 0)
    }

    /// `declaredEntities`, with a refusal as a `LoadError` at its line and column.
    static func check(_ head: [UInt8], complete: Bool, _ name: String) throws(LoadError) -> Set<String> {
        do {
            return try declaredEntities(in: head, complete: complete)
        } catch {
            let before = head[..<min(error.offset, head.count)]
            let line = before.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            throw LoadError(source: name, location: SourceLocation(line: line, column: error.offset - lineStart + 1),
                             error.message)
        }
    }

    /// The head with the internal subset's attribute-list, element, notation and unparsed-entity
    /// declarations turned into spaces (line breaks kept, so every position stays put); nil when
    /// there are none. Foundation on Linux reads the optional parts of these (a default value,
    /// a public id) as if always present and crashes when they are not (found by fuzzing:
    /// `<!ATTLIST a b CDATA #IMPLIED>`), and nothing here uses them.
    static func blankingUnsafeDeclarations(_ bytes: [UInt8]) -> [UInt8]? {
        let scanner = Scanner(bytes: bytes)
        guard let subsetStart = scanner.internalSubsetStart() else { return nil }
        var output = bytes
        var changed = false
        var index = subsetStart
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "]"):
                return changed ? output : nil
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                index = scanner.skipQuoted(from: index)
            case UInt8(ascii: "<") where scanner.matches("<!--", at: index):
                index = scanner.find("-->", from: index + 4) + 3
            case UInt8(ascii: "<") where scanner.matches("<!", at: index):
                let end = scanner.declarationEnd(from: index + 2)
                let declaration = bytes[index..<end]
                let isEntity = scanner.matches("<!ENTITY", at: index)
                if !isEntity || scanner.contains("NDATA", in: declaration.indices) {
                    for position in declaration.indices where !Scanner.isLineBreak(bytes[position]) {
                        output[position] = UInt8(ascii: " ")
                    }
                    changed = true
                }
                index = end
            case UInt8(ascii: "<") where scanner.matches("<?", at: index):
                index = scanner.find("?>", from: index + 2) + 2
            default:
                index += 1
            }
        }
        return changed ? output : nil
    }

    private static func entity(at start: Int, _ scanner: Scanner) throws(Refusal) -> (String, Int) {
        let bytes = scanner.bytes
        var index = scanner.skipSpace(from: start + 8)
        if index < bytes.count, bytes[index] == UInt8(ascii: "%") {
            throw Refusal(message: "refused: the DOCTYPE declares a parameter entity (feeds never need one; it is how entity-expansion attacks start)", offset: start)
        }
        let nameStart = index
        while index < bytes.count, !Scanner.isSpace(bytes[index]), bytes[index] != UInt8(ascii: "\""),
              bytes[index] != UInt8(ascii: "'"), bytes[index] != UInt8(ascii: ">") { index += 1 }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        index = scanner.skipSpace(from: index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            // SYSTEM or PUBLIC: an external entity, which is never fetched (its reference reads as empty).
            return (name, scanner.find(">", from: index) + 1)
        }
        let valueEnd = scanner.skipQuoted(from: index) - 1
        let value = bytes[(index + 1)..<max(index + 1, valueEnd)]
        var position = value.startIndex
        while let ampersand = value[position...].firstIndex(of: UInt8(ascii: "&")) {
            if ampersand + 1 >= value.endIndex || value[ampersand + 1] != UInt8(ascii: "#") {
                throw Refusal(message: "refused: entity '\(name)' expands other entities (an entity-expansion bomb)", offset: start)
            }
            position = ampersand + 1
        }
        if value.contains(UInt8(ascii: "%")) || value.count > maximumEntityValue {
            throw Refusal(message: "refused: entity '\(name)' is \(value.count) bytes long (more than \(maximumEntityValue): an entity-expansion bomb)", offset: start)
        }
        return (name, scanner.find(">", from: valueEnd) + 1)
    }

    /// Byte-level helpers over the prolog.
    struct Scanner {
        let bytes: [UInt8]

        /// Offset just past the `[` of the DOCTYPE's internal subset, if the prolog has one.
        func internalSubsetStart() -> Int? {
            var index = 0
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            while true {
                index = skipSpace(from: index)
                if matches("<?", at: index) {
                    index = find("?>", from: index + 2) + 2
                } else if matches("<!--", at: index) {
                    index = find("-->", from: index + 4) + 3
                } else if matches("<!DOCTYPE", at: index) {
                    break
                } else {
                    return nil
                }
            }
            index += 9
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "["): return index + 1
                case UInt8(ascii: ">"): return nil
                case UInt8(ascii: "\""), UInt8(ascii: "'"): index = skipQuoted(from: index)
                default: index += 1
                }
            }
            return nil
        }

        func matches(_ text: StaticString, at index: Int) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return text.withUTF8Buffer { pattern in
                for offset in 0..<count where bytes[index + offset] != pattern[offset] { return false }
                return true
            }
        }

        /// Offset of `text` at or after `from`; the end of the bytes when absent.
        func find(_ text: StaticString, from: Int) -> Int {
            var index = from
            while index < bytes.count {
                if matches(text, at: index) { return index }
                index += 1
            }
            return bytes.count
        }

        /// Offset just past the closing quote of the string starting at `from`.
        func skipQuoted(from: Int) -> Int {
            let quote = bytes[from]
            var index = from + 1
            while index < bytes.count, bytes[index] != quote { index += 1 }
            return min(index + 1, bytes.count)
        }

        /// Offset just past the `>` that ends a declaration, skipping quoted strings.
        func declarationEnd(from: Int) -> Int {
            var index = from
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ">"): return index + 1
                case UInt8(ascii: "\""), UInt8(ascii: "'"): index = skipQuoted(from: index)
                default: index += 1
                }
            }
            return bytes.count
        }

        func contains(_ text: StaticString, in range: Range<Int>) -> Bool {
            range.contains { matches(text, at: $0) && $0 + text.utf8CodeUnitCount <= range.upperBound }
        }

        static func isLineBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

        func skipSpace(from: Int) -> Int {
            var index = from
            while index < bytes.count, Scanner.isSpace(bytes[index]) { index += 1 }
            return index
        }

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
    }
}
