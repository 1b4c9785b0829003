import Foundation
import Testing
import FremontCore
@testable import FremontSources

@Suite struct SourceLocatorTests {
    @Test func tellsAddressesStdinAndFilesApart() throws {
        #expect(try SourceLocator("https://data.seattle.gov/resource/4xy5-26gy.json") == .url(URL(string: "https://data.seattle.gov/resource/4xy5-26gy.json")!))
        #expect(try SourceLocator("HTTP://127.0.0.1:8080/a.xml") == .url(URL(string: "HTTP://127.0.0.1:8080/a.xml")!))
        #expect(try SourceLocator("-") == .standardInput)
        #expect(try SourceLocator("data/fremont.csv") == .file("data/fremont.csv"))
        #expect(try SourceLocator("C:stuff") == .file("C:stuff"))
    }

    @Test func refusesOtherSchemesAndBrokenAddresses() {
        #expect(throws: LoadError.self) { try SourceLocator("ftp://example.org/feed.xml") }
        #expect(throws: LoadError.self) { try SourceLocator("javascript:alert(1)") }
        #expect(throws: LoadError.self) { try SourceLocator("https://") }
    }
}
