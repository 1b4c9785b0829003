import Foundation
import FremontTestSupport
import Testing

/// Every SOURCE may be a URL: the output for a URL is the output for the same file, and a
/// failure is one line on stderr with a non-zero exit.
@Suite(.needsSharedData) struct URLSourceTests {
    func fremont(_ arguments: String...) async throws -> Fremont.Result {
        try await Fremont.run(arguments: arguments)
    }

    @Test(arguments: ["xml", "csv", "json"])
    func bikesFromAURLPrintWhatTheFilePrints(format: String) async throws {
        let file = "bikes/fremont-2016-04.\(format)"
        let local = try await Fremont.run(arguments: ["bikes", SharedData.path(file), "--format", "csv"])
        try await LoopbackServer.with { server in
            let remote = try await fremont("bikes", server.address("/data/\(file)"), "--format", "csv")
            #expect(remote.status == 0)
            #expect(remote.errors == "")
            #expect(remote.output == local.output)
            #expect(remote.output.split(separator: "\n").count == 721)
        }
    }

    @Test func statsFromAURL() async throws {
        try await LoopbackServer.with { server in
            let url = server.address("/data/bikes/fremont-2016-04.xml")
            let run = try await fremont("stats", url)
            #expect(run.status == 0)
            #expect(run.output.hasPrefix("Fremont Bridge bike counts: \(url)"))
            #expect(run.output.contains("Northbound total:           46,905\n"))
        }
    }

    @Test func feedAndWeatherFromAURL() async throws {
        let feed = "feeds/real/nasa__breaking_news_2018-09-05.rss"
        let weather = "weather/darksky_forecast_sanfrancisco_2019-03-15_sxg-ForecastIO.json"
        let localFeed = try await Fremont.run(arguments: ["feed", SharedData.path(feed), "--format", "json"])
        let localWeather = try await Fremont.run(arguments: ["weather", SharedData.path(weather), "--format", "text"])
        try await LoopbackServer.with { server in
            let remoteFeed = try await fremont("feed", server.address("/data/\(feed)"), "--format", "json")
            #expect(remoteFeed.status == 0)
            #expect(remoteFeed.output == localFeed.output)
            let remoteWeather = try await fremont("weather", server.address("/data/\(weather)"), "--format", "text")
            #expect(remoteWeather.status == 0)
            #expect(remoteWeather.output == localWeather.output)
        }
    }

    @Test func theSocrataMonthInPagesEqualsTheFile() async throws {
        let local = try await Fremont.run(arguments: ["bikes", SharedData.path("bikes/fremont-2016-04.json"), "--format", "csv"])
        try await LoopbackServer.with { server in
            let run = try await fremont("bikes", "--month", "2016-04", "--endpoint", server.address("/resource/4xy5-26gy.json"),
                                        "--page-size", "300", "--format", "csv")
            #expect(run.status == 0)
            #expect(run.errors == "")
            #expect(run.output == local.output)
            let clause = "$where=date%20between%20%272016-04-01T00:00:00%27%20and%20%272016-04-30T23:00:00%27&$order=date"
            #expect(server.targets == [0, 300, 600].map { "/resource/4xy5-26gy.json?\(clause)&$limit=300&$offset=\($0)" })
        }
    }

    @Test func theConfigFileNamesTheEndpoint() async throws {
        let home = try TestHome()
        let local = try await Fremont.run(arguments: ["bikes", SharedData.path("bikes/fremont-2016-04.json"), "--format", "csv"])
        try await LoopbackServer.with { server in
            try home.writeConfig("# another counter\nendpoint = \(server.address("/resource/4xy5-26gy.json"))\n")
            let run = try await Fremont.run(arguments: ["bikes", "--month", "2016-04", "--format", "csv"], environment: home.environment)
            #expect(run.status == 0)
            #expect(run.errors == "")
            #expect(run.output == local.output)
            #expect(server.targets.first?.hasPrefix("/resource/4xy5-26gy.json?$where=") == true)
        }
    }

    @Test func aWeekFromTheSocrataAPI() async throws {
        try await LoopbackServer.with { server in
            let run = try await fremont("bikes", "--from", "2016-04-01", "--to", "2016-04-07",
                                        "--endpoint", server.address("/resource/4xy5-26gy.json"), "--format", "csv")
            #expect(run.status == 0)
            let lines = run.output.split(separator: "\n")
            #expect(lines.count == 1 + 7 * 24)
            #expect(lines.last == "2016-04-07T23:00:00,16,19")
        }
    }

    @Test func failuresAreOneLineAndANonZeroExit() async throws {
        try await LoopbackServer.with { server in
            let missing = server.address("/data/bikes/no-such.xml")
            let notFound = try await fremont("bikes", missing, "--format", "csv")
            #expect(notFound.status == 1)
            #expect(notFound.output == "")
            #expect(notFound.errors == "fremont: \(missing): HTTP 404 Not Found\n")

            let slow = server.address("/slow")
            let timedOut = try await fremont("weather", slow, "--timeout", "0.5", "--format", "text")
            #expect(timedOut.status == 1)
            #expect(timedOut.errors == "fremont: \(slow): no answer within 0.5 s\n")

            let feed = try await fremont("feed", missing, "--format", "text")
            #expect(feed.status == 1)
            #expect(feed.errors == "fremont: \(missing): HTTP 404 Not Found\n")

            let page = server.address("/data/bikes/malformed/not-xml.html")
            let html = try await fremont("stats", page)
            #expect(html.status == 1)
            #expect(html.errors.hasPrefix("fremont: \(page):1: an HTML page"))
        }
    }

    @Test func aRefusedConnection() async throws {
        let port = try await LoopbackServer.with { $0.port }
        let url = "http://127.0.0.1:\(port)/data/bikes/fremont-2016-04.xml"
        let run = try await fremont("bikes", url, "--format", "csv")
        #expect(run.status == 1)
        #expect(run.errors == "fremont: \(url): cannot connect to 127.0.0.1:\(port) (connection refused)\n")
    }

    @Test func badQueryArguments() async throws {
        let month = try await Fremont.run("bikes", "--month", "April", "--format", "csv")
        #expect(month.status == 1)
        #expect(month.errors == "fremont: --month: 'April' is not a month like 2016-04\n")
        let both = try await Fremont.run("bikes", SharedData.path("bikes/fremont-2016-04.xml"), "--month", "2016-04")
        #expect(both.status != 0)
        #expect(both.errors.contains("Give either a SOURCE or --month, not both"))
        let alone = try await Fremont.run("bikes", "--from", "2016-04-01")
        #expect(alone.status != 0)
        #expect(alone.errors.contains("--from and --to go together when they ask the Socrata API."))
        let badDay = try await Fremont.run("bikes", SharedData.path("bikes/fremont-2016-04.xml"), "--from", "April")
        #expect(badDay.status != 0)
        #expect(badDay.errors.contains("--from must be a day like 2016-04-01, not 'April'."))
        let scheme = try await Fremont.run("bikes", "ftp://example.org/a.xml", "--format", "csv")
        #expect(scheme.errors == "fremont: ftp://example.org/a.xml: only http and https addresses can be loaded\n")
    }
}
