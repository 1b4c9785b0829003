extension KeyedDecodingContainer {
    /// The array at `key` (empty when absent or null), refused before any element is decoded when
    /// it holds more than `limit`: a point decoded from `{}` takes a hundred times its bytes, so an
    /// array of them is what a hostile response would grow memory with.
    func decodeArray<Element: Decodable>(_ type: Element.Type, forKey key: Key, limit: Int) throws -> [Element] {
        guard contains(key), try !decodeNil(forKey: key) else { return [] }
        var list = try nestedUnkeyedContainer(forKey: key)
        if let count = list.count, count > limit {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath + [key],
                debugDescription: "\(NumberText.grouped(count)) entries; a forecast has at most \(NumberText.grouped(limit)) here (not a forecast response?)"))
        }
        var elements: [Element] = []
        elements.reserveCapacity(list.count ?? 0)
        while !list.isAtEnd {
            guard elements.count < limit else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription: "more than \(NumberText.grouped(limit)) entries; a forecast has at most that many here (not a forecast response?)"))
            }
            elements.append(try list.decode(Element.self))
        }
        return elements
    }
}
