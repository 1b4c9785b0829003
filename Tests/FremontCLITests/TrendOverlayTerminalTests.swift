import Foundation
import FremontTestSupport
import Testing

/// Issue 29 in a real terminal: April 2016's counts (the city's CSV) joined with the weather
/// history of the loopback archive (the weather history tests'), the trend overlaying the
/// temperature on a second scale, the model's predicted against observed days, and the profile
/// of two spans.
@Suite(.serialized, .needs("tmux"), .needsSharedData) struct TrendOverlayTerminalTests {
    @Test func overlayModelAndTwoSpansOnAJoinedTable() async throws {
        let home = try TestHome()
        try await LoopbackServer.with(answering: WeatherHistoryTests.archive) { server in
            let tmux = try await TmuxSession(width: 100, height: 30, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(Fremont.path) table \(SharedData.path("bikes/fremont-2016-04.csv")) weather:\(WeatherHistoryTests.seattle) "
                               + "--endpoint \(server.address("")); echo EXIT=$?")
            try await tmux.waitFor("Fri 2016-04-01", timeout: 20)
            try await tmux.press("t")
            try await tmux.waitFor("Daily totals of")
            // o to the highest temperature: past the other counts, to the first measure.
            // o steps through the other series: the two directions, then the weather's.
            var screen = ""
            for _ in 0..<3 {
                try await tmux.press("o")
                screen = try await tmux.waitFor("overlaid:")
                if screen.contains("overlaid: daily mean of weather: temperature_2m_max") { break }
            }
            #expect(screen.contains("daily mean of weather: temperatur… (right)"), "\(screen)")
            #expect(screen.contains("temperature_2…, mean"))
            // The latitude came with weather:LAT,LON: the fit starts at once.
            try await tmux.press("m")
            screen = try await tmux.waitFor("Predicted vs observed", timeout: 20)
            #expect(screen.contains("R² 0.") && screen.contains("residuals ±") && screen.contains("30 days"), "\(screen)")
            #expect(screen.contains("observed") && screen.contains("predicted"))
            try await tmux.press("q")
            try await tmux.press("q")
            try await tmux.expectShellRestored(status: "0")
            // The joined table is of days: the profile's two spans are of the hours alone.
            try await tmux.run("\(Fremont.path) table \(SharedData.path("bikes/fremont-2016-04.csv")); echo EXIT=$?")
            try await tmux.waitFor("Friday, April 1, 2016 12:00 AM")
            try await tmux.press("p")
            try await tmux.waitFor("Mean count by hour of day")
            try await tmux.press("F")
            try await tmux.waitFor("Compare with (now: none)")
            try await tmux.type("weekends")
            try await tmux.press("Enter")
            screen = try await tmux.waitFor("Mean count by hour of day: all days vs weekends")
            #expect(screen.contains("━ all days") && screen.contains("━ weekends"))
            try await tmux.press("q")
            try await tmux.press("q")
            try await tmux.expectShellRestored(status: "0")
        }
    }
}
