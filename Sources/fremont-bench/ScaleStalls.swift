import Foundation
import FremontCore
import FremontUI

/// The UI thread's longest stall in the river's scenarios that the pseudo-terminal cannot
/// separate from the cache's work, with 8,000 items: resizes collapsed and with every item
/// expanded, `E` and `C`, keys pressed while the rest of a re-wrap is under way, a feed arriving
/// wrapped for another width, and the background wrap's lines arriving. Each figure is an
/// update and the frame after it (a frame: 16 ms); the background work itself runs apart, as
/// the runtime runs it, and is printed beside.
enum ScaleStalls {
    static func run(dataDirectory: String) throws {
        let bytes = makeLargeFeed(items: 8_000, folder: URL(fileURLWithPath: "\(dataDirectory)/feeds/real"))
        let parsed = try FeedParser.parse(.bytes(bytes, name: "bench-feed.xml"))
        let count = NumberText.grouped(parsed.feed.items.count)
        var river = River(parsed)
        print("  the river (\(count) items, 120×40), update + frame on the UI thread; the rest of each wrap off it:")
        for expanded in [false, true] {
            let label = expanded ? "every item expanded" : "collapsed"
            if expanded {
                river.press(.character("E"))
                report("E (expand all)", river.takeStalls(), background: river.settle())
            }
            for (width, height) in [(119, 40), (120, 40), (100, 30), (120, 40)] { river.resize(width, height) }
            // A drag: each size's wrap makes the one before stale; only the last is done.
            let background = river.settle()
            report("resizes, \(label)", river.takeStalls(), background: background)
            river.resize(80, 24)
            for key in [Key.character("G"), .character("g"), .pageDown, .character("j")] { river.press(key) }
            let pending = river.settle()
            report("G g PgDn j before the wrap arrives, \(label)", river.takeStalls(), background: pending)
            river.resize(120, 40)
            _ = river.settle()
            _ = river.takeStalls()
        }
        river.press(.character("C"))
        report("C (collapse all)", river.takeStalls(), background: river.settle())
        // A reload wrapped for 120 columns arriving at 100: the old way wrapped it all here.
        river.resize(100, 30)
        _ = river.settle()
        _ = river.takeStalls()
        river.load(parsed, laidOutFor: Rect(x: 0, y: 1, width: 120, height: 38))
        report("a reload wrapped for another width", river.takeStalls(), background: river.settle())
    }

    /// The verdict goes by the UI thread's own CPU time: on the shared machine a thread waits
    /// for a core too, and the wall time (printed beside) counts that wait.
    private static func report(_ label: String, _ stalls: [Stall], background: Double) {
        let longest = stalls.max { $0.cpu < $1.cpu } ?? Stall(event: "none", wall: 0, cpu: 0)
        let longestWall = stalls.map(\.wall).max() ?? 0
        print(String(format: "    %@: longest %.2f ms CPU (%@) of %d events → %@; longest wall %.2f ms (background wrap %.0f ms)", label,
                     longest.cpu, longest.event, stalls.count, longest.cpu <= 16 ? "met (≤ 16 ms)" : "MISSED (> 16 ms)",
                     longestWall, background))
    }

    struct Stall {
        var event: String
        var wall: Double
        var cpu: Double
    }

    /// The calling thread's CPU time, in milliseconds.
    static func threadCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
    }

    /// A browser on the river, driven as the runtime drives it: each event's update and frame
    /// timed; background work queued and run apart.
    private struct River {
        var state = BrowserState(width: 120, height: 40, theme: Theme(colors: .indexed256), current: .feeds)
        var buffer = ScreenBuffer(width: 120, height: 40)
        var stalls: [Stall] = []
        var queued: [(command: Command, address: ScreenAddress)] = []

        init(_ parsed: FeedParseResult) {
            load(parsed, laidOutFor: state.contentArea)
            _ = settle()
            stalls = []
        }

        mutating func load(_ parsed: FeedParseResult, laidOutFor area: Rect) {
            let payload = LoadPayload.feed(PreparedFeed(parsed, source: "bench-feed.xml")).laidOut(for: area)
            timed(.loaded(.feeds, source: "bench-feed.xml", .success(payload), at: ""))
        }

        mutating func resize(_ width: Int, _ height: Int) { timed(.resize(width: width, height: height)) }
        mutating func press(_ key: Key) { timed(.key(key)) }

        mutating func timed(_ event: BrowserEvent) {
            let start = DispatchTime.now().uptimeNanoseconds, cpu = ScaleStalls.threadCPU()
            let effects = state.update(event)
            if buffer.width != state.width || buffer.height != state.height { buffer = ScreenBuffer(width: state.width, height: state.height) }
            state.render(into: &buffer)
            stalls.append(Stall(event: Self.name(event), wall: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6,
                                cpu: ScaleStalls.threadCPU() - cpu))
            for case .run(let command, let address) in effects where command.lane == .compute {
                // As the runtime's lane: a newer command of the screen's key replaces one not started.
                queued.removeAll { $0.address == address && $0.command.key == command.key }
                queued.append((command, address))
            }
        }

        /// Runs the queued background work (untimed for the UI thread: it runs on another) and
        /// delivers each result as an event (timed); the milliseconds the work took.
        mutating func settle() -> Double {
            var spent = 0.0
            while !queued.isEmpty {
                let (command, address) = queued.removeFirst()
                let start = DispatchTime.now().uptimeNanoseconds
                let reply = command.run(BrowserServices())
                spent += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                timed(.replied(address, reply, at: ""))
            }
            return spent
        }

        static func name(_ event: BrowserEvent) -> String {
            switch event {
            case .key(let key): return key.label
            case .resize(let width, let height): return "resize to \(width)×\(height)"
            case .loaded: return "the feed arriving"
            case .replied: return "the wrap arriving"
            default: return "another event"
            }
        }

        mutating func takeStalls() -> [Stall] {
            defer { stalls = [] }
            return stalls
        }
    }
}
