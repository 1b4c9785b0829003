/// Sizes for people: `812 bytes`, `12 KB`, `1.2 MB`, `64 MB` (powers of 1024, as limits are set).
public enum ByteCountText {
    public static func describe(_ bytes: Int) -> String {
        if bytes < 1024 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        if bytes < 1024 * 1024 { return "\(bytes / 1024) KB" }
        let megabytes = Double(bytes) / (1024 * 1024)
        if megabytes >= 10 || bytes % (1024 * 1024) == 0 { return "\(Int(megabytes.rounded())) MB" }
        return "\((megabytes * 10).rounded() / 10) MB"
    }
}
