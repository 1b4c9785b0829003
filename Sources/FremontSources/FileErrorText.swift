import Foundation

/// Why a file could not be read or written, in the words a person knows ("is a directory",
/// "permission denied"), not Foundation's "NSCocoaErrorDomain error 256".
enum FileErrorText {
    static func describe(_ error: any Error, path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "is a directory, not a file"
        }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        switch CocoaError.Code(rawValue: nsError.code) {
        case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file"
        case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
        case .fileWriteOutOfSpace: return "no space left on the device"
        case .fileWriteVolumeReadOnly: return "the file system is read-only"
        default:
            // Foundation lost the reason: ask the file system itself.
            if access(path, R_OK) != 0 { return String(cString: strerror(errno)) }
            return nsError.localizedDescription
        }
    }
}
