import FremontCore

/// Why a call to Tiny Tiny RSS failed, in the terms the sync acts on: an unreachable server
/// leaves every change queued; a refused login says to check it; a refused call is that call's
/// failure alone; junk is never stored. Messages name the API's address, never a password.
public struct TTRSSError: Error, Sendable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// No answer: the server is down, the network gone, or it took too long.
        case unreachable
        /// The login was refused (a wrong password, API access off, HTTP 401/403).
        case login
        /// The server answered and refused this call (an error status, an API error).
        case refused
        /// The answer is not what the API gives (not JSON, the wrong shape).
        case junk
    }

    public var reason: Reason
    public var description: String

    public init(_ reason: Reason, _ description: String) {
        self.reason = reason
        self.description = description
    }
}
