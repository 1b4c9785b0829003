import ArgumentParser
import Foundation
import FremontSources

/// How downloads behave, for every command that takes a SOURCE.
struct NetworkOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Give up on a download after this many seconds in all (and on a server that has not answered after 10).", valueName: "seconds"))
    var timeout: Double = 60

    @Flag(help: "Read web sources from the cache alone, never the network, and say on stderr how old the data is.")
    var offline = false

    func validate() throws {
        // A day at most: past that a timer's nanoseconds overflow (1e16 s crashed).
        guard timeout > 0, timeout <= 86_400 else {
            throw ValidationError("--timeout must be a number of seconds above 0 and at most 86400 (a day), not \(timeout).")
        }
    }

    var requestOptions: HTTPRequestOptions {
        var options = HTTPRequestOptions()
        options.timeout = timeout
        options.connectTimeout = min(options.connectTimeout, timeout)
        return options
    }

    /// The same, as a value background loads can carry.
    var settings: FetchSettings { FetchSettings(offline: offline, requestOptions: requestOptions) }
}

/// How to reach the web for one run: live (through the cache) or `--offline` (the cache alone).
struct FetchSettings: Sendable {
    var offline = false
    var requestOptions = HTTPRequestOptions()
}

/// What a load in the browser adds to one on the command line: a way to cancel it, progress to
/// show, and somewhere other than stderr (which would scribble over the screen) to say things.
struct LoadContext: Sendable {
    var cancellation: FetchCancellation?
    var progress: CachedFetcher.Progress?
    var note: @Sendable (String) -> Void

    /// Printing commands: nothing to cancel, no progress, notes on stderr.
    static let commandLine = LoadContext(cancellation: nil, progress: nil, note: { Diagnostics.note($0) })
}
