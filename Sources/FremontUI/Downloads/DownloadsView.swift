import Foundation
import FremontCore

extension ViewID {
    public static let downloads = ViewID("downloads")
}

/// The Downloads tab (podboat's screen): the podcast queue, a line each — its state, a progress
/// bar, bytes of the whole, the speed, and the file — with why a failed one failed under it.
/// The downloads run in the background (the host's); this view only shows what it hears.
public struct DownloadsView: BrowserView {
    public enum Action: Sendable, Hashable {
        case move(ListMotion), play, retry, remove
    }

    public let id = ViewID.downloads
    public let title = "Downloads"
    public private(set) var rows: [DownloadRow] = []
    private(set) var list = ListState()

    public init(rows: [DownloadRow] = []) {
        self.rows = rows
    }

    public var sourceName: String {
        guard !rows.isEmpty else { return "" }
        let done = rows.count(where: \.isDone)
        return "\(done) of \(rows.count) done"
    }

    public var keymap: Keymap<Action> { Self.keys }

    private static let keys = Keymap<Action>(
        KeyBinding.movement(down: (.move(.down), "next download"), up: (.move(.up), "previous download"),
                            pageDown: (.move(.pageDown), "a page down"), pageUp: (.move(.pageUp), "a page up"),
                            first: (.move(.first), "first download"), last: (.move(.last), "last download"))
            + [
                KeyBinding([.enter, .character("p")], .play, "play the downloaded file (config: player)"),
                KeyBinding(.character("d"), .retry, "download a failed one again"),
                KeyBinding(.character("D"), .remove, "take it out of the queue (the file stays)"),
            ],
        footer: [
            KeyHint("Enter", "play", for: [.enter]), KeyHint("d", "retry", for: [.character("d")]),
            KeyHint("D", "remove", for: [.character("D")]),
        ])

    var metrics: UniformMetrics { UniformMetrics(count: rows.count) }

    public var selected: DownloadRow? { rows.indices.contains(list.selected) ? rows[list.selected] : nil }

