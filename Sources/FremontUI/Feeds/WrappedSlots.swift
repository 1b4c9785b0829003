/// The Feeds tab's entries wrapped for one width off the UI thread, feed by feed, for
/// `ItemListView` to take what still fits.
struct WrappedSlots: Sendable {
    struct Slot: Sendable {
        let source: String
        /// The feed's `FeedSlot.version` the lines were wrapped from.
        let version: Int
        let lines: [FeedEntryLines]
    }

    let width: Int
    let slots: [Slot]
}
