extension FeedExport {
    /// Feeds one after another, as `fremont feed` prints them: text ones a blank line apart, JSON
    /// ones in an array when there are several `sources`. `feed` gives a source's feed, or nil
    /// for one that failed (left out; it says why itself).
    public static func writeEach<Source>(_ sources: [Source], as format: Format, feed: (Source) -> Feed?, emit: (String) -> Void) {
        let several = sources.count > 1
        var printed = 0
        if several, format == .json { emit("[") }
        for source in sources {
            guard let feed = feed(source) else { continue }
            if printed > 0 { emit(format == .json ? "," : "\n") }
            write(feed, as: format, emit: emit)
            printed += 1
        }
        if several, format == .json { emit("]\n") }
    }
}
