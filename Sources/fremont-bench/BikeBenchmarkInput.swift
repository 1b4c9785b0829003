import Foundation
import FremontCore

/// Rewrites rows in the shapes the Socrata API serves (`/resource/<id>.xml|csv|json`), with the
/// row attributes, quoting and indentation the real responses have, so sizes are realistic.
enum BikeBenchmarkInput {
    struct Row {
        var date: LocalDateTime
        var northbound: Int?
        var southbound: Int?
    }

    /// The two directions of a Fremont table, as rows to write out.
    static func rows(of table: SeriesTable) -> [Row] {
        let north = table.index(of: .northbound), south = table.index(of: .southbound)
        return table.times.indices.map { row in
            Row(date: table.times[row], northbound: north.flatMap { table.value($0, row) }.map { Int($0) },
                southbound: south.flatMap { table.value($0, row) }.map { Int($0) })
        }
    }

    static func write(_ rows: [Row], to directory: URL) throws -> [(String, URL)] {
        var outputs: [(String, URL)] = []
        for format in ["xml", "csv", "json"] {
            let url = directory.appendingPathComponent("history.\(format)")
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            let handle = try FileHandle(forWritingTo: url)
            var buffer = ""
            func emit(_ text: String) {
                buffer += text
                if buffer.utf8.count > 1 << 20 {
                    handle.write(Data(buffer.utf8))
                    buffer = ""
                }
            }
            switch format {
            case "xml": xml(rows, emit: emit)
            case "csv": csv(rows, emit: emit)
            default: json(rows, emit: emit)
            }
            handle.write(Data(buffer.utf8))
            try handle.close()
            outputs.append((format, url))
        }
        return outputs
    }

    private static func rowID(_ index: Int) -> String {
        let hex = String(index &* 2_654_435_761 & 0xFFFF_FFFF, radix: 16)
        return "row-\(hex.prefix(4)).\(hex.dropFirst(4).prefix(4))_\(String(index, radix: 36))"
    }

    static func xml(_ rows: [Row], emit: (String) -> Void) {
        emit("<response>")
        for (index, row) in rows.enumerated() {
            let id = rowID(index)
            var element = "<row _id=\"\(id)\" _uuid=\"00000000-0000-0000-\(String(format: "%04X", index & 0xFFFF))-\(String(format: "%012X", index &* 7919))\" _position=\"0\" _address=\"http://data.seattle.gov/resource/_4xy5-26gy/\(id)\"><date>\(row.date.isoString)</date>"
            if let north = row.northbound { element += "<fremont_bridge_nb>\(north)</fremont_bridge_nb>" }
            if let south = row.southbound { element += "<fremont_bridge_sb>\(south)</fremont_bridge_sb>" }
            emit(element + "</row>")
        }
        emit("</response>")
    }

    static func csv(_ rows: [Row], emit: (String) -> Void) {
        emit("\"date\",\"fremont_bridge_nb\",\"fremont_bridge_sb\"\n")
        for row in rows {
            emit("\"\(row.date.isoString).000\",\"\(row.northbound.map(String.init) ?? "")\",\"\(row.southbound.map(String.init) ?? "")\"\n")
        }
    }

    static func json(_ rows: [Row], emit: (String) -> Void) {
        emit("[")
        for (index, row) in rows.enumerated() {
            var object = index == 0 ? "\n {\n" : ",\n {\n"
            object += "  \"date\": \"\(row.date.isoString).000\""
            if let north = row.northbound { object += ",\n  \"fremont_bridge_nb\": \"\(north)\"" }
            if let south = row.southbound { object += ",\n  \"fremont_bridge_sb\": \"\(south)\"" }
            emit(object + "\n }")
        }
        emit("\n]\n")
    }
}
