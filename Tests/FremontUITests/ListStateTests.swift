import Testing
@testable import FremontUI

/// The list widget on its own: one-line rows, and items of many lines that grow in place.
@Suite struct ListStateTests {
    @Test func movingKeepsTheSelectionOnScreen() {
        let rows = UniformMetrics(count: 100)
        var list = ListState()
        list.resize(height: 10, rows)
        list.select(9, rows)
        #expect(list.offset == 0)
        list.select(10, rows)
        #expect(list.offset == 1)  // just enough
        list.select(3, rows)
        #expect(list.offset == 1 && list.selected == 3)
        list.select(0, rows)
        #expect(list.offset == 0)
        list.select(500, rows)
        #expect(list.selected == 99 && list.offset == 90)
        list.select(-5, rows)
        #expect(list.selected == 0 && list.offset == 0)
    }

    @Test func pagingAsPagersDo() {
        let rows = UniformMetrics(count: 100)
        var list = ListState()
        list.resize(height: 10, rows)
        list.select(2, rows)
        list.move(by: 9, scrolling: 9, rows)
        #expect(list.selected == 11 && list.offset == 9)  // the selection keeps its row on screen
        list.end(rows)
        #expect(list.selected == 99 && list.offset == 90)
        list.move(by: 9, scrolling: 9, rows)
        #expect(list.selected == 99 && list.offset == 90)
        list.home(rows)
        #expect(list.selected == 0 && list.offset == 0)
    }

    @Test func pagingTheViewAndTheSelectionFollows() {
        let rows = UniformMetrics(count: 25)
        var list = ListState()
        list.resize(height: 10, rows)
        list.page(by: 1, rows)
        #expect(list.offset == 9 && list.selected == 9)
        list.page(by: 1, rows)
        #expect(list.offset == 15 && list.selected == 15)
        // At the end a page goes to the last item, so the key always does something.
        list.page(by: 1, rows)
        #expect(list.offset == 15 && list.selected == 24)
        list.page(by: -1, rows)
        #expect(list.offset == 6 && list.selected == 6)  // it left the screen: the first item on it
    }

    @Test func expandedItemsShowWholeWhenTheyFitElseFromTheirTop() {
        // Items of 3 lines with a blank line after each; item 2 is expanded to 20.
        var items = StackedMetrics(heights: Array(repeating: 4, count: 10))
        var list = ListState(gap: 1)
        list.resize(height: 10, items)
        #expect(list.lineCount(items) == 39)
        list.select(2, items)
        #expect(list.offset == 1)  // its lines 8–10 all show, just
        items.setHeight(21, of: 2)
        #expect(items.top(of: 3) == 29)
        list.reveal(items)
        #expect(list.offset == 8)  // taller than the screen: from its first line
        list.select(3, items)
        #expect(list.offset == 22)  // item 3's three lines end the screen; its gap need not show
        #expect(list.item(atRow: 0, items) == 2)
        #expect(list.item(atRow: 6, items) == nil)  // item 2's blank line
        #expect(list.item(atRow: 7, items) == 3)
    }

    @Test func keepVisibleScrollsOnlyWhenNothingOfTheItemShows() {
        let items = StackedMetrics(heights: Array(repeating: 4, count: 10))
        var list = ListState(gap: 1)
        list.resize(height: 10, items)
        list.selectKeepingView(2, items)  // its first two lines show
        #expect(list.offset == 0)
        list.selectKeepingView(5, items)
        #expect(list.offset == 13)
    }

    @Test func theWheelMovesTheViewAndTheSelectionFollowsWhenItLeaves() {
        let rows = UniformMetrics(count: 100)
        var list = ListState()
        list.resize(height: 10, rows)
        list.select(5, rows)
        list.scroll(by: 3, rows)
        #expect(list.offset == 3 && list.selected == 5)
        list.scroll(by: 3, rows)
        #expect(list.offset == 6 && list.selected == 6)
        list.scroll(by: -100, rows)
        #expect(list.offset == 0 && list.selected == 6)
    }

    @Test func anAnchorKeepsTheSelectionsRowAcrossARelayout() {
        var list = ListState(gap: 1)
        let before = StackedMetrics(heights: Array(repeating: 4, count: 20))
        list.resize(height: 10, before)
        list.select(6, before)
        let row = list.anchor(before)!
        let after = StackedMetrics(heights: Array(repeating: 6, count: 20))  // a narrower width
        list.restore(anchor: row, after)
        #expect(after.top(of: 6) - list.offset == row)
    }

    @Test func anEmptyListIsQuiet() {
        let none = UniformMetrics(count: 0)
        var list = ListState()
        list.resize(height: 10, none)
        list.select(3, none)
        list.page(by: 1, none)
        list.end(none)
        list.scroll(by: 4, none)
        #expect(list.selected == 0 && list.offset == 0)
        #expect(list.item(atRow: 0, none) == nil)
    }

    @Test func theViewDrawsOnlyTheLinesOnScreenWithTheIndicator() {
        let items = StackedMetrics(heights: [2, 3, 2, 4])
        var list = ListState()
        list.resize(height: 4, items)
        list.select(1, items)
        var buffer = ScreenBuffer(width: 12, height: 4)
        var drawn: [String] = []
        ListView.render(list, items, area: Rect(x: 0, y: 0, width: 12, height: 4), into: &buffer, theme: Theme(colors: .none)) { item, line, y, buffer in
            drawn.append("\(item).\(line)")
            buffer.write("\(item).\(line)", x: 0, y: y)
        }
        #expect(list.offset == 1)
        #expect(drawn == ["0.1", "1.0", "1.1", "1.2"])
        #expect(buffer.line(0) == "0.1        ▲")
        #expect(buffer.line(3) == "1.2        ▼")
    }
}
