/// A program the host runs with the terminal handed over: curses steps aside, the program has
/// the screen and the keys (w3m, lynx, less, mpv with its keys), and the browser is drawn whole
/// again when it ends.
public enum ProgramRequest: Hashable, Sendable {
    /// A link, in `browser` (the config), else `$BROWSER` (a colon list), else `xdg-open`.
    case open(link: String)
    /// An enclosure, in `player` (the config), else as a link.
    case play(link: String)
    /// A downloaded enclosure's file, in `player` (the config), else `xdg-open`.
    case playFile(path: String)
    /// The feeds file, in `$VISUAL`, else `$EDITOR`, else `vi`; read again once the editor ends
    /// (the outcome carries the list as it then is).
    case editFeedList
}
