import Foundation
import FremontTestSupport
import Testing

/// Issue 14, items 4 and 10: writes to standard output are checked, numeric options are bounded.
@Suite(.needsSharedData) struct OutputAndOptionsTests {
    @Test func aFullDiskIsAnErrorNotSilence() async throws {
        for arguments in [["bikes", "--format", "csv"], ["stats"], ["weather", SharedData.path("weather/darksky_forecast_sanfrancisco_2019-03-15_sxg-ForecastIO.json"), "--format", "json"],
                          ["feed", SharedData.path("feeds/real/nasa__breaking_news_2018-09-05.rss"), "--format", "json"]] {
            let run = try await Fremont.run(arguments: arguments, standardOutput: .path("/dev/full"))
            #expect(run.status == 1, "\(arguments)")
            #expect(run.errors == "fremont: cannot write to standard output: No space left on device\n", "\(arguments)")
        }
    }

    @Test func aReaderThatGoesAwayEndsItQuietly() async throws {
        let home = try TestHome()
        let child = try Fremont.start(arguments: ["bikes", "--format", "csv"], home: home, standardOutput: .pipe)
        let output = try #require(child.outputPipe)
        // Read one chunk, then close the pipe, as `| head -1` does.
        _ = try await offPool { output.availableData }
        try output.close()
        let run = await child.exit(timeout: .seconds(60))
        #expect(!run.timedOut)
        #expect(run.status == 0 || run.signal != nil)
        #expect(run.standardError.isEmpty)
    }

    @Test func numericOptionsAreBounded() async throws {
        for (arguments, message) in [
            (["feed", "x.xml", "--timeout", "1e16"], "Error: --timeout must be a number of seconds above 0 and at most 86400 (a day), not 1e+16."),
            (["feed", "x.xml", "--timeout", "nan"], "Error: --timeout must be a number of seconds above 0 and at most 86400 (a day), not nan."),
            (["bikes", "--month", "2016-04", "--page-size", "0"], "Error: --page-size must be from 1 to 50000 (the API's most), not 0."),
            (["feed", "x.xml", "--max-warnings=-1"], "Error: --max-warnings must be from 0 to 1000000, not -1."),
            (["search", "x", "--limit", "0"], "Error: --limit must be a number above 0, or all; not 0."),
            (["query", "unread = \"yes\"", "--limit=-3"], "Error: --limit must be a number above 0, or all; not -3."),
        ] {
            let run = try await Fremont.run(arguments: arguments)
            #expect(run.status != 0, "\(arguments)")
            #expect(run.errors.hasPrefix(message), "\(arguments): \(run.errors)")
        }
    }
}

/// A mistyped command is said to be one, with the nearest (exit 64); a file is still a file.
@Suite(.needsSharedData) struct CommandSuggestionTests {
    @Test func aTypoSuggestsTheNearestCommand() async throws {
        for (arguments, expected) in [(["wether"], "fremont: unknown command 'wether'; did you mean 'weather'?"),
                                      (["feeds", "ad", "https://example.org/feed"], "fremont feeds: unknown command 'ad'; did you mean 'add'?"),
                                      (["tabel"], "fremont: unknown command 'tabel'; did you mean 'table'?"),
                                      (["bkes"], "fremont: unknown command 'bkes'; did you mean 'bikes'?")] {
            let run = try await Fremont.run(arguments: arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.errors.hasPrefix(expected), "\(arguments): \(run.errors)")
        }
        // What can be a source is read as one.
        let file = try await Fremont.run(arguments: ["weathr.csv"])
        #expect(file.status == 1 && file.errors.contains("weathr.csv: cannot open"), "\(file.errors)")
    }
}

@Suite(.needsSharedData) struct VersionAndWordsTests {
    /// The city's export warned of every row with a count missing (21 lines), for days the
    /// command did not show too: a span warns of its own rows alone, and `-q` of none.
    @Test func warningsAreOnlyOfTheRowsShownAndQuietHasNone() async throws {
        let city = SharedData.path("bikes/city-export-2012-10-02_to_2025-07-31.csv")
        let whole = try await Fremont.run(arguments: ["stats", city])
        #expect(whole.status == 0 && whole.errors.contains("2013-03-10T02:00:00: northbound count missing"), "\(whole.errors)")
        let span = try await Fremont.run(arguments: ["table", city, "--from", "2016-03-13", "--to", "2016-03-14", "--format", "csv"])
        #expect(span.status == 0)
        #expect(span.errors == "\(city):30184: warning: 2016-03-13T02:00:00: northbound count missing; southbound count missing\n", "\(span.errors)")
        let none = try await Fremont.run(arguments: ["table", city, "--from", "2016-04-10", "--to", "2016-04-12", "--format", "csv"])
        #expect(none.status == 0 && none.errors.isEmpty, "\(none.errors)")
        for arguments in [["stats", city, "-q"], ["table", city, "--quiet", "--format", "csv"],
                          ["feed", SharedData.path("feeds/real/nasa__breaking_news_2018-09-05.rss"), "-q", "--format", "json"]] {
            let quiet = try await Fremont.run(arguments: arguments)
            #expect(quiet.status == 0 && quiet.errors.isEmpty, "\(arguments): \(quiet.errors)")
        }
    }

