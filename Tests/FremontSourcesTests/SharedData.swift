import Foundation

/// The real data in `../shared/data` beside the checkout.
enum SharedData {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data")

    static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }
}
