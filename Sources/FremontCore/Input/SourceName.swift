/// Short names for sources, where a whole path or address would crowd a line.
public enum SourceName {
    /// The last path component: `/data/bikes/april.xml` → `april.xml`,
    /// `https://host/feeds/nasa.rss` → `nasa.rss`; a name without `/` as it is.
    public static func file(_ source: String) -> String {
        source.split(separator: "/").last.map(String.init) ?? source
    }
}
