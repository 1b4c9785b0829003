import Testing
import FremontCore
@testable import FremontUI

/// How a window's request reaches its rows: from an end, continued from a row held near them
/// (keyset), or counted to from the nearer end; and where the rows it read are placed.
@Suite struct ItemWindowRequestTests {
    private static func cursor(_ n: Int) -> ItemCursor { ItemCursor(sortKey: .text("k\(n)"), rowid: Int64(n)) }
    private static func headline(_ n: Int) -> ItemHeadline {
        ItemHeadline(feed: "f", id: "\(n)", title: "", feedTitle: "", date: nil, isRead: false, isStarred: false, cursor: cursor(n))
    }

    @Test func theEndsAreReadFromTheEnds() {
        let start = ItemWindowRequest(query: .all, wanted: 0..<50).plan(total: 1_000)
        #expect(start.seek == .start && start.limit == 50 && start.kept == 0..<50)
        // Past the end: moved back so the window is full.
        let end = ItemWindowRequest(query: .all, wanted: 980..<1_030).plan(total: 1_000)
        #expect(end.seek == .end && end.limit == 50 && end.kept == 950..<1_000)
        let short = ItemWindowRequest(query: .all, wanted: 10..<60).plan(total: 30)
        #expect(short.seek == .start && short.limit == 30 && short.kept == 0..<30)
        let empty = ItemWindowRequest(query: .all, wanted: 0..<50).plan(total: 0)
        #expect(empty.limit == 0 && empty.kept.isEmpty)
    }

    @Test func nearRowsAreContinuedFromTheRowHeld() {
        let next = ItemWindowRequest(query: .unread, wanted: 100..<150, anchor: .init(position: 99, cursor: Self.cursor(99)))
        #expect(next.plan(total: 1_000) == .init(seek: .after(Self.cursor(99)), limit: 50, kept: 100..<150))
        // A few rows beyond it: read and dropped rather than counted from the start.
        let skipping = ItemWindowRequest(query: .unread, wanted: 120..<170, anchor: .init(position: 99, cursor: Self.cursor(99)))
        #expect(skipping.plan(total: 1_000) == .init(seek: .after(Self.cursor(99)), limit: 70, kept: 120..<170))
        let back = ItemWindowRequest(query: .unread, wanted: 40..<90, anchor: .init(position: 100, cursor: Self.cursor(100)))
        #expect(back.plan(total: 1_000) == .init(seek: .before(Self.cursor(100)), limit: 60, kept: 40..<90))
    }

    @Test func farRowsAreCountedToFromTheNearerEnd() {
        let anchor = ItemWindowRequest.Anchor(position: 10, cursor: Self.cursor(10))
        let early = ItemWindowRequest(query: .all, wanted: 400_000..<400_050, anchor: anchor).plan(total: 1_000_000)
        #expect(early.seek == .offset(400_000) && early.limit == 50)
        let late = ItemWindowRequest(query: .all, wanted: 700_000..<700_050, anchor: anchor).plan(total: 1_000_000)
        #expect(late.seek == .offsetFromEnd(299_950) && late.limit == 50)
        // A window is bounded whatever is asked.
        let huge = ItemWindowRequest(query: .all, wanted: 500..<1_000_000).plan(total: 1_000_000)
        #expect(huge.limit == ItemSeek.maxWindowRows && huge.kept.count == ItemSeek.maxWindowRows)
    }

    @Test func rowsReadArePlacedWhereTheyStand() {
        let total = 1_000
        let after = ItemWindowRequest(query: .all, wanted: 120..<170, anchor: .init(position: 99, cursor: Self.cursor(99)))
        let read = (100..<170).map(Self.headline)
        let window = after.window(total: total, read: read)
        #expect(window.first == 120 && window.rows.map(\.id) == (120..<170).map(String.init))
        let before = ItemWindowRequest(query: .all, wanted: 40..<90, anchor: .init(position: 100, cursor: Self.cursor(100)))
        let backWindow = before.window(total: total, read: (40..<100).map(Self.headline))
        #expect(backWindow.first == 40 && backWindow.rows.map(\.id) == (40..<90).map(String.init))
        let fromEnd = ItemWindowRequest(query: .all, wanted: 700..<750).window(total: total, read: (700..<750).map(Self.headline))
        #expect(fromEnd.first == 700 && fromEnd[749]?.id == "749" && fromEnd[750] == nil)
    }

    @Test func aWindowAsksFromItsNearestRow() {
        let window = ItemWindow(query: .all, total: 1_000, first: 100, rows: (100..<150).map(Self.headline))
        #expect(window.request(150..<200).anchor == .init(position: 149, cursor: Self.cursor(149)))
        #expect(window.request(40..<100).anchor == .init(position: 100, cursor: Self.cursor(100)))
        #expect(window.request(120..<170).anchor == nil)  // overlapping: read again as asked
    }
}
