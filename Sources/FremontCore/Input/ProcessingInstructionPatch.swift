import Foundation

/// Puts a space into processing instructions that have no data (`<?target?>` becomes
/// `<?target ?>`), chunk by chunk. libxml2 reports such an instruction's data as a null pointer,
/// which Foundation on Linux reads as a C string: a crash on any document holding one (found by
/// fuzzing: `<?c?>`). With the space, the data is an empty string.
///
/// The chunk is patched where it lies: a document without such instructions (nearly all) is
/// passed on without a copy.
struct ProcessingInstructionPatch {
    /// The last bytes passed on, to look back into when a `?>` comes early in a chunk.
    private var tail: [UInt8] = []
    /// A `?` at the very end of a chunk, kept until the next byte shows whether `>` follows.
    private var heldQuestionMark = false
    static let lookBehind = 256

    /// Patches `chunk` in place: the bytes to pass on.
    mutating func patch(_ chunk: inout [UInt8], final: Bool) {
        if heldQuestionMark { chunk.insert(UInt8(ascii: "?"), at: 0) }
        heldQuestionMark = false
        if !final, chunk.last == UInt8(ascii: "?") {
            chunk.removeLast()
            heldQuestionMark = true
        }
        var spaces: [Int] = []
        chunk.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var index = 0
            while index + 1 < buffer.count {
                guard let found = memchr(base + index, Int32(UInt8(ascii: "?")), buffer.count - index - 1) else { break }
                let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if buffer[position + 1] == UInt8(ascii: ">"), endsATargetOnly(buffer, before: position) {
                    spaces.append(position)
                }
                index = position + 1
            }
        }
        if !spaces.isEmpty {
            // One copy however many there are: a chunk of nothing but `<?a?>` stays linear.
            var patched: [UInt8] = []
            patched.reserveCapacity(chunk.count + spaces.count)
            var copied = 0
            for position in spaces {
                patched.append(contentsOf: chunk[copied..<position])
                patched.append(UInt8(ascii: " "))
                copied = position
            }
            patched.append(contentsOf: chunk[copied...])
            chunk = patched
        }
        if chunk.count >= Self.lookBehind {
            tail = Array(chunk[(chunk.count - Self.lookBehind)...])
        } else {
            tail = Array((tail + chunk).suffix(Self.lookBehind))
        }
    }

    /// Whether the bytes before `position` are `<?` and a name, and nothing else: a target
    /// without data. When the look-behind runs out mid-name the space goes in anyway: a space
    /// before `?>` is harmless, a crash is not.
    private func endsATargetOnly(_ buffer: UnsafeBufferPointer<UInt8>, before position: Int) -> Bool {
        func byte(_ offset: Int) -> UInt8? {
            offset >= 0 ? buffer[offset] : (tail.count + offset >= 0 ? tail[tail.count + offset] : nil)
        }
        var offset = position - 1
        var nameLength = 0
        while let value = byte(offset), Self.isNameByte(value) {
            nameLength += 1
            offset -= 1
        }
        guard nameLength > 0 else { return false }
        guard let question = byte(offset) else { return true }
        return question == UInt8(ascii: "?") && byte(offset - 1) == UInt8(ascii: "<")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), 0x80...0xFF:
            true
        default:
            false
        }
    }
}
