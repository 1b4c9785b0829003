import Testing
@testable import FremontCore

@Suite struct RedactedURLTests {
    @Test func thePasswordGoesTheRestStays() {
        #expect(RedactedURL.text("https://user:secret@example.org/feed.xml") == "https://user:***@example.org/feed.xml")
        #expect(RedactedURL.text("https://user:p@ss@example.org:8080/a?b=c@d") == "https://user:***@example.org:8080/a?b=c@d")
        #expect(RedactedURL.text("https://user@example.org/") == "https://user@example.org/")
        #expect(RedactedURL.text("https://example.org/a@b:c") == "https://example.org/a@b:c")
        #expect(RedactedURL.text("/local/file.xml") == "/local/file.xml")
    }
}
