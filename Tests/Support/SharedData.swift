import Foundation

/// The real data in `../shared/data` beside the checkout.
public enum SharedData {
    /// `../shared/data` beside the clone; `FREMONT_SHARED_DATA` names another (a missing one
    /// tries what a clone without it does).
    public static let root: URL = ProcessInfo.processInfo.environment["FREMONT_SHARED_DATA"].map { URL(fileURLWithPath: $0) }
        ?? URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data")

    /// Whether the data is there: a clone on its own has none.
    public static var isPresent: Bool { FileManager.default.fileExists(atPath: root.path) }

    public static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// The forecast fixtures recorded from the two providers (Tests/FremontCoreTests/Fixtures/weather).
    public static let forecastFixtures: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FremontCoreTests/Fixtures/weather")
}
