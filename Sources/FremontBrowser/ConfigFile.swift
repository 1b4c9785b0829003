import Foundation
import FremontCore
import FremontSources

/// The config file, read once; its warnings go to stderr like the feed list's.
public enum ConfigFile {
    /// The config as the run uses it where nothing is said of its warnings (the browser, the
    /// cache's `max-items`): read once, nil without a file or when it cannot be read.
    public static let quiet: FremontConfig? = (try? read.get()) ?? nil

    /// The one read of the file, whoever asks first.
    private static let read = Result { () throws(LoadError) -> FremontConfig? in try FremontConfig.load() }

    /// The config, its warnings said; nil without a file. A config that cannot be read ends the run.
    public static func load() -> FremontConfig? {
        do {
            guard let config = try read.get() else { return nil }
            Diagnostics.printWarnings(config.warnings, source: FremontDirectories().configFile.path, limit: 20)
            return config
        } catch {
            Diagnostics.fail(error.description)
        }
    }

    /// The Socrata endpoint: the config's, else the city's Fremont Bridge dataset.
    public static func endpoint() throws(LoadError) -> URL {
        guard let config = try read.get() else { return SocrataQuery.defaultEndpoint }
        Diagnostics.printWarnings(config.warnings, source: FremontDirectories().configFile.path, limit: 20)
        return config.endpoint ?? SocrataQuery.defaultEndpoint
    }
}
