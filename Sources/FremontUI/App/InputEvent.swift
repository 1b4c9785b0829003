/// A key as the views see it, whatever the terminal sent.
public enum Key: Hashable, Sendable {
    case character(Character)
    case control(Character)
    case enter, escape, tab, backTab, backspace, delete
    case up, down, left, right, pageUp, pageDown, home, end
    case function(Int)
}

public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case press, wheelUp, wheelDown
    }

    public var x: Int
    public var y: Int
    public var kind: Kind

    public init(x: Int, y: Int, kind: Kind) {
        self.x = x
        self.y = y
        self.kind = kind
    }
}

/// One key and what it does, for the footer and the help overlay.
public struct KeyHint: Hashable, Sendable {
    public var keys: String
    public var action: String

    public init(_ keys: String, _ action: String) {
        self.keys = keys
        self.action = action
    }
}

/// What a tab asks of the browser after handling an event.
public enum TabOutcome: Hashable, Sendable {
    /// The tab did not use the event.
    case ignored
    /// The tab changed; redraw.
    case handled
    /// Open this link in a browser (http and https only; the browser checks again).
    case openLink(String)
    /// A short message for the status line.
    case message(String)
    /// The item was read (expanded): remember it where its feed is cached.
    case markRead(source: String, id: String)
}
