/// Which part of a row a column, element or key holds, recognised by name so that column order
/// never matters: the API's `date`/`fremont_bridge_nb`/`fremont_bridge_sb`, the portal download's
/// `Date`/`… Cyclist West Sidewalk`/`… Cyclist East Sidewalk`/`… Total`, and the older
/// `Fremont Bridge NB`/`Fremont Bridge SB`.
public enum BikeColumn: Sendable, Hashable {
    case date
    case northbound
    case southbound
    case total

    public init?(name: String) {
        let words = name.lowercased()
            .split(whereSeparator: { !($0.isLetter || $0.isNumber) })
            .map(String.init)
        guard let last = words.last else { return nil }
        if words == ["date"] || words == ["datetime"] || words == ["timestamp"] {
            self = .date
        } else if words.suffix(2) == ["west", "sidewalk"] || last == "nb" || words.contains("northbound") {
            // The portal names the west sidewalk for the northbound count, the east for southbound.
            self = .northbound
        } else if words.suffix(2) == ["east", "sidewalk"] || last == "sb" || words.contains("southbound") {
            self = .southbound
        } else if last == "total" {
            self = .total
        } else {
            return nil
        }
    }
}
