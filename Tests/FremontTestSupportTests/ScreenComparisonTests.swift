import FremontTestSupport
import Testing

/// The whole-screen comparison: every line counts, and a difference reads line by line.
@Suite struct ScreenComparisonTests {
    @Test func linesAreTheScreensHeightWithoutTrailingSpaces() {
        #expect(ScreenComparison.lines("a  \nb\n", height: 4) == ["a", "b", "", ""])
        #expect(ScreenComparison.lines("a\n\nc", height: 3) == ["a", "", "c"])
        // A line break at the end ends the last line; it does not add a blank one.
        #expect(ScreenComparison.lines("a\n", height: 1) == ["a"])
    }

    @Test func theSameScreenHasNoDifference() {
        #expect(ScreenComparison.difference(expected: ["a", "b"], actual: ["a", "b"]) == nil)
    }

    @Test func aDifferenceShowsTheWholeScreenAndBothFormsOfEachChangedLine() {
        let expected = (1...10).map { "line \($0)" }
        var actual = expected
        actual[1] = "line two"
        actual[9] = ""
        #expect(ScreenComparison.difference(expected: expected, actual: actual) == """
            lines 2, 10 of 10 differ (- expected, + shown):
               1 │line 1
            -  2 │line 2
            +  2 │line two
               3 │line 3
               4 │line 4
               5 │line 5
               6 │line 6
               7 │line 7
               8 │line 8
               9 │line 9
            - 10 │line 10
            + 10 │
            """)
        // A line only one side has is said to be missing, not blank.
        #expect(ScreenComparison.difference(expected: ["a"], actual: ["a", "b"]) == """
            line 2 of 2 differ (- expected, + shown):
              1 │a
            - 2 │(no line)
            + 2 │b
            """)
    }
}
