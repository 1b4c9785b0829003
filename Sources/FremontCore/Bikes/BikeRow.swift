/// One hour of counts. A count is nil when the source had none or had something that is not a
/// count: a missing count is not zero, and nothing downstream may treat it as zero.
public struct BikeRow: Sendable, Hashable {
    public var date: LocalDateTime
    public var northbound: Int?
    public var southbound: Int?

    public init(date: LocalDateTime, northbound: Int?, southbound: Int?) {
        self.date = date
        self.northbound = northbound
        self.southbound = southbound
    }

    /// Both directions, when both are known.
    public var total: Int? {
        guard let northbound, let southbound else { return nil }
        return northbound + southbound
    }

    public var isMissingACount: Bool { northbound == nil || southbound == nil }
}
