import Foundation
import FremontCore

/// A place on the globe in decimal degrees, as `--at` and the config's `location` give it:
/// `47.65,-122.35`. Kept to four decimals (about 11 m, far finer than any forecast's grid), so
/// the same place is always the same address, and the same copy in the cache.
public struct Coordinates: Sendable, Hashable, CustomStringConvertible {
    public let latitude: Double
    public let longitude: Double

    /// Why a text is not a place, in words for a person.
    public struct Invalid: Error, Sendable, Equatable {
        public let message: String
    }

    public init(latitude: Double, longitude: Double) throws(Invalid) {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw Invalid(message: "the latitude must be from -90 to 90 (south to north), not \(Self.text(latitude))")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw Invalid(message: "the longitude must be from -180 to 180 (west to east), not \(Self.text(longitude))")
        }
        self.latitude = Self.rounded(latitude)
        self.longitude = Self.rounded(longitude)
    }

    /// `LAT,LON`: two decimal numbers and a comma, spaces allowed around them.
    public init(parsing text: String) throws(Invalid) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let latitude = Self.number(parts[0]), let longitude = Self.number(parts[1]) else {
            let shown = TerminalSafeText.singleLine(text)
            throw Invalid(message: "'\(shown.count > 60 ? String(shown.prefix(60)) + "…" : shown)' is not a place: give LAT,LON in decimal degrees, like 47.65,-122.35")
        }
        try self.init(latitude: latitude, longitude: longitude)
    }

    /// `47.65,-122.35`: how requests and the cache name the place.
    public var description: String { "\(Self.text(latitude)),\(Self.text(longitude))" }

    public var latitudeText: String { Self.text(latitude) }
    public var longitudeText: String { Self.text(longitude) }

    /// Plain decimals only: not `nan`, `inf`, `1e2` or `0x1p3`, which `Double` would take.
    private static func number(_ text: String) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }) else { return nil }
        return Double(text)
    }

    private static func rounded(_ value: Double) -> Double {
        (value * 10_000).rounded() / 10_000
    }

    /// Up to four decimals, without trailing zeros: `-122.35`, `0`, `47.6062`.
    static func text(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e9 else { return "\(value)" }
        let scaled = Int((value * 10_000).rounded())
        let whole = abs(scaled) / 10_000, fraction = abs(scaled) % 10_000
        var text = (scaled < 0 ? "-" : "") + String(whole)
        if fraction > 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 4 - digits.count) + digits
            while digits.last == "0" { digits.removeLast() }
            text += "." + digits
        }
        return text
    }
}
