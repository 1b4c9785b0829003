/// A Google Reader item id in its forms: the long one (`tag:google.com,2005:reader/item/` and
/// 16 hex digits, a signed 64-bit number), the short one (that number in decimal), and The Old
/// Reader's (24 hex digits, an ObjectId, in the long form or alone). The cache keeps one form:
/// the decimal for numbers, the lower-case hex for ObjectIds; anything else is junk, never stored.
public enum GoogleReaderItemID {
    public static let longPrefix = "tag:google.com,2005:reader/item/"

    /// The id as the cache keeps it, or nil for what is not an id.
    public static func canonical(_ raw: String) -> String? {
        guard raw.utf8.count <= 64 else { return nil }
        if raw.hasPrefix(longPrefix) { return hex(String(raw.dropFirst(longPrefix.count))) }
        if let value = Int64(raw) { return String(value) }
        return raw.utf8.count == 24 ? hex(raw) : nil
    }

    /// Whether `id` is an id in the cache's form.
    public static func isCanonical(_ id: String) -> Bool {
        canonical(id) == id
    }

    /// The long form, which every server takes in `i=`.
    public static func longForm(_ id: String) -> String? {
        if let value = Int64(id) {
            let digits = String(UInt64(bitPattern: value), radix: 16)
            return longPrefix + String(repeating: "0", count: 16 - digits.count) + digits
        }
        guard id.utf8.count == 24, hex(id) == id else { return nil }
        return longPrefix + id
    }

    private static func hex(_ digits: String) -> String? {
        guard !digits.isEmpty, digits.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 70) || ($0 >= 97 && $0 <= 102) })
        else { return nil }
        if digits.utf8.count <= 16, let value = UInt64(digits, radix: 16) { return String(Int64(bitPattern: value)) }
        return digits.utf8.count == 24 ? digits.lowercased() : nil
    }
}
