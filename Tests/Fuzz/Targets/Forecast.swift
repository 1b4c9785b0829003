import FremontCore
import Foundation

/// Forecasts of either shape (Dark Sky, Open-Meteo): any bytes decode or give a LoadError.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzForecast(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    guard let forecast = try? ForecastReader.parse(bytes, name: "fuzz.json") else { return 0 }
    _ = forecast
    return 0
}
