/// One column of an Open-Meteo block (`time`, `temperature_2m`…): a value per point, nil where
/// the response says `null`. A column longer than `ForecastReader.maximumPoints` is refused
/// before its values are decoded.
struct OpenMeteoColumn<Value: Decodable>: Decodable {
    var values: [Value?]

    init(_ values: [Value?]) {
        self.values = values
    }

    init(from decoder: Decoder) throws {
        var list = try decoder.unkeyedContainer()
        values = try BoundedDecoding.elements(of: &list, limit: ForecastReader.maximumPoints) { element in
            try element.decodeNil() ? nil : try element.decode(Value.self)
        }
    }

    /// The value of point `index`; nil past the column's end.
    subscript(index: Int) -> Value? {
        index < values.count ? values[index] : nil
    }
}
