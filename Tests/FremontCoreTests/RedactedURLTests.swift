import Testing
@testable import FremontCore

@Suite struct RedactedURLTests {
    @Test func thePasswordGoesTheRestStays() {
        #expect(RedactedURL.text("https://user:secret@example.org/feed.xml") == "https://user:***@example.org/feed.xml")
        #expect(RedactedURL.text("https://user:p@ss@example.org:8080/a?b=c@d") == "https://user:***@example.org:8080/a?b=c@d")
        #expect(RedactedURL.text("https://example.org/a@b:c") == "https://example.org/a@b:c")
        #expect(RedactedURL.text("/local/file.xml") == "/local/file.xml")
    }

    /// `https://TOKEN@host` is how a token travels without a password: it is the secret.
    @Test func aUserPartWithoutAPasswordIsAToken() {
        #expect(RedactedURL.text("https://ghp_abc123@example.org/") == "https://***@example.org/")
        #expect(RedactedURL.text("http://ghp_abc123@127.0.0.1:8080/feed.xml?x=1#top") == "http://***@127.0.0.1:8080/feed.xml?x=1#top")
    }

    @Test func queryParametersNamedAsSecretsLoseTheirValues() {
        #expect(RedactedURL.text("https://example.org/feed?api_key=abc&page=2") == "https://example.org/feed?api_key=***&page=2")
        #expect(RedactedURL.text("https://example.org/f?Token=1&sig=2&X-Amz-Signature=3&access_token=4#frag=x&key=y")
                == "https://example.org/f?Token=***&sig=***&X-Amz-Signature=***&access_token=***#frag=x&key=y")
        #expect(RedactedURL.text("https://data.example.org/resource/x.json?$$app_token=abc&$limit=5")
                == "https://data.example.org/resource/x.json?$$app_token=***&$limit=5")
        #expect(RedactedURL.text("https://example.org/f?password=&auth&apikey=z") == "https://example.org/f?password=&auth&apikey=***")
        // Names that only look alike keep their values: the key of a cache entry stays distinct.
        #expect(RedactedURL.text("https://example.org/f?keyword=rain&monkey=1&tokens_left=3&id=7")
                == "https://example.org/f?keyword=rain&monkey=1&tokens_left=3&id=7")
        #expect(RedactedURL.text("https://a:b@example.org/f?token=t") == "https://a:***@example.org/f?token=***")
    }

    @Test func theLocationIsTheRealAddressWithoutItsUserPart() {
        #expect(RedactedURL.location("https://alice:secret@example.org/news/feed.xml?token=t") == "https://example.org/news/feed.xml?token=t")
        #expect(RedactedURL.location("https://TOKEN@example.org") == "https://example.org")
        #expect(RedactedURL.location("https://example.org/a@b") == "https://example.org/a@b")
    }
}
