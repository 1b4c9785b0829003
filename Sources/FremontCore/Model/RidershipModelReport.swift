import Foundation

/// A fitted `RidershipModel` for a person (aligned text, numbers rounded as the Handbook prints
/// them) or a program (CSV, JSON: every digit, so a check can compare to 1e-6).
public enum RidershipModelReport {
    public enum Format: Sendable { case text, csv, json }

    public static func write(_ model: RidershipModel, leftOut: Int, counts: String, weather: String, as format: Format,
                             emit: (String) -> Void) {
        let names = RidershipModel.featureNames
        let first = model.days.first?.date.isoDateString ?? "", last = model.days.last?.date.isoDateString ?? ""
        switch format {
        case .text:
            emit("Daily riders against the weather: \(TerminalSafeText.singleLine(counts)) with \(TerminalSafeText.singleLine(weather))\n")
            emit("\(first) to \(last): \(model.days.count) days fitted, \(leftOut) left out (no count or no weather)\n\n")
            let width = names.map(\.count).max()! + 2
            emit("feature".padding(toLength: width, withPad: " ", startingAt: 0) + "        effect           error\n")
            for (index, name) in names.enumerated() {
                let effect = String(format: "%.0f", model.coefficients[index])
                let error = model.samples > 0 ? String(format: "%.0f", model.standardErrors[index]) : "-"
                emit(name.padding(toLength: width, withPad: " ", startingAt: 0)
                     + String(repeating: " ", count: max(1, 14 - effect.count)) + effect
                     + String(repeating: " ", count: max(1, 16 - error.count)) + error + "\n")
            }
            emit("\nR² \(String(format: "%.3f", model.rSquared)); residual standard error \(String(format: "%.0f", model.residualStandardError)) riders a day")
            emit(model.samples > 0 ? "; errors from \(model.samples) bootstrap samples (seed \(model.seed))\n" : "; no bootstrap\n")
            if model.rank < names.count { emit("Only \(model.rank) of the \(names.count) features vary independently over these days; the rest are 0.\n") }
        case .csv:
            emit("feature,coefficient,standard_error\n")
            for (index, name) in names.enumerated() {
                emit("\(name),\(number(model.coefficients[index])),\(number(model.standardErrors[index]))\n")
            }
        case .json:
            var root: [String: Any] = [
                "counts": counts, "weather": weather, "first": first, "last": last,
                "days": model.days.count, "leftOut": leftOut, "latitude": model.latitude,
                "rSquared": json(model.rSquared), "residualStandardError": json(model.residualStandardError),
                "bootstrap": ["samples": model.samples, "seed": NSNumber(value: model.seed)] as [String: Any],
                "rank": model.rank,
            ]
            root["coefficients"] = names.indices.map { index in
                ["feature": names[index], "coefficient": json(model.coefficients[index]),
                 "standardError": json(model.standardErrors[index])] as [String: Any]
            }
            let data = (try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])) ?? Data("{}".utf8)
            emit(String(decoding: data, as: UTF8.self) + "\n")
        }
    }

    private static func number(_ value: Double) -> String { value.isNaN ? "" : "\(value)" }
    private static func json(_ value: Double) -> Any { value.isFinite ? value : NSNull() }
}
