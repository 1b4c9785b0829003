import FremontCore
import Testing
@testable import FremontUI

/// The Bikes tab's hourly profile on April 2016: weekday and weekend means per series.
@Suite struct ProfileViewTests {
    static func render(_ view: ProfileView, width: Int = 100, height: Int = 30, colors: ColorSupport = .indexed256) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        view.render(into: &buffer, area: Rect(x: 0, y: 1, width: width, height: height - 3), theme: Theme(colors: colors))
        return buffer
    }

    @Test func dump() {
        let view = ProfileView(table: April.counts)
        print(Self.render(view).text)
        print(Self.render(view, width: 80, height: 24, colors: .none).text)
        let p = SeriesHourlyProfile(April.counts)
        print(p.weekdays.map { $0[8] }, p.weekends.map { $0[8] }, p.weekdays.map { $0[17] })
    }
}
