import Foundation
import FremontCore

/// Where an enclosure is saved: `download-path` and `download-filename-format` with newsboat's
/// placeholders — `%n` the feed's title, `%h` the enclosure's host, `%u` the file name in its
/// address, `%t` the item's title, `%e` the file's extension, and of the item's date `%F`
/// (yyyy-mm-dd), `%m`, `%b`, `%d`, `%H`, `%M`, `%S`, `%y`, `%Y`; `%%` a percent sign, and
/// `%?u?A&B?` A when `%u` is not empty, else B (newsboat's default format uses it).
/// Every value, and the name they make, goes through `component`, the one guard for every file
/// name a server or a feed can give (the address's path, the titles, the host; a name from
/// `Content-Disposition`, were it read, would too): no `/` or `\`, no control or bidi
/// characters, no leading dot (no `.bash_profile`, no `.ssh` folder), not `.` or `..`, at most
/// 200 bytes. So whatever a feed says, the file lands under the folder as a file one can see.
public struct DownloadFilename: Sendable {
    /// newsboat's defaults.
    public static let defaultFolder = "~/"
    public static let defaultFormat = "%?u?%u&%Y-%b-%d-%H%M%S.unknown?"

    public var folder: String
    public var format: String
    public var home: String
    public var timeZone: TimeZone

    public init(folder: String = DownloadFilename.defaultFolder, format: String = DownloadFilename.defaultFormat,
                home: String = FremontDirectories.home(), timeZone: TimeZone = .current) {
        self.folder = folder
        self.format = format
        self.home = home
        self.timeZone = timeZone
    }

    /// The absolute path for this enclosure.
    public func path(url: String, feedTitle: String, itemTitle: String, published: Date?) -> String {
        let values = Values(url: url, feedTitle: feedTitle, itemTitle: itemTitle, date: published ?? Date(), timeZone: timeZone)
        // The folder's placeholders may make folders (`~/podcasts/%n`): each value stays one component.
        var folderPath = Self.expand(folder, values)
        folderPath = FremontDirectories.expandingTilde(folderPath, home: home)
        if !folderPath.hasPrefix("/") { folderPath = home + "/" + folderPath }
        var name = Self.component(Self.expand(format, values))
        if name.isEmpty { name = "download" }
        return (URL(fileURLWithPath: folderPath).standardizedFileURL.path as NSString).appendingPathComponent(name)
    }

    /// The values of one enclosure's placeholders.
    struct Values {
        var fields: [Character: String] = [:]

        init(url: String, feedTitle: String, itemTitle: String, date: Date, timeZone: TimeZone) {
            let address = URL(string: url)
            // The last part of the path, without the query (newsboat keeps it; a `?` in a file name helps nobody).
            let base = address.map { $0.path.isEmpty ? "" : ($0.path as NSString).lastPathComponent } ?? ""
            let file = base == "/" ? "" : base
            let ext = (file as NSString).pathExtension
            fields["n"] = DownloadFilename.component(feedTitle)
            fields["N"] = fields["n"]
            fields["h"] = DownloadFilename.component(address?.host ?? "")
            fields["u"] = DownloadFilename.component(file)
            fields["t"] = DownloadFilename.component(itemTitle)
            fields["e"] = DownloadFilename.component(ext)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
            let year = parts.year ?? 1970
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            fields["Y"] = String(format: "%04d", year)
            fields["y"] = two(year % 100)
            fields["m"] = two(parts.month)
            fields["b"] = months[max(0, min(11, (parts.month ?? 1) - 1))]
            fields["d"] = two(parts.day)
            fields["H"] = two(parts.hour)
            fields["M"] = two(parts.minute)
            fields["S"] = two(parts.second)
            fields["F"] = "\(fields["Y"]!)-\(fields["m"]!)-\(fields["d"]!)"
        }
    }

    /// The format with its placeholders replaced; an unknown one is kept as written.
    static func expand(_ format: String, _ values: Values) -> String {
        var out = ""
        var characters = Array(format)[...]
        while let character = characters.popFirst() {
            guard character == "%", let next = characters.popFirst() else {
                out.append(character)
                continue
            }
            if next == "%" {
                out.append("%")
            } else if next == "?", let field = characters.popFirst(), characters.first == "?" {
                // %?X?then&else?
                characters.removeFirst()
                let rest = String(characters)
                guard let end = rest.firstIndex(of: "?") else {
                    out += "%?\(field)?" + rest
                    break
                }
                let branches = rest[..<end].split(separator: "&", maxSplits: 1, omittingEmptySubsequences: false)
                let chosen = (values.fields[field] ?? "").isEmpty ? (branches.count > 1 ? String(branches[1]) : "") : String(branches[0])
                out += expand(chosen, values)
                characters = Array(rest[rest.index(after: end)...])[...]
            } else if let value = values.fields[next] {
                out += value
            } else {
                out.append("%")
                out.append(next)
            }
        }
        return out
    }

    /// `text` as one file-name component: the one guard every name goes through.
    public static func component(_ text: String) -> String {
        var cleaned = String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar == "/" || scalar == "\\" || TerminalSafeText.isUnsafe(scalar) ? "_" : scalar
        })).trimmingCharacters(in: .whitespacesAndNewlines)
        // A leading dot hides the file and names a shell's or a program's own (`.bash_profile`,
        // `.ssh`); `.` and `..` are folders. Each leading dot becomes `_`.
        let dots = cleaned.prefix { $0 == "." }.count
        if dots > 0 { cleaned = String(repeating: "_", count: dots) + cleaned.dropFirst(dots) }
        while cleaned.utf8.count > 200 { cleaned.removeLast() }
        return cleaned
    }
}
