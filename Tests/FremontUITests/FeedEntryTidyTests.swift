import Testing
@testable import FremontUI

/// An item's text as the wrapper gets it: tabs as four spaces, line ends trimmed, runs of blank
/// lines as one, leading spaces kept (preformatted text's indentation).
@Suite struct FeedEntryTidyTests {
    @Test func tabsEndsAndBlankRuns() {
        #expect(FeedEntry.tidy("a\tb\t \n\n\n  code\t\n\n") == "a    b\n\n  code")
        #expect(FeedEntry.tidy("\n\nfirst  \n \t \nsecond") == "first\n\nsecond")
        #expect(FeedEntry.tidy("\t\tx") == "        x")
        #expect(FeedEntry.tidy("é\tü") == "é    ü")
        #expect(FeedEntry.tidy("") == "")
    }
}
