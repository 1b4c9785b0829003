import FremontCore
import Testing
@testable import FremontUI

/// The Bikes tab's column statistics and frequency tables on April 2016.
@Suite struct ColumnStatsViewTests {
    static func render(_ view: ColumnStatsView, width: Int = 100, height: Int = 30, colors: ColorSupport = .indexed256) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        view.render(into: &buffer, area: Rect(x: 0, y: 1, width: width, height: height - 3), theme: Theme(colors: colors))
        return buffer
    }

    @Test func dump() {
        var view = ColumnStatsView(table: April.counts)
        print(Self.render(view).text)
        print(Self.render(view, width: 80, height: 24, colors: .none).text)
        _ = view.perform(.nextGrouping, in: Rect(x: 0, y: 1, width: 100, height: 27))
        print(Self.render(view).text)
    }
}
