import FlyingFox
import FremontCore
import Foundation

/// A Socrata endpoint over 2016 (8,784 hourly rows) that honours what the real one does:
/// `$where=date between '…' and '…'`, `$order=date`, `$offset`, and `$limit` (1,000 when not
/// given), in the format the resource's extension names. April is the shared data's own April
/// (`bikes/fremont-2016-04.json`), so a month asked of it prints what the file prints; the other
/// months are made up.
public enum SocrataStub {
    public static let year: [BikeRow] = {
        let april = sharedApril()
        var rows: [BikeRow] = []
        var date = LocalDateTime(year: 2016, month: 1, day: 1)!
        while date.year == 2016 {
            let hour = date.hourNumber
            rows.append(april[date.isoString] ?? BikeRow(date: date, northbound: (hour * 7) % 311, southbound: (hour * 13) % 257))
            date = date.addingHours(1)
        }
        return rows
    }()

    /// The shared April's rows by their time (`2016-04-01T00:00:00`).
    private static func sharedApril() -> [String: BikeRow] {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: SharedData.path("bikes/fremont-2016-04.json"))),
              let rows = try? JSONSerialization.jsonObject(with: data) as? [[String: String]] else {
            fatalError("the shared data's bikes/fremont-2016-04.json is missing or not Socrata's JSON")
        }
        var byTime: [String: BikeRow] = [:]
        for row in rows {
            guard let date = LocalDateTimeParser.parse(row["date", default: ""]) else {
                fatalError("bikes/fremont-2016-04.json: '\(row["date", default: ""])' is not a time")
            }
            byTime[date.isoString] = BikeRow(date: date, northbound: row["fremont_bridge_nb"].flatMap { Int($0) },
                                             southbound: row["fremont_bridge_sb"].flatMap { Int($0) })
        }
        return byTime
    }

    public static func answer(_ request: HTTPRequest) throws -> HTTPResponse {
        var query: [String: String] = [:]
        for item in request.query { query[item.name] = item.value }
        var rows = year
        let offset = Int(query["$offset"] ?? "0") ?? 0
        let limit = Int(query["$limit"] ?? "1000") ?? 1000
        if request.path.contains("endless") {
            // Full pages forever, of hours after the span: a server that neither filters nor ends.
            let start = LocalDateTime(year: 2030, month: 1, day: 1)!.addingHours(offset)
            rows = (0..<limit).map { BikeRow(date: start.addingHours($0), northbound: 1, southbound: 1) }
            let body = "[" + rows.map { #"{"date":"\#($0.date.isoString)","fremont_bridge_nb":"1","fremont_bridge_sb":"1"}"# }.joined(separator: ",") + "]"
            return HTTPResponse(statusCode: .ok, body: Data(body.utf8))
        }
        if let clause = query["$where"], !request.path.contains("ignores-where") {
            let pattern = /^date between '([0-9T:-]+)' and '([0-9T:-]+)'$/
            guard let match = clause.wholeMatch(of: pattern) else {
                return HTTPResponse(statusCode: .badRequest, body: Data(#"{"error":true,"message":"bad $where"}"#.utf8))
            }
            let low = String(match.1), high = String(match.2)
            rows = rows.filter { $0.date.isoString >= low && $0.date.isoString <= high }
        }
        let page = Array(rows.dropFirst(offset).prefix(limit))
        let body: String
        switch (request.path as NSString).pathExtension {
        case "json":
            let spoiled = request.path.contains("with-bad-row")
            body = "[" + page.map { row in
                let north = spoiled && row.date.isoString == "2016-04-15T03:00:00" ? "lots" : "\(row.northbound!)"
                return #"{"date":"\#(row.date.isoString).000","fremont_bridge_nb":"\#(north)","fremont_bridge_sb":"\#(row.southbound!)"}"#
            }.joined(separator: ",\n") + "]\n"
        case "xml":
            body = "<response>" + page.map { "<row><date>\($0.date.isoString)</date><fremont_bridge_nb>\($0.northbound!)</fremont_bridge_nb><fremont_bridge_sb>\($0.southbound!)</fremont_bridge_sb></row>" }
                .joined() + "</response>"
        case "csv":
            body = "\"date\",\"fremont_bridge_nb\",\"fremont_bridge_sb\"\n"
                + page.map { "\"\($0.date.isoString).000\",\"\($0.northbound!)\",\"\($0.southbound!)\"\n" }.joined()
        default:
            return HTTPResponse(statusCode: .notFound)
        }
        return HTTPResponse(statusCode: .ok, body: Data(body.utf8))
    }
}
