import Foundation
import FremontTestSupport
import Testing

/// The browser takes clicks and the wheel, never every motion (which would take text selection
/// from the terminal); `mouse = no` in the config leaves the mouse alone.
@Suite(.serialized, .needs("tmux")) struct MouseModeTests {
    private let fremont = Fremont.path

    @Test func clicksAndTheWheelNotEveryMotion() async throws {
        let tmux = try await TmuxSession(width: 80, height: 24)
        try await tmux.ready()
        try await tmux.run("\(fremont); echo EXIT=$?")
        try await tmux.waitFor("Friday, April 1, 2016 12:00 AM")
        #expect(try await tmux.pane("mouse_any_flag") == "1")
        #expect(try await tmux.pane("mouse_all_flag") == "0")
        try await tmux.press("q")
        try await tmux.expectShellRestored(status: "0")
    }

    @Test func mouseNoInTheConfigLeavesTheMouseAlone() async throws {
        let home = try TestHome()
        try home.writeConfig("mouse = no\n")
        let tmux = try await TmuxSession(width: 80, height: 24, environment: home.environment)
        try await tmux.ready()
        try await tmux.run("\(fremont); echo EXIT=$?")
        try await tmux.waitFor("Friday, April 1, 2016 12:00 AM")
        #expect(try await tmux.pane("mouse_any_flag") == "0")
        try await tmux.press("q")
        try await tmux.expectShellRestored(status: "0")
    }
}
