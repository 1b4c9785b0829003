import FremontCore

/// What `r` and `R` ask a screen to load (`BrowserView.load`): its data again, or only some of
/// its sources (the feed a list shows).
public enum LoadTarget: Hashable, Sendable {
    /// The screen's data as it is (the tab shown first, `R`, `reload-time`).
    case reload
    /// Only these of the tab's sources (`r` in a feed's list).
    case sources([String])
}
