import FremontCore

/// What the browser asks its host to do.
public enum BrowserEffect: Hashable, Sendable {
    /// End the run, with this exit status.
    case quit(status: Int32)
    case openLink(String)
    /// Play an enclosure: in the configured player, else as a link.
    case play(String)
    /// Run a program with the terminal handed over (the browser, the player, the editor on the
    /// feeds file); every view hears how it went (`ViewMessage.programFinished`).
    case runProgram(ProgramRequest)
    /// A reload brought new items: the config's `notify-program` (if any) hears this message.
    case notify(String)
    /// Star an item (keep a copy, never pruned), or take its star away.
    case star(StarredItem, Bool)
    /// Stop the view's downloads (Esc while loading).
    case cancelLoads(ViewID)
    /// Repaint the whole terminal (`Ctrl-L`).
    case redraw
    /// Stop as a shell's job (`Ctrl-Z`), the terminal given back until `fg`.
    case suspend
    /// Remember in the cache that a feed item was read (or unread again).
    case markRead(source: String, id: String, read: Bool = true)
    /// Remember that these items of the feed were read (all it shows: "mark feed read").
    case markFeedRead(source: String, ids: [String])
    /// Remember that every item the cache holds of these feeds was read ("mark all read").
    case markFeedsRead(sources: [String])
    /// Write `text` (CSV of `rows` rows) to the file at `path`, a new file: never over another.
    case export(path: String, text: String, rows: Int)
    /// Run the config's `bookmark-cmd` on an item; its output is said on the status line.
    case bookmark(Bookmark)
    /// Write an item's text to the file at `path`, a new file: never over another.
    case saveArticle(path: String, text: String)
    /// Work a view hands off the UI thread; its result comes back as `BrowserEvent.backgroundDone`.
    case background(BackgroundWork)
    /// A screen's command, run on its lane; the reply comes back as `BrowserEvent.replied`.
    case run(Command, for: ScreenAddress)

    public static var quit: BrowserEffect { .quit(status: 0) }
}
