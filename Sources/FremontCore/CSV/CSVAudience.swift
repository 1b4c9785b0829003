/// Who reads a CSV, which decides what is done to its text cells (names and labels). Numbers
/// are never touched: `-3.5` stays a number for every reader.
public enum CSVAudience: Sendable, CaseIterable {
    /// Another program (a pipe, a file a shell redirected to): text as it is, the data faithful.
    case program
    /// A terminal: text without controls, escapes or bidi overrides (`TerminalSafeText.sanitize`),
    /// so a name cannot retitle the window or recolour the screen.
    case terminal
    /// A spreadsheet (the files fremont writes itself): safe for a terminal as well, and a cell a
    /// spreadsheet would run as a formula, starting with `=`, `+`, `-`, `@`, a tab or a CR (OWASP's
    /// CSV injection list), starts with a `'` instead, which spreadsheets take to mean "text" and
    /// do not show.
    case spreadsheet

    /// A text cell as this reader is to get it.
    public func text(_ cell: String) -> String {
        switch self {
        case .program: return cell
        case .terminal: return TerminalSafeText.sanitize(cell)
        case .spreadsheet:
            let safe = TerminalSafeText.sanitize(cell)
            guard let first = safe.utf8.first, Self.formulaStarts.contains(first) else { return safe }
            return "'" + safe
        }
    }

    /// `=`, `+`, `-`, `@`, tab and CR.
    private static let formulaStarts: Set<UInt8> = [0x3D, 0x2B, 0x2D, 0x40, 0x09, 0x0D]
}