    @Test func versionAndSingulars() async throws {
        let version = try await Fremont.run(arguments: ["--version"])
        #expect(version.status == 0 && version.output.hasPrefix("fremont "))
        let one = try await Fremont.run(arguments: ["stats", "-"], input: Data("date,Fremont Bridge NB,Fremont Bridge SB\n04/13/2016 12:00:00 AM,1,2\n".utf8))
        #expect(one.output.contains("Rows:                       1 hour on 1 day\n"))
    }
}

/// Issue 14 #5, its folder and file modes: what fremont keeps is the reader's alone.
@Suite(.needsSharedData) struct PrivateFilesTests {
    private func mode(_ url: URL) -> mode_t? {
        var status = stat()
        return stat(url.path, &status) == 0 ? status.st_mode & 0o777 : nil
    }

    @Test func configAndCacheFoldersAre0700AndTheirFiles0600() async throws {
        let home = try TestHome()
        #expect(try await home.run("feeds", "add", "https://e.example/feed.xml").status == 0)
        _ = try await home.run("search", "anything")
        #expect(mode(home.feedList.deletingLastPathComponent()) == 0o700)
        #expect(mode(home.feedList) == 0o600)
        #expect(mode(home.cacheDatabase.deletingLastPathComponent()) == 0o700)
        #expect(mode(home.cacheDatabase) == 0o600)
        // A list someone made 0640 keeps its mode when fremont writes it again.
        chmod(home.feedList.path, 0o640)
        #expect(try await home.run("feeds", "add", "https://f.example/feed.xml").status == 0)
        #expect(mode(home.feedList) == 0o640)
    }
}

/// Issue 14 #1: no value from OPML or the command line puts a line of its own into the feeds file.
@Suite(.needsSharedData) struct FeedListInjectionTests {
    @Test func outlinesAndArgumentsWithLineBreaksAreRefused() async throws {
        let home = try TestHome()
        let opml = home.root.appendingPathComponent("x.opml")
        try Data("""
            <?xml version="1.0"?>
            <opml version="1.0"><head><title>x</title></head><body>
            <outline text="a" xmlUrl="https://e.example/a&#10;exec:touch /tmp/pwned"/>
            <outline text="b" title="t&#13;y" xmlUrl="https://e.example/b"/>
            <outline text="c" category="c&#10;d" xmlUrl="https://e.example/c"/>
            <outline text="fine" xmlUrl="https://e.example/fine"/>
            </body></opml>
            """.utf8).write(to: opml)
        let imported = try await home.run("feeds", "import", opml.path)
        #expect(imported.status == 0)
        #expect(imported.output == "imported 1 feed from \(opml.path)\n")
        #expect(imported.errors.contains("outline https://e.example/a exec:touch /tmp/pwned refused: its address holds a line break or control character"))
        #expect(imported.errors.contains("outline https://e.example/b refused: its title holds a line break or control character"))
        #expect(imported.errors.contains("outline https://e.example/c refused: a tag holds a line break or control character"))
        let file = try String(contentsOf: home.feedList, encoding: .utf8)
        #expect(file == "https://e.example/fine \"~fine\"\n")

        for arguments in [["feeds", "add", "https://e.example/z", "--title", "x\ny"], ["feeds", "add", "https://e.example/z", "--tag", "a\u{1B}b"],
                          ["feeds", "add", "https://e.example/z\nexec:x"]] {
            let added = try await Fremont.run(arguments: arguments, environment: home.environment)
            #expect(added.status != 0, "\(arguments)")
        }
        #expect(try String(contentsOf: home.feedList, encoding: .utf8) == file)
    }
}

/// Issue 14 #11, file errors: what happened, in words, never "NSCocoaErrorDomain error 256".
@Suite(.needsSharedData) struct FileErrorWordsTests {
    @Test func aDirectoryOrAMissingFileSaysSo() async throws {
        let home = try TestHome()
        try FileManager.default.createDirectory(at: home.feedList, withIntermediateDirectories: true)
        let list = try await home.run("feeds", "list")
        #expect(list.status == 1)
        #expect(list.errors == "fremont: \(home.feedList.path): cannot read the feed list: is a directory, not a file\n")
        let folder = try await home.run("feeds", "import", home.root.path)
        #expect(folder.errors == "fremont: \(home.root.path): cannot open: is a directory, not a file\n")
        let missing = try await home.run("feeds", "import", home.root.appendingPathComponent("none.opml").path)
        #expect(missing.errors == "fremont: \(home.root.appendingPathComponent("none.opml").path): cannot open: no such file\n")
    }
}
