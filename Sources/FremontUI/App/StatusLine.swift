/// The footer's second line: what is loading, how many warnings, the last error and when.
public struct StatusLine: Sendable {
    public var loading: [TabID: String] = [:]
    public var spinnerFrame = 0
    public var warnings: [TabID: Int] = [:]
    public var lastError: (message: String, at: String)?
    /// A one-off message (a search that found nothing); cleared by the next key.
    public var message: String?

    static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    func text(for tab: TabID) -> String {
        var parts: [String] = []
        if let source = loading[tab] { parts.append("\(Self.spinner[spinnerFrame % Self.spinner.count]) loading \(source)…") }
        if let message { parts.append(message) }
        let count = warnings[tab] ?? 0
        if count > 0 { parts.append("\(count) warning\(count == 1 ? "" : "s")") }
        return parts.joined(separator: " · ")
    }
}
