import FremontCore

/// What screens reach outside the UI, as ports FremontUI declares (as it declares the terminal
/// backend) and the program implements once per run and hands in: the download queue, the
/// cache… A command asks for the port it needs (`port(_:)`); a run without it (a test) says so
/// as the command's failure, not a crash. No statics: each run, and each test, has its own.
public struct BrowserServices: Sendable {
    private var ports: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    /// Provides `port` as the run's `Port` (a protocol: `(any DownloadQueue).self`).
    public mutating func provide<Port: Sendable>(_ type: Port.Type, _ port: Port) {
        ports[ObjectIdentifier(type)] = port
    }

    /// The run's `Port`, or why there is none.
    public func port<Port>(_ type: Port.Type) throws(LoadError) -> Port {
        guard let port = ports[ObjectIdentifier(type)] as? Port else {
            throw LoadError(source: "\(type)", "not available here (this run was given no \(type))")
        }
        return port
    }
}
