import Foundation
import FremontCore

/// Writes search hits as JSON, for programs, or as text, a block a hit, for a person: what
/// `fremont search` prints.
public enum SearchHitExport {
    /// `{"matched":N,"items":[{"feed","feedTitle","id","title","link","published","snippet"}]}`, one
    /// hit a line: `matched` says how many items the words found in all, however many are listed.
    public static func json(_ hits: [SearchHit], matched: Int, emit: (String) -> Void) {
        emit("{\"matched\":\(matched),\"items\":[")
        for (index, hit) in hits.enumerated() {
            var line = index == 0 ? "\n" : ",\n"
            line += "{\"feed\":\(JSONText.string(hit.feedURL)),\"feedTitle\":\(JSONText.string(hit.feedTitle))"
            line += ",\"id\":\(JSONText.string(hit.id)),\"title\":\(JSONText.string(hit.title))"
            line += ",\"link\":\(JSONText.string(hit.link)),\"published\":\(JSONText.date(hit.published))"
            line += ",\"snippet\":\(JSONText.string(hit.snippet))}"
            emit(line)
        }
        emit(hits.isEmpty ? "]}\n" : "\n]}\n")
    }

    /// The title, `  Feed · date`, the link, the snippet, and a blank line.
    public static func text(_ hits: [SearchHit], emit: (String) -> Void) {
        for hit in hits {
            var block = TerminalSafeText.singleLine(hit.title.isEmpty ? "(untitled)" : hit.title) + "\n"
            var byline = [TerminalSafeText.singleLine(hit.feedTitle.isEmpty ? hit.feedURL : hit.feedTitle)]
            if let date = hit.published { byline.append(InternetDate.format(date)) }
            block += "  " + byline.joined(separator: " · ") + "\n"
            if !hit.link.isEmpty { block += "  " + TerminalSafeText.singleLine(hit.link) + "\n" }
            if !hit.snippet.isEmpty { block += "  " + TerminalSafeText.singleLine(hit.snippet) + "\n" }
            emit(block + "\n")
        }
    }
}
