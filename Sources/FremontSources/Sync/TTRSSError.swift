import FremontCore

/// Why a call to Tiny Tiny RSS (or a Google Reader API) failed, in the terms the sync acts on:
/// only `refused`, an answer in the API's own shape refusing that call, counts against the
/// changes it carried; anything else (no answer, a login refused, an address answering but not
/// as the API) ends the sync with every change still queued; junk is never stored. Messages
/// name the API's address, never a password.
public struct TTRSSError: Error, Sendable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// No answer: the server is down, the network gone, or it took too long.
        case unreachable
        /// The login was refused (a wrong password, API access off, HTTP 401/403).
        case login
        /// The API answered, in its own shape, that it refuses this call (an API error).
        case refused
        /// The address answered, but not as the API: an HTTP error (a 502, a 404 of the API's
        /// address), a captive portal's page, a redirect, a certificate not trusted. The changes
        /// wait for the next sync.
        case failing
        /// The answer is in the API's shape but not sane (the wrong types): never stored.
        case junk
    }

    public var reason: Reason
    public var description: String

    public init(_ reason: Reason, _ description: String) {
        self.reason = reason
        self.description = description
    }
}
