/// The version the User-Agent reports.
public enum FremontVersion {
    public static let current = "0.1.0"
    /// Where a server's operators can learn about fremont (a project page or an address), added
    /// to the User-Agent as `+…`. None yet: an invented one would not be honest.
    public static let contact: String? = nil
}
