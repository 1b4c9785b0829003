extension ForecastUnits {
    /// The countries that measure weather in °F and mph: the United States, Liberia, Myanmar.
    static let imperialRegions: Set<String> = ["US", "LR", "MM"]

    /// The units the reader's locale measures in, as the C library picks the locale for
    /// measurement: `LC_ALL`, else `LC_MEASUREMENT`, else `LANG` (the first that is set and not
    /// empty). `en_US.UTF-8` is imperial; any other region, `C`, `POSIX` or nothing is metric.
    public static func preferred(environment: [String: String]) -> ForecastUnits {
        let locale = ["LC_ALL", "LC_MEASUREMENT", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let locale, let region = region(of: locale) else { return .si }
        return imperialRegions.contains(region) ? .us : .si
    }

    /// `US` of `en_US.UTF-8@euro`: the part between `_` and any `.` or `@`.
    static func region(of locale: String) -> String? {
        guard let underscore = locale.firstIndex(of: "_") else { return nil }
        let rest = locale[locale.index(after: underscore)...]
        let region = rest.prefix { $0 != "." && $0 != "@" }
        return region.isEmpty ? nil : region.uppercased()
    }
}
