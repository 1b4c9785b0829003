/// The footer's second line: what is loading, how many warnings, the last error and when.
public struct StatusLine: Sendable {
    public var loading: [TabID: String] = [:]
    /// Bytes read so far (and expected, when the server said) for a tab's download.
    public var progress: [TabID: (bytes: Int, expected: Int?)] = [:]
    public var spinnerFrame = 0
    public var warnings: [TabID: Int] = [:]
    public var lastError: (message: String, at: String)?
    /// A one-off message (a search that found nothing); cleared by the next key.
    public var message: String?

    /// `812 KB`, `1.2 MB`.
    static func size(_ bytes: Int) -> String {
        if bytes < 1_000_000 { return "\(max(1, (bytes + 500) / 1000)) KB" }
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }

    static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    func text(for tab: TabID) -> String {
        var parts: [String] = []
        if let source = loading[tab] {
            var text = "\(Self.spinner[spinnerFrame % Self.spinner.count]) loading \(source)…"
            if let progress = progress[tab], progress.bytes > 0 {
                text += " " + Self.size(progress.bytes)
                if let expected = progress.expected, expected > 0 { text += " of " + Self.size(expected) }
            }
            parts.append(text + " (Esc cancels)")
        }
        if let message { parts.append(message) }
        let count = warnings[tab] ?? 0
        if count > 0 { parts.append("\(count) warning\(count == 1 ? "" : "s")") }
        return parts.joined(separator: " · ")
    }
}
