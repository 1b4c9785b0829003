import Foundation

/// The real data in `../shared/data` beside the checkout.
public enum SharedData {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data")

    public static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// The forecast fixtures recorded from the two providers (Tests/FremontCoreTests/Fixtures/weather).
    public static let forecastFixtures: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FremontCoreTests/Fixtures/weather")
}
