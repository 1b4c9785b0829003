import Foundation

/// Presents a `ByteReader` as an `InputStream`, so `XMLParser(stream:)` parses chunk by chunk.
/// (`XMLParser(data:)` hands libxml2 the whole document at once and fails on Linux past ~10 MB.)
///
/// On the way, the bytes are made safe for libxml2 2.9 and Foundation on Linux, which crash on
/// things a hostile or broken document can hold (each found by fuzzing):
/// - UTF-16 and UTF-32 (`WideTextDecoder`) and legacy charsets (`CharsetDecoder`) are turned
///   into UTF-8 here, so libxml2 never converts encodings itself; the label goes (`XMLDeclaration`);
/// - bytes that are not UTF-8 become U+FFFD (`UTF8Repair`);
/// - DTD declarations Foundation misreads are blanked (`DoctypeGuard`);
/// - processing instructions without data get a space (`ProcessingInstructionPatch`).
/// Line and column numbers stay those of the document, but for converted encodings (counted in
/// UTF-8 bytes).
final class ByteReaderStream: InputStream {
    /// How much of the document is gathered before it is first passed on: the declaration and
    /// the DOCTYPE must be seen whole to be fixed.
    static let headLength = 64 * 1024

    private let reader: ByteReader
    private let limit: Int?
    private var status: Stream.Status = .notOpen
    private var failure: Error?
    /// Set when the source went past `limit`: the stream then fails, which ends the parse.
    private(set) var exceededLimit = false
    /// Every byte read from the source, as it was, when asked for: a source that cannot be read
    /// twice (stdin, a download) can still be parsed again after a repair.
    private(set) var recorded: Data?
    /// A wide Unicode label that a declaration in single bytes gave (read as UTF-8), if any.
    private(set) var relabelledEncoding: String?

    private var decoder: WideTextDecoder?
    private var charset: CharsetDecoder?
    private var patch = ProcessingInstructionPatch()
    private var utf8 = UTF8Repair()
    /// Bytes that were not UTF-8 (where no other encoding was converted), each passed on as U+FFFD.
    var invalidUTF8Replaced: Int { utf8.replacements }
    private var sawHead = false
    private var reachedEnd = false
    private var output: [UInt8] = []
    private var outputStart = 0
    /// The buffer the next piece is gathered in; it and `output` trade places at each refill, so
    /// a piece is copied twice (from the source, then to libxml2) and nothing is reallocated.
    private var spare: [UInt8] = []
    private var raw: UnsafeMutableRawBufferPointer

    init(_ reader: ByteReader, limit: Int? = nil, recording: Bool = false) {
        self.reader = reader
        self.limit = limit
        self.recorded = recording ? Data() : nil
        self.raw = .allocate(byteCount: 64 * 1024, alignment: 1)
        super.init(data: Data())
    }

    deinit { raw.deallocate() }

    override func open() { status = .open }
    override func close() { status = .closed }
    override var streamStatus: Stream.Status { status }
    override var streamError: Error? { failure }
    override var hasBytesAvailable: Bool { status == .open }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        do {
            while outputStart == output.count && !reachedEnd {
                output.removeAll(keepingCapacity: true)
                outputStart = 0
                try refill()
            }
            if exceededLimit {
                status = .error
                return -1
            }
            let count = min(length, output.count - outputStart)
            if count == 0 {
                status = .atEnd
                return 0
            }
            output.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + outputStart, count: count) }
            outputStart += count
            return count
        } catch {
            failure = error
            status = .error
            return -1
        }
    }

    /// Reads the next piece of the source into `output`, fixed.
    private func refill() throws(LoadError) {
        var gathered = spare
        spare = []
        gathered.removeAll(keepingCapacity: true)
        let wanted = sawHead ? 1 : Self.headLength
        if !sawHead, let form = XMLDeclaration.WideForm(try reader.peek(4)) {
            decoder = WideTextDecoder(form)
        }
        repeat {
            let count = try reader.read(into: raw)
            if let limit, reader.bytesRead > limit {
                exceededLimit = true
                reachedEnd = true
                return
            }
            if count == 0 { reachedEnd = true }
            let chunk = UnsafeRawBufferPointer(rebasing: raw[0..<count])
            recorded?.append(contentsOf: chunk)
            if decoder != nil {
                decoder!.decode(chunk, into: &gathered, final: reachedEnd)
            } else if let charset {
                charset.decode(chunk, into: &gathered, final: reachedEnd)
            } else {
                gathered.append(contentsOf: chunk)
            }
        } while gathered.count < wanted && !reachedEnd
        if !sawHead {
            sawHead = true
            fixHead(&gathered)
        }
        if decoder == nil && charset == nil { utf8.repair(&gathered, final: reachedEnd) }
        patch.patch(&gathered, final: reachedEnd)
        spare = output
        output = gathered
    }

    /// libxml2 is only ever handed UTF-8 without an encoding label: a legacy charset is converted
    /// here from now on, and the label goes.
    private func fixHead(_ head: inout [UInt8]) {
        if let label = XMLDeclaration.encodingLabel(head), !CharsetDecoder.isUTF8(label) {
            // (A wide document was decoded already; its label says what it was.)
            if decoder == nil {
                if XMLDeclaration.isWideUnicodeLabel(label) {
                    relabelledEncoding = label
                } else if let charset = CharsetDecoder(label: label) {
                    self.charset = charset
                    let raw = head
                    head.removeAll(keepingCapacity: true)
                    raw.withUnsafeBytes { charset.decode($0, into: &head, final: reachedEnd) }
                }
                // A label no converter knows: read as UTF-8, like the rest.
            }
            if let unlabelled = XMLDeclaration.withoutEncodingLabel(head) { head = unlabelled }
        }
        if let blanked = DoctypeGuard.blankingUnsafeDeclarations(head) { head = blanked }
        // libxml2 guesses the encoding from the first four bytes again: `00 00 00 3C` is UCS-4 to
        // it, `4C 6F A7 94` EBCDIC, and it converts those through iconv, which crashes it (found
        // by fuzzing: a UTF-32 document starting with NULs). A UTF-8 byte order mark settles it.
        if !head.starts(with: Self.byteOrderMark) { head.insert(contentsOf: Self.byteOrderMark, at: 0) }
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    override func getBuffer(_ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length len: UnsafeMutablePointer<Int>) -> Bool {
        false
    }
}
