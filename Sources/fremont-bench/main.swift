import Foundation
import FremontCore

// fremont-bench [--data DIR] [--repetitions N]: prints figures; run it as a release build:
//   swift run -c release fremont-bench
var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--peak-memory", arguments.count == 3 {
    BikeBenchmark.reportPeakMemory(format: arguments[1], path: arguments[2])
    exit(0)
}
var dataDirectory = "../shared/data"
var repetitions = 5
while !arguments.isEmpty {
    let flag = arguments.removeFirst()
    switch (flag, arguments.first) {
    case ("--data", let value?): dataDirectory = value; arguments.removeFirst()
    case ("--repetitions", let value?): repetitions = max(1, Int(value) ?? 5); arguments.removeFirst()
    default:
        FileHandle.standardError.write(Data("usage: fremont-bench [--data DIR] [--repetitions N]\n".utf8))
        exit(2)
    }
}
#if DEBUG
print("warning: a debug build; figures mean little. Use: swift run -c release fremont-bench\n")
#endif
do {
    try BikeBenchmark.run(dataDirectory: dataDirectory, repetitions: repetitions)
    print()
    runDateBenchmark()
} catch {
    FileHandle.standardError.write(Data("fremont-bench: \(error)\n".utf8))
    exit(1)
}
