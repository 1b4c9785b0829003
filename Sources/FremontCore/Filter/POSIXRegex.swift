import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A POSIX extended regular expression compiled once by the system's `regcomp`, matched
/// case-insensitively and unanchored, as newsboat's `=~` does (`REG_EXTENDED | REG_ICASE |
/// REG_NOSUB`). `regexec` on a compiled expression is safe from several threads at once
/// (POSIX), which is why this is Sendable. Both run in a UTF-8 locale whatever the process's
/// own (the commands never call `setlocale`): `.` is a character, not a byte, and case is
/// folded beyond ASCII, as in newsboat under a UTF-8 locale.
///
/// glibc searches for an unanchored pattern by trying it from every position in turn, which
/// is quadratic (`[a-z]+b` on a 50,000-letter title: 26 s). An anchored pattern it tries from
/// the start alone, in one pass of its automaton. So a long text is matched by the pattern's
/// search form, `^.*(pattern)` (`searchForm`): the same matches, in time linear in the text. A
/// short one (a title) by the pattern itself, whose fast skipping to where a match can begin
/// takes half the time there, and whose worst case on so few bytes is microseconds.
public final class POSIXRegex: @unchecked Sendable {
    private var compiled = regex_t()
    private var search = regex_t()
    private var hasSearchForm = false
    public let pattern: String

    /// Texts longer than this many bytes are matched by the search form.
    static let shortText = 256

    /// Fails with the system's own words for what is wrong with `pattern`, or with why it is
    /// over the budget (`PatternBudget`: a pattern that would cost gigabytes or minutes is never
    /// given to `regcomp`).
    public init(_ pattern: String) throws(FilterEvaluationError) {
        self.pattern = pattern
        if let refusal = PatternBudget.refusal(pattern) {
            throw FilterEvaluationError.invalidRegex(pattern, refusal)
        }
        // The pattern as written first, for the system's own words on what is wrong with it.
        let status = Self.inUTF8 { regcomp(&compiled, pattern, REG_EXTENDED | REG_ICASE | REG_NOSUB) }
        guard status == 0 else {
            var message = [CChar](repeating: 0, count: 256)
            regerror(status, &compiled, &message, message.count)
            regfree(&compiled)
            let text = String(decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw FilterEvaluationError.invalidRegex(pattern, text)
        }
        hasSearchForm = Self.inUTF8 { regcomp(&search, Self.searchForm(pattern), REG_EXTENDED | REG_ICASE | REG_NOSUB) } == 0
    }

    /// `^.*(pattern)`, matching where `pattern` matches anywhere. Inside it, a `^` of the
    /// pattern's own becomes GNU's start-of-text anchor (a `^` after `.*` would also hold after
    /// a line break: without REG_NEWLINE it means the start of the text alone), and a `)` that
    /// closes nothing is escaped (it is an ordinary character, and would close the group).
    static func searchForm(_ pattern: String) -> String {
        let bytes = Array(pattern.utf8)
        var form: [UInt8] = Array("^.*(".utf8)
        form.reserveCapacity(bytes.count + 16)
        var index = 0
        var depth = 0
        func copy() {
            form.append(bytes[index])
            index += 1
        }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                copy()
                if index < bytes.count { copy() }
            case UInt8(ascii: "["):
                // A bracket expression is copied whole: a `^` or `)` in it is a member.
                let end = PatternBudget.bracketEnd(bytes, from: index)
                form += bytes[index..<end]
                index = end
            case UInt8(ascii: "^"):
                form += Array("\\`".utf8)
                index += 1
            case UInt8(ascii: "("):
                depth += 1
                copy()
            case UInt8(ascii: ")") where depth == 0:
                form += Array("\\)".utf8)
                index += 1
            case UInt8(ascii: ")"):
                depth -= 1
                copy()
            default:
                copy()
            }
        }
        form.append(UInt8(ascii: ")"))
        return String(decoding: form, as: UTF8.self)
    }

    deinit {
        regfree(&compiled)
        if hasSearchForm { regfree(&search) }
    }

    /// The compiled pattern, compiled once a process (a rule read with the config, then asked
    /// of every query and every store), failures remembered too; at most 256 kept.
    public static func compiled(_ pattern: String) throws(FilterEvaluationError) -> POSIXRegex {
        if let known = cache.withLock({ $0[pattern] }) { return try known.get() }
        let made = Result { () throws(FilterEvaluationError) -> POSIXRegex in try POSIXRegex(pattern) }
        cache.withLock { cache in
            if cache.count >= 256 { cache.removeAll() }
            cache[pattern] = made
        }
        return try made.get()
    }

    private static let cache = Mutex<[String: Result<POSIXRegex, FilterEvaluationError>]>([:])

    public func matches(_ text: String) -> Bool {
        // A NUL ends a C string: what follows it is not seen, as in newsboat.
        text.withCString { matches(cString: $0) }
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
        return matches(cString: buffer.baseAddress!)
    }

    /// The same on a NUL-terminated string (as SQLite hands a column's text over).
    public func matches(cString: UnsafePointer<CChar>) -> Bool {
        let isLong = hasSearchForm && strnlen(cString, Self.shortText + 1) > Self.shortText
        return Self.inUTF8 { isLong ? regexec(&search, cString, 0, nil, 0) == 0 : regexec(&compiled, cString, 0, nil, 0) == 0 }
    }

    /// Through the search form whatever the text's length (what the tests hold to the pattern's own answers).
    func matchesBySearchForm(_ text: String) -> Bool {
        text.withCString { text in
            Self.inUTF8 { hasSearchForm ? regexec(&search, text, 0, nil, 0) == 0 : regexec(&compiled, text, 0, nil, 0) == 0 }
        }
    }

    /// C.UTF-8, made once; nil where the system has none (then the thread's own locale is used).
    private nonisolated(unsafe) static let utf8Locale: locale_t? = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)

    /// `body` with this thread's locale switched to UTF-8 and back (a thread-local switch: other
    /// threads are not affected).
    private static func inUTF8<T>(_ body: () -> T) -> T {
        guard let locale = utf8Locale else { return body() }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return body()
    }
}
