import Testing
import FremontCore

/// `parallelMap` keeps the elements' order however its runs finish, and passes an error on.
@Suite struct ParallelMapTests {
    struct Odd: Error, Equatable { let value: Int }

    @Test func theResultsKeepTheElementsOrder() throws {
        for count in [0, 1, 63, 64, 65, 1_000] {
            let numbers = Array(0..<count)
            #expect(try numbers.parallelMap(run: 7) { $0 * 3 } == numbers.map { $0 * 3 })
            #expect(try numbers.parallelMap { String($0) } == numbers.map { String($0) })
        }
    }

    @Test func anErrorIsThrownOnce() {
        #expect(throws: Odd.self) {
            _ = try Array(0..<500).parallelMap(run: 10) { value -> Int in
                if value == 333 { throw Odd(value: value) }
                return value
            }
        }
    }
}
