import Foundation
import Testing
import FremontCore
import FremontSources

/// An export goes to a new file, whole, named relative to the working folder or home; it never
/// replaces a file, and failures say why in words.
@Suite struct FileExportTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fremont-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func writesANewFileWholeAndNeverOverAnother() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let written = try FileExport.writeNew("date,a\n2016-04-01T00:00:00,1\n", to: "out.csv", workingFolder: dir.path)
        #expect(written == dir.appendingPathComponent("out.csv").path)
        #expect(try String(contentsOfFile: written, encoding: .utf8) == "date,a\n2016-04-01T00:00:00,1\n")
        let again = #expect(throws: LoadError.self) { try FileExport.writeNew("other", to: "out.csv", workingFolder: dir.path) }
        #expect(again?.message == "already exists; not overwritten (give another name)")
        #expect(try String(contentsOfFile: written, encoding: .utf8).hasPrefix("date,a"))
        // No temporary file is left behind either way.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.csv"])
    }

    @Test func homeAndBadPlaces() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let written = try FileExport.writeNew("x", to: "~/h.csv", home: dir.path, workingFolder: "/")
        #expect(written == dir.appendingPathComponent("h.csv").path)
        let missing = #expect(throws: LoadError.self) { try FileExport.writeNew("x", to: "no/such/dir/x.csv", workingFolder: dir.path) }
        #expect(missing?.message == "no such folder")
        let control = #expect(throws: LoadError.self) { try FileExport.writeNew("x", to: "a\u{1B}[2J.csv", workingFolder: dir.path) }
        #expect(control?.message == "a file name cannot hold control characters")
    }
}
