/// The words an Internet date may contain (month and weekday names, zone names, AM/PM),
/// recognised from ASCII bytes without building a String.
enum DateWords {
    enum Word: Equatable {
        case month(Int)
        case weekday
        case zone(offsetSeconds: Int)
        case am
        case pm
    }

    /// Classifies the ASCII letters `bytes[start..<end]`, case-insensitively; nil for an unknown word.
    @inline(__always)
    static func classify(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Word? {
        let length = end - start
        guard length >= 1, length <= 9 else { return nil }
        // Lowercased letters packed into one integer: a word compares in one instruction. Only
        // "september" and "wednesday" are longer than 8 letters; their 9th letter is checked apart.
        let packed = min(length, 8)
        var key: UInt64 = 0
        for index in start..<(start + packed) { key = key << 8 | UInt64(bytes[index] | 0x20) }
        if length == 9 {
            let last = bytes[start + 8] | 0x20
            if key == monthNames[8], last == UInt8(ascii: "r") { return .month(9) }
            if key == weekdayNames[2], last == UInt8(ascii: "y") { return .weekday }
            return nil
        }
        if length == 1 { return militaryZone(bytes[start] | 0x20) }
        if length <= 4, let zone = zoneOffset(key) { return .zone(offsetSeconds: zone) }
        if key == amKey { return .am }
        if key == pmKey { return .pm }
        guard length >= 3 else { return nil }
        let prefix = key >> (8 * UInt64(length - 3))
        if let month = monthKeys.firstIndex(of: prefix) {
            return isPrefix(key, length, of: monthNames[month]) ? .month(month + 1) : nil
        }
        if let weekday = weekdayKeys.firstIndex(of: prefix) {
            return isPrefix(key, length, of: weekdayNames[weekday]) ? .weekday : nil
        }
        return nil
    }

    /// RFC 822 military zones as RFC 822 defines them (A = -1 … M = -12, N = +1 … Y = +12, Z = 0).
    /// RFC 1123 notes these signs are the reverse of military use; feed readers (feedparser among
    /// them) keep RFC 822's reading, and so do we, so the same feed gives the same instants.
    private static func militaryZone(_ letter: UInt8) -> Word? {
        let hours: Int
        switch letter {
        case UInt8(ascii: "z"): hours = 0
        case UInt8(ascii: "a")...UInt8(ascii: "i"): hours = -Int(letter - UInt8(ascii: "a") + 1)
        case UInt8(ascii: "k")...UInt8(ascii: "m"): hours = -Int(letter - UInt8(ascii: "k") + 10)
        case UInt8(ascii: "n")...UInt8(ascii: "y"): hours = Int(letter - UInt8(ascii: "n") + 1)
        default: return nil
        }
        return .zone(offsetSeconds: hours * 3600)
    }

    private static func zoneOffset(_ key: UInt64) -> Int? {
        for (zoneKey, offset) in zones where zoneKey == key { return offset }
        return nil
    }

    private static func isPrefix(_ key: UInt64, _ length: Int, of name: UInt64) -> Bool {
        let nameLength = (64 - name.leadingZeroBitCount + 7) / 8
        guard length <= nameLength else { return false }
        return name >> (8 * UInt64(nameLength - length)) == key
    }

    /// Packs up to 8 lowercase ASCII letters the way `classify` does.
    static func pack(_ word: String) -> UInt64 {
        word.utf8.reduce(0) { $0 << 8 | UInt64($1 | 0x20) }
    }

    // Full names (cut to 8 letters), compared only as far as the word goes ("Sep", "Sept", "September").
    private static let monthNames: [UInt64] = [
        "january", "february", "march", "april", "may", "june",
        "july", "august", "septembe", "october", "november", "december",
    ].map(pack)
    private static let monthKeys: [UInt64] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ].map(pack)
    private static let weekdayNames: [UInt64] = [
        "monday", "tuesday", "wednesda", "thursday", "friday", "saturday", "sunday",
    ].map(pack)
    private static let amKey = pack("am")
    private static let pmKey = pack("pm")
    private static let weekdayKeys: [UInt64] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map(pack)

    /// Named zones that appear in real feeds. An ambiguous abbreviation takes its most common
    /// reading in feeds (BST: British Summer Time); truly ambiguous ones (IST) are left unreadable.
    private static let zones: [(UInt64, Int)] = [
        ("ut", 0), ("utc", 0), ("gmt", 0), ("z", 0),
        ("est", -5), ("edt", -4), ("cst", -6), ("cdt", -5),
        ("mst", -7), ("mdt", -6), ("pst", -8), ("pdt", -7),
        ("et", -5), ("ct", -6), ("mt", -7), ("pt", -8), // not "at": it is also an English word
        ("ast", -4), ("adt", -3), ("akst", -9), ("akdt", -8), ("hst", -10),
        ("wet", 0), ("west", 1), ("bst", 1), ("cet", 1), ("cest", 2), ("met", 1), ("mest", 2),
        ("eet", 2), ("eest", 3), ("msk", 3), ("jst", 9), ("kst", 9),
    ].map { (pack($0.0), $0.1 * 3600) }
}
