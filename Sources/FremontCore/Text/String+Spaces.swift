extension String {
    /// `count` spaces (none when `count` ≤ 0), written in one pass: `String(repeating:count:)`
    /// appends its string once per repetition, and padding every cell of every row that way was
    /// a quarter of drawing the feed list.
    @inlinable
    public static func spaces(_ count: Int) -> String {
        guard count > 0 else { return "" }
        return String(unsafeUninitializedCapacity: count) { buffer in
            buffer.initialize(repeating: UInt8(ascii: " "))
            return count
        }
    }
}
