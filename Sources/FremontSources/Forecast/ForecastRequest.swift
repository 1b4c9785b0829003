import Foundation
import FremontCore

/// A live forecast to ask for: a provider, a place, units, and the address that makes of them.
/// The address may hold a key (Pirate Weather's is part of its path), so it has two forms: `url`,
/// for the request alone, and `name`, the same with the key replaced by `<key>` (and Open-Meteo's
/// long lists of variables by `…`), for everything shown and for the cache, which keeps the copy
/// under it.
public struct ForecastRequest: Sendable, Hashable {
    public let provider: ForecastProvider
    public let coordinates: Coordinates
    public let units: ForecastUnits
    /// The provider's address, or the one `--endpoint` gave.
    public let endpoint: URL
    private let key: APIKey?

    /// Pirate Weather without a key is an error that says which setting to add; an endpoint
    /// must be an http or https address.
    public init(provider: ForecastProvider, coordinates: Coordinates, units: ForecastUnits,
                endpoint: URL? = nil, key: APIKey? = nil) throws(LoadError) {
        let endpoint = endpoint ?? provider.defaultEndpoint
        guard let scheme = endpoint.scheme?.lowercased(), scheme == "http" || scheme == "https",
              endpoint.host?.isEmpty == false else {
            throw LoadError(source: RedactedURL.text(endpoint), "the forecast endpoint must be an http or https address")
        }
        if provider == .pirateWeather, key == nil {
            throw LoadError(source: provider.title,
                             "a Pirate Weather forecast needs a key: add 'pirate-weather-key = KEY' to \(FremontDirectories().configFile.path) (free at pirateweather.net), or ask Open-Meteo, which needs none")
        }
        self.provider = provider
        self.coordinates = coordinates
        self.units = units
        self.endpoint = endpoint
        self.key = provider == .pirateWeather ? key : nil
    }

    /// The address to fetch, with the key in it.
    public var url: URL { URL(string: address(key: key?.value ?? ""))! }

    /// The address as shown and as the cache keeps it: with `<key>` for the key, `…` for the
    /// variables asked (the same for every request of this version, and a line long), and an
    /// endpoint's own credentials (`user:password@`, a token) redacted.
    public var name: String { RedactedURL.text(address(key: APIKey.placeholder, variables: false)) }

    public var format: ForecastFormat { provider.format }

    /// An error of this request's fetch, said without the key, with a hint where a refused key
    /// is the likely cause.
    public func describe(_ error: LoadError) -> LoadError {
        var error = error
        if let key {
            error.source = error.source.replacingOccurrences(of: key.value, with: APIKey.placeholder)
            error.message = error.message.replacingOccurrences(of: key.value, with: APIKey.placeholder)
        }
        if provider == .pirateWeather, error.kind == .httpStatus(401) || error.kind == .httpStatus(403) {
            error.message += " (is pirate-weather-key in the config right?)"
        }
        return error
    }

    /// Open-Meteo: the endpoint's query and the forecast's, the variables the reader reads, local
    /// times in the place's zone. Pirate Weather: `…/forecast/KEY/LAT,LON?units=…`.
    private func address(key: String, variables: Bool = true) -> String {
        var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)!
        if components.path.isEmpty || components.path == "/" { components.path = provider.defaultPath }
        var query = components.queryItems ?? []
        switch provider {
        case .openMeteo:
            query += [
                URLQueryItem(name: "latitude", value: coordinates.latitudeText),
                URLQueryItem(name: "longitude", value: coordinates.longitudeText),
                URLQueryItem(name: "current", value: variables ? OpenMeteoReader.currentVariables.joined(separator: ",") : "…"),
                URLQueryItem(name: "hourly", value: variables ? OpenMeteoReader.hourlyVariables.joined(separator: ",") : "…"),
                URLQueryItem(name: "daily", value: variables ? OpenMeteoReader.dailyVariables.joined(separator: ",") : "…"),
                URLQueryItem(name: "timezone", value: "auto"),
            ]
            switch units {
            case .us:
                query += [URLQueryItem(name: "temperature_unit", value: "fahrenheit"), URLQueryItem(name: "wind_speed_unit", value: "mph"),
                          URLQueryItem(name: "precipitation_unit", value: "inch")]
            case .si: query.append(URLQueryItem(name: "wind_speed_unit", value: "ms"))
            case .ca: query.append(URLQueryItem(name: "wind_speed_unit", value: "kmh"))
            case .uk2: query.append(URLQueryItem(name: "wind_speed_unit", value: "mph"))
            }
        case .pirateWeather:
            query.append(URLQueryItem(name: "units", value: units == .uk2 ? "uk" : units.rawValue))
            // The key is letters, digits, '-', '_' and '.' (APIKey): it goes in as it is, and so
            // can the placeholder, which no escaping then turns into something else.
            var base = components
            base.query = nil
            base.fragment = nil
            var tail = URLComponents()
            tail.queryItems = query
            let prefix = base.string!.hasSuffix("/") ? String(base.string!.dropLast()) : base.string!
            return "\(prefix)/\(key)/\(coordinates)?\(tail.percentEncodedQuery ?? "")"
        }
        components.queryItems = query
        return components.string!.replacingOccurrences(of: "%E2%80%A6", with: "…")
    }
}
