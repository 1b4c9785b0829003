import FremontCore

/// How one load went: for the Log, and the count of warnings told on exit.
public struct LoadReport: Sendable, Hashable {
    public var view: ViewID
    public var source: String
    /// The wall-clock time it finished, `HH:MM:SS`.
    public var time: String
    public var warnings: [ParseWarning]
    public var warningTotal: Int
    public var error: LoadError?

    public init(view: ViewID, source: String, time: String, warnings: [ParseWarning] = [], warningTotal: Int? = nil, error: LoadError? = nil) {
        self.view = view
        self.source = source
        self.time = time
        self.warnings = warnings
        self.warningTotal = warningTotal ?? warnings.count
        self.error = error
    }
}
