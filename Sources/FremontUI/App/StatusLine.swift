import FremontCore

/// The footer's second line: what is loading and how far, a one-off message, warnings, and the
/// last load error with when it happened.
public struct StatusLine: Sendable {
    /// A load that failed, kept until that source loads again.
    public struct Failure: Sendable, Hashable {
        public var error: LoadError
        /// The wall-clock time, `HH:MM:SS`.
        public var at: String
        /// `file:line:column: reason`, as a log line has it.
        public var message: String { error.shortDescription }
    }

    /// Sources loading, by the view they load for, in the order they started.
    public internal(set) var loading: [ViewID: [String]] = [:]
    /// Bytes read so far (and expected, when the server said) for a view's download.
    public internal(set) var progress: [ViewID: (bytes: Int, expected: Int?)] = [:]
    public internal(set) var spinnerFrame = 0
    public internal(set) var lastError: Failure?
    /// A one-off message (a search that found nothing); cleared by the next key.
    public internal(set) var message: String?

    /// `812 KB`, `1.2 MB`.
    static func size(_ bytes: Int) -> String {
        if bytes < 1_000_000 { return "\(max(1, (bytes + 500) / 1000)) KB" }
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }

    static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// What the line says for a view: its loads, the message, its warnings.
    func text(for view: some BrowserView, id: ViewID) -> String {
        var parts: [String] = []
        if let sources = loading[id], !sources.isEmpty {
            var text = "\(Self.spinner[spinnerFrame % Self.spinner.count]) loading \(view.loadingText(sources))…"
            if let progress = progress[id], progress.bytes > 0 {
                text += " " + Self.size(progress.bytes)
                if let expected = progress.expected, expected > 0 { text += " of " + Self.size(expected) }
            }
            parts.append(text + " (Esc cancels)")
        }
        if let message { parts.append(message) }
        let count = view.warningCount
        if count > 0 { parts.append("\(count) warning\(count == 1 ? "" : "s")") }
        return parts.joined(separator: " · ")
    }

    /// The error as the line shows it in `width` columns: the reason first, then where (a long
    /// address shortened in its middle, so host and file name stay), then when. A long reason
    /// gives way before the place is cut below a readable length.
    static func describe(_ failure: Failure, width: Int) -> String {
        var place = TerminalSafeText.singleLine(failure.error.source)
        if let location = failure.error.location { place += ":\(location)" }
        let reason = TerminalSafeText.singleLine(failure.error.message)
        let separators = 6  // two " · "
        let room = width - DisplayWidth.of(failure.at) - separators
        guard room >= 16 else { return TextLayout.truncate("\(reason) · \(failure.at)", to: width) }
        let placeWidth = min(DisplayWidth.of(place), max(room / 3, room - DisplayWidth.of(reason)))
        let shownReason = TextLayout.truncate(reason, to: room - placeWidth)
        return "\(shownReason) · \(TextLayout.truncateMiddle(place, to: placeWidth)) · \(failure.at)"
    }
}
