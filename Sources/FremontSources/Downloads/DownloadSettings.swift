import Foundation

/// What the config says of podcast downloads.
public struct DownloadSettings: Sendable {
    /// newsboat's default, one at a time.
    public static let defaultMaxDownloads = 1
    public static let defaultMaximumBytes = 2048 << 20

    public var filename: DownloadFilename
    /// How many download at once (`max-downloads`).
    public var maxDownloads: Int
    /// The size cap (`download-max-size`, megabytes).
    public var maximumBytes: Int

    public init(filename: DownloadFilename = DownloadFilename(), maxDownloads: Int = DownloadSettings.defaultMaxDownloads,
                maximumBytes: Int = DownloadSettings.defaultMaximumBytes) {
        self.filename = filename
        self.maxDownloads = maxDownloads
        self.maximumBytes = maximumBytes
    }

    public init(_ config: FremontConfig?) {
        self.init(filename: DownloadFilename(folder: config?.downloadPath ?? DownloadFilename.defaultFolder,
                                             format: config?.downloadFilenameFormat ?? DownloadFilename.defaultFormat),
                  maxDownloads: config?.maxDownloads ?? Self.defaultMaxDownloads,
                  maximumBytes: config?.downloadMaxMegabytes.map { $0 << 20 } ?? Self.defaultMaximumBytes)
    }
}
