import Foundation

/// How a child process ended and what it wrote.
public struct ProcessResult: Sendable {
    /// The exit status, or 128 + the signal that ended it (as a shell reports it).
    public var status: Int32
    /// The signal that ended it, if one did.
    public var signal: Int32?
    /// Killed because it outlived the time it was given.
    public var timedOut: Bool
    /// From the start to the exit, as the child's own thread saw it: how long the test's task took
    /// to resume afterwards (on a busy pool) is not in it.
    public var duration: Duration
    public var standardOutput: Data
    public var standardError: Data

    public init(status: Int32, signal: Int32?, timedOut: Bool, duration: Duration, standardOutput: Data, standardError: Data) {
        self.status = status
        self.signal = signal
        self.timedOut = timedOut
        self.duration = duration
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// Standard output as text.
    public var output: String { String(decoding: standardOutput, as: UTF8.self) }
    /// Standard error as text.
    public var errors: String { String(decoding: standardError, as: UTF8.self) }
}
