import FremontCore
import Testing
@testable import FremontUI

@Suite(.needsSharedData) struct DayTicksTests {
    static func day(_ year: Int, _ month: Int, _ day: Int) -> Int { CivilCalendar.dayNumber(year: year, month: month, day: day) }

    @Test func theStepIsTheFinestWhoseLabelsStayApart() {
        #expect(DayTicks.step(count: 4_686, columns: 114) == .years(1))
        #expect(DayTicks.step(count: 4_686, columns: 72) == .years(2))
        #expect(DayTicks.step(count: 4_686, columns: 16) == .years(5))
        #expect(DayTicks.step(count: 365, columns: 114) == .months(1))
        #expect(DayTicks.step(count: 365, columns: 40) == .months(3))
        #expect(DayTicks.step(count: 60, columns: 80) == .weeks)
        #expect(DayTicks.step(count: 21, columns: 114) == .days)
        #expect(DayTicks.step(count: 3_000_000, columns: 10) == .years(5_000))  // past any real span
    }

    @Test func yearsOnTheFirstOfJanuary() {
        let first = ChartFixtures.historyStart
        let ticks = DayTicks.ticks(firstDay: first, count: ChartFixtures.historyEnd - first + 1, columns: 114)
        #expect(ticks.map(\.label) == (2013...2025).map(String.init))
        #expect(ticks.map(\.index) == (2013...2025).map { Self.day($0, 1, 1) - first })
        // A span starting on 1 January has its first year ticked; every other year keeps to even ones.
        #expect(DayTicks.ticks(firstDay: Self.day(2014, 1, 1), count: 1_000, columns: 114).first?.index == 0)
        #expect(DayTicks.ticks(firstDay: first, count: 4_686, columns: 72).map(\.label) == ["2014", "2016", "2018", "2020", "2022", "2024"])
    }

    @Test func monthsNameTheMonthAndTheYearInJanuary() {
        let ticks = DayTicks.ticks(firstDay: Self.day(2016, 4, 1), count: 365, columns: 114)
        #expect(ticks.map(\.label) == ["Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "2017", "Feb", "Mar"])
        #expect(ticks[9].index == Self.day(2017, 1, 1) - Self.day(2016, 4, 1))
        let quarters = DayTicks.ticks(firstDay: Self.day(2016, 4, 1), count: 365, columns: 40)
        #expect(quarters.map(\.label) == ["Apr", "Jul", "Oct", "2017"])
    }

    @Test func weeksOnMondaysAndDaysByTheirNumber() {
        let weeks = DayTicks.ticks(firstDay: Self.day(2016, 4, 13), count: 60, columns: 80)
        #expect(weeks.prefix(4).map(\.label) == ["Apr 18", "Apr 25", "May 2", "May 9"])
        #expect(weeks.allSatisfy { CivilCalendar.weekday(dayNumber: Self.day(2016, 4, 13) + $0.index) == 1 })
        let days = DayTicks.ticks(firstDay: Self.day(2016, 4, 25), count: 10, columns: 114)
        #expect(days.map(\.label) == ["25", "26", "27", "28", "29", "30", "May", "2", "3", "4"])
        #expect(DayTicks.ticks(firstDay: 0, count: 0, columns: 80).isEmpty)
    }
}