    public mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        layout(in: area)
        switch action {
        case .move(let motion):
            list.move(motion, metrics)
            return []
        case .play:
            guard let row = selected else { return [] }
            guard row.isDone else { return [.message("not downloaded yet: \(row.state)")] }
            return [.host(.runProgram(.playFile(path: row.path)))]
        case .retry:
            guard let row = selected else { return [] }
            guard row.isFailed else { return [.message("only a failed download is tried again (this one is \(row.state))")] }
            return [.run(DownloadCommands.change(.retry([row.id]))), .message("downloading \(TextLayout.truncate(row.fileName, to: 40)) again")]
        case .remove:
            guard let row = selected else { return [] }
            return [.run(DownloadCommands.change(.remove([row.id]))), .message("taken out of the queue: \(TextLayout.truncate(row.fileName, to: 40))")]
        }
    }

    /// The queue's changes seen so far; nil until the tab follows them.
    private var watched: Int?

    /// The queue read (when the tab is first shown, `r` and `R`), and its changes followed from then on.
    public mutating func load(_ target: LoadTarget) -> [ViewEffect] {
        let follow: [ViewEffect] = watched == nil ? [.run(DownloadCommands.watch(after: 0))] : []
        if watched == nil { watched = 0 }
        return [.run(DownloadCommands.read)] + follow
    }

    public mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] {
        guard case .reply(let reply) = message else { return [] }
        if reply.key == DownloadCommands.watchKey {
            switch reply.value(as: DownloadChanges.self) {
            // The runner's progress: shown, and the next change asked for.
            case .success(let changes)?:
                watched = changes.version
                show(changes.rows)
                return [.run(DownloadCommands.watch(after: changes.version))]
            // Stopped with the tab's loads (Esc): followed again; any other failure ends it.
            case .failure(let error)? where error.kind == .cancelled:
                return [.run(DownloadCommands.watch(after: watched ?? 0))]
            default:
                return []
            }
        }
        guard case .success(let rows)? = reply.value(as: [DownloadRow].self) else { return [] }
        show(rows)
        return []
    }

    private mutating func show(_ new: [DownloadRow]) {
        let kept = selected?.id
        rows = new
        if let kept, let index = rows.firstIndex(where: { $0.id == kept }), index != list.selected {
            list.select(index, metrics)
        }
        list.clamp(metrics)
    }

    /// The rows, under the header line.
    private static func body(_ area: Rect) -> Rect { area.splitTop(1).1 }

    public mutating func layout(in area: Rect) {
        list.resize(height: Self.body(area).height, metrics)
        list.keepVisible(metrics)
    }

    public mutating func scroll(by lines: Int, in area: Rect) {
        layout(in: area)
        list.scroll(by: lines, metrics)
    }

    public mutating func click(x: Int, y: Int, in area: Rect) -> [ViewEffect] {
        layout(in: area)
        let body = Self.body(area)
        guard body.contains(x: x, y: y) else { return [] }
        if case .again = list.click(row: y - body.y, metrics) { return perform(.play, in: area) }
        return []
    }

    public func loadingText(_ sources: [String]) -> String { "reading the download queue…" }

    // MARK: - Drawing

    public func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        buffer.fill(area, style: .plain)
        guard !rows.isEmpty else {
            Placeholder.empty("No downloads: e queues the selected item's enclosure (a podcast episode) from a list of items or an item read.")
                .render(into: &buffer, area: area, theme: theme)
            return
        }
        let header = area.splitTop(1).0, body = Self.body(area)
        var shown = list
        shown.resize(height: body.height, metrics)
        let widths = Self.table.widths(in: area.width - 1) { _ in 0 }
        Self.table.render(header: header, rows: body, list: shown, metrics, widths: widths, into: &buffer, theme: theme) { index in
            Self.cells(rows[index], theme: theme)
        }
    }

    /// The queue's columns: the speed, then the sizes, give way first on a narrow terminal.
    static let table = TableWidget([
        TableColumn("state", width: .fixed(12)),
        TableColumn("progress", width: .fixed(12)),
        TableColumn("done", .right, width: .fixed(4)),
        TableColumn("size", width: .fixed(22), dropOrder: 2),
        TableColumn("speed", .right, width: .fixed(10), dropOrder: 1),
        TableColumn("file", width: .fill(min: 12)),
    ])

    /// `downloading · [#####·····] · 45% · 12.0 MB of 26.7 MB · 1.2 MB/s · file.mp3` (or why it failed).
    static func cells(_ row: DownloadRow, theme: Theme) -> [StyledSpan] {
        let stateStyle = row.isFailed ? theme.warning : (row.isDone ? theme.dim : theme.title)
        let percent = row.isDone ? "100%" : row.fraction.map { "\(Int(($0 * 100).rounded(.down)))%" } ?? ""
        let size = row.total.map { row.isDone ? ByteCountText.describe($0) : "\(ByteCountText.describe(row.bytes)) of \(ByteCountText.describe($0))" }
            ?? ByteCountText.describe(row.bytes)
        let speed = row.bytesPerSecond.map { "\(ByteCountText.describe(Int($0)))/s" } ?? ""
        let file = row.isFailed ? "\(row.fileName): \(row.error ?? "failed")" : row.fileName
        return [StyledSpan(row.state, stateStyle), StyledSpan(bar(row.fraction, done: row.isDone, width: 12), theme.link), StyledSpan(percent),
                StyledSpan(size, theme.dim), StyledSpan(speed, theme.dim), StyledSpan(file)]
    }

    /// `[######······]`, `width` columns in all; unknown sizes show an empty bar.
    static func bar(_ fraction: Double?, done: Bool, width: Int) -> String {
        let inner = max(1, width - 2)
        let filled = done ? inner : Int(((fraction ?? 0) * Double(inner)).rounded(.down))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "·", count: inner - filled) + "]"
    }
}
