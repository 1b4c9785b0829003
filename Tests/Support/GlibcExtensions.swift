import Foundation

/// GNU functions glibc has but Swift's Glibc module does not show (they sit behind _GNU_SOURCE),
/// looked up by name once.
enum GlibcExtensions {
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    private typealias MakeTemporary = @convention(c) (UnsafeMutablePointer<CChar>, Int32) -> Int32
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private static func symbol<T>(_ name: String, as type: T.Type) -> T {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { fatalError("glibc has no \(name)") }
        return unsafeBitCast(address, to: type)
    }

    nonisolated(unsafe) private static let pipe2Function = symbol("pipe2", as: Pipe2.self)
    nonisolated(unsafe) private static let mkostempFunction = symbol("mkostemp", as: MakeTemporary.self)
    nonisolated(unsafe) private static let closeFromFunction = symbol("posix_spawn_file_actions_addclosefrom_np", as: CloseFrom.self)

    /// pipe2(2).
    static func pipe2(_ ends: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32 { pipe2Function(ends, flags) }

    /// mkostemp(3).
    static func mkostemp(_ template: UnsafeMutablePointer<CChar>, _ flags: Int32) -> Int32 { mkostempFunction(template, flags) }

    /// posix_spawn_file_actions_addclosefrom_np(3): the child closes every descriptor from `lowest` up.
    static func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ lowest: Int32) -> Int32 {
        closeFromFunction(actions, lowest)
    }
}
