/// Arrays of a forecast response decoded with a cap on their length, refused before any element
/// is decoded when longer: a point decoded from `{}` or a bare time takes many times its bytes,
/// so an array of them is what a hostile response would grow memory with.
enum BoundedDecoding {
    /// Every element of `list`, each read by `element`.
    static func elements<Element>(of list: inout any UnkeyedDecodingContainer, limit: Int,
                                  _ element: (inout any UnkeyedDecodingContainer) throws -> Element) throws -> [Element] {
        let path = list.codingPath
        func tooMany(_ count: String) -> DecodingError {
            DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: path,
                debugDescription: "\(count) entries; a forecast has at most \(NumberText.grouped(limit)) here (not a forecast response?)"))
        }
        if let count = list.count, count > limit { throw tooMany(NumberText.grouped(count)) }
        var elements: [Element] = []
        elements.reserveCapacity(list.count ?? 0)
        while !list.isAtEnd {
            guard elements.count < limit else { throw tooMany("more than \(NumberText.grouped(limit))") }
            elements.append(try element(&list))
        }
        return elements
    }
}

extension KeyedDecodingContainer {
    /// The array at `key` (empty when absent or null), at most `limit` long.
    func decodeArray<Element: Decodable>(_ type: Element.Type, forKey key: Key, limit: Int) throws -> [Element] {
        guard contains(key), try !decodeNil(forKey: key) else { return [] }
        var list: any UnkeyedDecodingContainer = try nestedUnkeyedContainer(forKey: key)
        return try BoundedDecoding.elements(of: &list, limit: limit) { try $0.decode(Element.self) }
    }
}
