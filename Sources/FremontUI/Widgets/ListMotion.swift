

/// A move through a list, as the moving keys ask for it.
public enum ListMotion: Sendable, Hashable {
    case down, up, pageDown, pageUp, first, last
}
