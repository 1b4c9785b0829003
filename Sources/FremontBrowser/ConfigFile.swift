import Foundation
import FremontCore
import FremontSources
import FremontUI

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

    /// The warnings of the config and of the feeds file, as the Log lists them from the start
    /// of a browser's run (stderr is under the screen there).
    public static func startupReports(config: FremontConfig?, feedListWarnings: [ParseWarning],
                                      directories: FremontDirectories = FremontDirectories()) -> [LoadReport] {
        var reports: [LoadReport] = []
        let time = WallClock.now()
        // A config that could not be used at all (a bad endpoint) is an error the Log shows: the
        // browser runs on the defaults, which must not pass for the config.
        if case .failure(let error) = read {
            reports.append(LoadReport(view: .log, source: directories.configFile.path, time: time,
                                      error: LoadError(source: error.source, location: error.location, kind: error.kind,
                                                       error.message + "; the browser runs without the config")))
        }
        if let config, !config.warnings.isEmpty {
            reports.append(LoadReport(view: .log, source: directories.configFile.path, time: time, warnings: config.warnings))
        }
        if !feedListWarnings.isEmpty {
            reports.append(LoadReport(view: .log, source: directories.feedList.path, time: time, warnings: feedListWarnings))
        }
        return reports
    }

    /// The config's settings for the feed reader's screens; newsboat's defaults where it says nothing.
    public static func readingSettings(_ config: FremontConfig?) -> ReadingSettings {
        ReadingSettings(showReadFeeds: config?.showReadFeeds ?? true, showReadArticles: config?.showReadArticles ?? true,
                        confirmMarkAllFeedsRead: config?.confirmMarkAllFeedsRead ?? true,
                        gotoNextFeed: config?.gotoNextFeed ?? true, textWidth: config?.textWidth ?? 0,
                        datetimeFormat: config?.datetimeFormat, showSummaries: config?.showSummaries ?? false,
                        filters: config?.filters ?? [], articleOrder: config?.articleOrder ?? .newestFirst,
                        feedOrder: config?.feedOrder ?? .none)
            .with(notifyXterm: config?.notifyXterm ?? false, highlights: config?.highlights ?? [])
    }

    /// The config's `bind-key` lines as the browser applies them, and a report for the Log of
    /// the lines naming an operation no screen of fremont's has.
    public static func keyTranslations(_ config: FremontConfig?, directories: FremontDirectories = FremontDirectories())
        -> (KeyTranslations, LoadReport?) {
        var translations = KeyTranslations()
        var warnings: [ParseWarning] = []
        for binding in config?.keyBindings ?? [] where !translations.bind(binding.key.key, to: binding.operation, in: binding.context) {
            warnings.append(ParseWarning("bind-key: fremont has no operation '\(binding.operation)'"
                                         + (binding.context == "all" ? "" : " in \(binding.context)") + ": line ignored", at: binding.location))
        }
        let report = warnings.isEmpty ? nil
            : LoadReport(view: .log, source: directories.configFile.path, time: WallClock.now(), warnings: warnings)
        return (translations, report)
    }

    /// The Socrata endpoint: the config's, else the city's Fremont Bridge dataset.
    public static func endpoint() throws(LoadError) -> URL {
        guard let config = try read.get() else { return SocrataQuery.defaultEndpoint }
        Diagnostics.printWarnings(config.warnings, source: FremontDirectories().configFile.path, limit: 20)
        return config.endpoint ?? SocrataQuery.defaultEndpoint
    }
}
