import Dispatch
import Foundation
import FremontCore
import Synchronization

/// The local time of day as `HH:MM:SS`, for saying when something happened.
public enum WallClock {
    @Sendable public static func now() -> String {
        var seconds = time(nil)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return [parts.tm_hour, parts.tm_min, parts.tm_sec].map { pad(Int($0)) }.joined(separator: ":")
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
