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

    /// A refused address is said without its password, as every address Fremont shows is.
    @Test func aRefusedAddressIsSaidWithoutItsPassword() {
        let scheme = #expect(throws: LoadError.self) { try SourceLocator("ftp://reader:hunter2@example.org/feed.xml") }
        #expect(scheme?.description == "ftp://reader:***@example.org/feed.xml: only http and https addresses can be loaded")
        let broken = #expect(throws: LoadError.self) { try SourceLocator("https://reader:hunter2@") }
        #expect(broken?.description.contains("hunter2") == false)
    }
}

/// An `--endpoint`: an http or https address, else an error said of the address as shown.
@Suite struct EndpointAddressTests {
    @Test func onlyWebAddressesAreEndpoints() throws {
        #expect(try SourceLocator.webAddress("https://example.org/resource/x.json", shown: "x") == URL(string: "https://example.org/resource/x.json")!)
        let file = #expect(throws: LoadError.self) { try SourceLocator.webAddress("data/x.json", shown: "shown") }
        #expect(file?.description == "shown: the endpoint must be an http or https address")
        #expect(throws: LoadError.self) { try SourceLocator.webAddress("ftp://example.org/", shown: "ftp://example.org/") }
    }
}
