import Foundation

/// How old cached data is, in words for a message or a status line: "cached 3 h ago".
public enum CacheAge {
    public static func text(since fetchedAt: Date, now: Date = Date()) -> String {
        "cached " + ago(max(0, now.timeIntervalSince(fetchedAt)))
    }

    static func ago(_ seconds: TimeInterval) -> String {
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(Int(seconds / 60)) min ago"
        case ..<(48 * 3600): return "\(Int(seconds / 3600)) h ago"
        default:
            let days = Int(seconds / 86400)
            return "\(days) days ago"
        }
    }
}
