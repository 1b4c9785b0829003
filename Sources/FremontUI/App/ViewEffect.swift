import FremontCore

/// What a view asks for after an event.
public enum ViewEffect: Sendable {
    /// A short message for the status line.
    case message(String)
    /// Show `view` over this one (the feed list opens a feed); `q` comes back.
    case push(any BrowserView)
    /// Close this view and return to the one below it.
    case pop
    /// Something only the host can do: open a link, load, write to the cache.
    case host(BrowserEffect)
    /// Change the feed reader's state (read, star): the store applies it once, every screen
    /// shows it, and the host keeps it.
    case feeds(FeedIntent)
    /// Ask for a line of text on the footer, under `label`; the answer comes back as
    /// `ViewMessage.answer` (nothing, when Esc cancels it).
    case prompt(label: String, text: String = "")
    /// Run a command with the run's services; its reply comes back to this screen alone, as
    /// `ViewMessage.reply`.
    case run(Command)
}
