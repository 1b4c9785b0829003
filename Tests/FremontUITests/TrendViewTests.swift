import FremontCore
import Testing
@testable import FremontUI

/// The Bikes tab's trend view on April 2016: the daily totals, their means, the cursor's readout.
@Suite struct TrendViewTests {
    static let area = Rect(x: 0, y: 1, width: 100, height: 27)

    static func render(_ view: TrendView, width: Int = 100, height: Int = 30, colors: ColorSupport = .indexed256) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        view.render(into: &buffer, area: Rect(x: 0, y: 1, width: width, height: height - 3), theme: Theme(colors: colors))
        return buffer
    }

    @Test func dump() {
        let view = TrendView(table: April.counts, cursorTime: LocalDateTime(year: 2016, month: 4, day: 19, hour: 8))
        print(Self.render(view).text)
        print(Self.render(view, width: 80, height: 24, colors: .none).text)
    }
}
