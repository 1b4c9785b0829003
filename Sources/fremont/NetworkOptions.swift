import ArgumentParser
import Foundation
import FremontBrowser
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
