import Foundation
import Testing

/// What some tests need beyond the clone: `../shared` beside it, and programs (tmux drives the
/// browser end to end; newsboat's own cache is read; sqlite3 holds a lock from another process).
/// Without them those tests are skipped, each saying what it needs; `.ci/run` sets
/// `FREMONT_TESTS_REQUIRE_ALL=1`, so that CI never skips one silently: there a missing one fails.
public enum TestPrerequisites {
    public static var areRequired: Bool { ProcessInfo.processInfo.environment["FREMONT_TESTS_REQUIRE_ALL"] == "1" }

    /// Whether `program` is on the PATH.
    public static func has(_ program: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }
}

extension Trait where Self == ConditionTrait {
    /// The suite reads `../shared/data` (real feeds, exports, pages).
    public static var needsSharedData: Self {
        .enabled(if: TestPrerequisites.areRequired || SharedData.isPresent,
                 "needs ../shared beside the clone (real data to test against)")
    }

    /// The suite runs `program` (Debian's package of that name has it).
    public static func needs(_ program: String) -> Self {
        .enabled(if: TestPrerequisites.areRequired || TestPrerequisites.has(program), "needs \(program) (apt-get install \(program))")
    }
}
