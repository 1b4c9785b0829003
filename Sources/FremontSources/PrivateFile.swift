import Foundation
import FremontCore

/// Replaces a file fremont owns (the feeds file, the config) whole or not at all: through a
/// symbolic link to the file it points at (a dotfiles repository's link stays a link), with the
/// file's own mode kept (0600 for a new one, 0600 at most when it holds a secret), in a folder of
/// the reader's alone (0700); a new file beside it, flushed, then renamed over it, so a reader
/// never sees half of it.
public enum PrivateFile {
    public static func replace(_ bytes: Data, at url: URL, holdsSecrets: Bool = false, what: String) throws(LoadError) {
        do {
            let folder = url.deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            chmod(folder.path, 0o700)
        } catch {
            throw LoadError(source: url.path, "cannot write \(what): \(FileErrorText.describe(error, path: url.path))")
        }
        let target = url.resolvingSymlinksInPath().path
        var status = stat()
        var mode = stat(target, &status) == 0 ? status.st_mode & 0o7777 : 0o600
        if holdsSecrets { mode &= 0o600 }
        let temporary = (target as NSString).deletingLastPathComponent + "/.\((target as NSString).lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode_t(mode))
        guard descriptor >= 0 else { throw error(target, errno, what) }
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 { if errno == EINTR { continue }; return false }
                offset += count
            }
            return true
        }
        let code = errno
        // The umask may have narrowed the mode asked for at creation.
        let kept = written && fchmod(descriptor, mode_t(mode)) == 0 && fsync(descriptor) == 0
        close(descriptor)
        guard kept, rename(temporary, target) == 0 else {
            let failure = written ? errno : code
            unlink(temporary)
            throw error(target, failure, what)
        }
    }

    private static func error(_ path: String, _ code: Int32, _ what: String) -> LoadError {
        LoadError(source: path, "cannot write \(what): \(String(cString: strerror(code)).lowercased())")
    }
}
