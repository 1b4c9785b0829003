import Foundation
import Testing
import FremontCore
@testable import FremontUI

/// The city's whole history (2012-10-02 to 2025-07-31, hourly) for the calendar, pivot and
/// year-over-year screens, loaded once as the browser loads it.
enum SeriesViewFixtures {
    static let cityPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/data/bikes/city-export-2012-10-02_to_2025-07-31.csv").path

    static let city: SeriesTable = try! SeriesLoader.load(.file(cityPath))

    static func cityBrowser(width: Int, height: Int, colors: ColorSupport = .none) -> BrowserState {
        var state = BrowserState(width: width, height: height, theme: Theme(colors: colors))
        _ = state.tableLoaded(source: "city-export-2012-10-02_to_2025-07-31.csv", .success(city), at: "12:00:00")
        return state
    }

    /// Compares every line, and names the first that differs.
    static func expectLines(_ lines: [String], _ expected: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(lines.count == expected.count, sourceLocation: sourceLocation)
        for (row, (line, want)) in zip(lines, expected).enumerated() where line != want {
            Issue.record("row \(row):\n  got  '\(line)'\n  want '\(want)'", sourceLocation: sourceLocation)
        }
    }
}
