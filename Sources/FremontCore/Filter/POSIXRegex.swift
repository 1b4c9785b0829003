#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A POSIX extended regular expression compiled once by the system's `regcomp`, matched
/// case-insensitively and unanchored, as newsboat's `=~` does (`REG_EXTENDED | REG_ICASE |
/// REG_NOSUB`). `regexec` on a compiled expression is safe from several threads at once
/// (POSIX), which is why this is Sendable.
public final class POSIXRegex: @unchecked Sendable {
    private var compiled = regex_t()
    public let pattern: String

    /// Fails with the system's own words for what is wrong with `pattern`.
    public init(_ pattern: String) throws(FilterEvaluationError) {
        self.pattern = pattern
        let status = regcomp(&compiled, pattern, REG_EXTENDED | REG_ICASE | REG_NOSUB)
        guard status == 0 else {
            var message = [CChar](repeating: 0, count: 256)
            regerror(status, &compiled, &message, message.count)
            regfree(&compiled)
            let text = String(decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw FilterEvaluationError.invalidRegex(pattern, text)
        }
    }

    deinit { regfree(&compiled) }

    public func matches(_ text: String) -> Bool {
        // A NUL ends a C string: what follows it is not seen, as in newsboat.
        text.withCString { regexec(&compiled, $0, 0, nil, 0) == 0 }
    }

    /// The same on bytes that are not NUL-terminated (a column's text as SQLite hands it over).
    public func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.count < 1024 {
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
                matches(bytes, copyingInto: buffer)
            }
        }
        let buffer = UnsafeMutableBufferPointer<CChar>.allocate(capacity: bytes.count + 1)
        defer { buffer.deallocate() }
        return matches(bytes, copyingInto: buffer)
    }

    private func matches(_ bytes: UnsafeBufferPointer<UInt8>, copyingInto buffer: UnsafeMutableBufferPointer<CChar>) -> Bool {
        if let base = bytes.baseAddress, !bytes.isEmpty {
            UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: base, byteCount: bytes.count)
        }
        buffer[bytes.count] = 0
        return regexec(&compiled, buffer.baseAddress!, 0, nil, 0) == 0
    }
}
