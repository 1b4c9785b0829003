import Foundation
import FremontCore

/// Writes an export (the table view as CSV) to a new file the person named: relative to the
/// working folder, `~` for home; never over an existing file, and all or nothing (a temporary
/// file in the same folder, renamed into place), so a full disk leaves no half file.
public enum FileExport {
    /// The absolute path written.
    public static func writeNew(_ text: String, to path: String, home: String = FremontDirectories.home(),
                                workingFolder: String = FileManager.default.currentDirectoryPath) throws(LoadError) -> String {
        guard !path.unicodeScalars.contains(where: TerminalSafeText.isUnsafe) else {
            throw LoadError(source: TerminalSafeText.singleLine(path), "a file name cannot hold control characters")
        }
        var expanded = path
        if expanded == "~" || expanded.hasPrefix("~/") { expanded = home + expanded.dropFirst() }
        let url = expanded.hasPrefix("/") ? URL(fileURLWithPath: expanded) : URL(fileURLWithPath: workingFolder).appendingPathComponent(expanded)
        let target = url.standardizedFileURL.path
        if FileManager.default.fileExists(atPath: target) {
            throw LoadError(source: target, "already exists; not overwritten (give another name)")
        }
        let folder = (target as NSString).deletingLastPathComponent
        let temporary = folder + "/.fremont-export-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else {
            var isFolder: ObjCBool = false
            let reason = FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue
                ? "cannot write there (permission denied, or the disk is full)" : "no such folder"
            throw LoadError(source: target, reason)
        }
        // link(2) then unlink: the rename that refuses to replace a file made meanwhile.
        if link(temporary, target) != 0 {
            let code = errno
            unlink(temporary)
            throw LoadError(source: target, code == EEXIST ? "already exists; not overwritten (give another name)" : "cannot write: \(String(cString: strerror(code)))")
        }
        unlink(temporary)
        return target
    }
}
