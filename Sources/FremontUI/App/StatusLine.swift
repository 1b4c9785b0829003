import FremontCore

/// The footer's second line. While a one-off message is fresh (until the next key, or
/// `messageLifetime` seconds), it says that message and nothing older; otherwise the standing
/// state: what is loading and how far, how many warnings this run has (and which tab lists
/// them), and what is failing: one failure in full (the reason, where, when), several counted
/// (`3 feeds failing — 4 Log`).
public struct StatusLine: Sendable {
    /// How long a message stays before the standing state comes back.
    public static let messageLifetime: Double = 5

    /// A load that failed, kept until that source loads again.
    public struct Failure: Sendable, Hashable {
        public var error: LoadError
        /// The wall-clock time, `HH:MM:SS`.
        public var at: String
        /// The view the load was for, and the source it loaded (as the view names it).
        public var view: ViewID = ViewID("")
        public var source = ""
        /// `file:line:column: reason`, as a log line has it.
        public var message: String { error.shortDescription }
    }

    /// Sources loading, by the view they load for, in the order they started.
    public internal(set) var loading: [ViewID: [String]] = [:]
    /// Bytes read so far (and expected, when the server said) for a view's download.
    public internal(set) var progress: [ViewID: (bytes: Int, expected: Int?)] = [:]
    public internal(set) var spinnerFrame = 0
    /// The sources whose last load failed, oldest failure first; each leaves when it loads again.
    public internal(set) var failures: [Failure] = []
    /// The newest failure still standing.
    public var lastError: Failure? { failures.last }
    /// A one-off message (a search that found nothing, how a program ended); cleared by the
    /// next key or when `messageLifetime` has passed (`BrowserEvent.messageExpired`).
    public internal(set) var message: String? {
        didSet { if message != nil { messageSerial &+= 1 } }
    }
    /// Bumped whenever a message is set, so the loop can tell a new one from an old one.
    public private(set) var messageSerial = 0
    /// Warnings about the config and the feeds file (not any load's), by file, as last read:
    /// the Log lists them.
    public internal(set) var settingsWarnings: [String: Int] = [:]
    /// New items the loads under way brought, by view, the feeds that brought any, and whether
    /// any of them was a reload (a first load's items are not "new").
    var arrivals: [ViewID: (count: Int, feeds: Int, reloaded: Bool)] = [:]

    mutating func fail(_ error: LoadError, at time: String, view: ViewID, source: String) {
        failures.removeAll { $0.source == source }
        failures.append(Failure(error: error, at: time, view: view, source: source))
    }

    mutating func recovered(_ source: String) {
        failures.removeAll { $0.source == source }
    }

    /// `812 KB`, `1.2 MB`.
    static func size(_ bytes: Int) -> String {
        if bytes < 1_000_000 { return "\(max(1, (bytes + 500) / 1000)) KB" }
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }

    static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// What the line says for a view, before any failure: its loads, then the message, or else
    /// the warnings. `logKey` is the key of the Log tab, where the warnings are listed.
    func text(for view: some BrowserView, id: ViewID, logKey: String?) -> String {
        var parts: [String] = []
        if let sources = loading[id], !sources.isEmpty {
            var text = "\(Self.spinner[spinnerFrame % Self.spinner.count]) loading \(view.loadingText(sources))…"
            if let progress = progress[id], progress.bytes > 0 {
                text += " " + Self.size(progress.bytes)
                if let expected = progress.expected, expected > 0 { text += " of " + Self.size(expected) }
            }
            parts.append(text + " (Esc cancels)")
        }
        if let message {
            parts.append(message)
            return parts.joined(separator: " · ")
        }
        if let note = view.statusNote { parts.append(note) }
        let count = view.warningCount + settingsWarnings.values.reduce(0, +)
        if count > 0 {
            // With failures to count too, the Log's key is said once, after them.
            let where_ = failures.count > 1 ? "" : logKey.map { " — \($0) Log" } ?? ""
            parts.append("\(count) warning\(count == 1 ? "" : "s")\(where_)")
        }
        return parts.joined(separator: " · ")
    }

    /// The failures as the line shows them, when no message is fresh: one in full, several
    /// counted with the Log's key; nil when nothing is failing or a message is showing.
    func failureText(width: Int, logKey: String?) -> String? {
        guard message == nil, let last = failures.last else { return nil }
        guard failures.count > 1 else { return Self.describe(last, width: width) }
        let what = failures.allSatisfy({ $0.view == .feeds }) ? "feeds" : "loads"
        return TextLayout.truncate("\(failures.count) \(what) failing\(logKey.map { " — \($0) Log" } ?? "")", to: width)
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
