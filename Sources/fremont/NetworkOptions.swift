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
        guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout must be a positive number of seconds.") }
    }

    var requestOptions: HTTPRequestOptions {
        var options = HTTPRequestOptions()
        options.timeout = timeout
        options.connectTimeout = min(options.connectTimeout, timeout)
        return options
    }

    func loader() -> SourceLoader {
        SourceLoader(options: requestOptions)
    }
}
