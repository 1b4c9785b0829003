import Foundation
import FremontCore

// fremont-bench [--data DIR] [--repetitions N] [--only bikes|analysis|dates|feed|browser|search|charts|window|filter|article|download|model|scale|stalls] [--items N]: prints figures; run it
// as a release build (`fremont-bench --write-feed FILE` writes the feed the feed commands are timed on;
// `fremont-bench --contrast` prints the theme's contrast table):
//   swift run -c release fremont-bench
var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--peak-memory", arguments.count == 3 {
    BikeBenchmark.reportPeakMemory(format: arguments[1], path: arguments[2])
    exit(0)
}
if arguments.first == "--window-peak", arguments.count == 3 {
    ItemWindowBenchmark.reportPeakMemory(mode: arguments[1], path: arguments[2])
    exit(0)
}
if arguments.first == "--contrast" {
    ContrastTable.print()
    exit(0)
}
// The benchmark's generated feed, for profiling a command by hand.
if arguments.first == "--write-feed", arguments.count == 2 {
    do {
        try FeedCommandBenchmark.syntheticFeed(items: FeedCommandBenchmark.itemCount).write(to: URL(fileURLWithPath: arguments[1]))
    } catch {
        FileHandle.standardError.write(Data("fremont-bench: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}
var dataDirectory = "../shared/data"
var repetitions = 5
var only: String?
var scaleItems = 1_000_000
while !arguments.isEmpty {
    let flag = arguments.removeFirst()
    switch (flag, arguments.first) {
    case ("--data", let value?): dataDirectory = value; arguments.removeFirst()
    case ("--repetitions", let value?): repetitions = max(1, Int(value) ?? 5); arguments.removeFirst()
    case ("--only", let value?) where ["bikes", "analysis", "dates", "feed", "browser", "search", "charts", "window", "filter", "article", "download", "model", "scale", "stalls"].contains(value): only = value; arguments.removeFirst()
    case ("--items", let value?) where (Int(value) ?? 0) >= 10_000: scaleItems = Int(value)!; arguments.removeFirst()
    default:
        FileHandle.standardError.write(Data("usage: fremont-bench [--data DIR] [--repetitions N] [--only bikes|analysis|dates|feed|browser|search|charts|window|filter|article|download|model|scale|stalls] [--items N (scale, ≥ 10000)]\n".utf8))
        exit(2)
    }
}
#if DEBUG
print("warning: a debug build; figures mean little. Use: swift run -c release fremont-bench\n")
#endif
if only == nil || only == "bikes" {
    do {
        try BikeBenchmark.run(dataDirectory: dataDirectory, repetitions: repetitions)
    } catch {
        FileHandle.standardError.write(Data("fremont-bench: \(error)\n".utf8))
        exit(1)
    }
}
if only == nil || only == "analysis" {
    if only == nil { print() }
    do {
        try AnalysisBenchmark.run(dataDirectory: dataDirectory, repetitions: repetitions)
    } catch {
        FileHandle.standardError.write(Data("fremont-bench: \(error)\n".utf8))
        exit(1)
    }
}
if only == nil || only == "dates" {
    if only == nil { print() }
    runDateBenchmark()
}
if only == nil || only == "feed" {
    if only == nil { print() }
    runFeedBenchmark(dataDirectory: dataDirectory)
    do {
        try FeedCommandBenchmark.run()
    } catch {
        FileHandle.standardError.write(Data("fremont-bench: \(error)\n".utf8))
        exit(1)
    }
}
if only == nil || only == "browser" {
    if only == nil { print() }
    do {
        try BrowserBenchmark.run(dataDirectory: dataDirectory)
        try ItemListBenchmark.run(dataDirectory: dataDirectory)
        try FeedListBenchmark.run(dataDirectory: dataDirectory)
        try TerminalBenchmark.run()
    } catch {
        FileHandle.standardError.write(Data("fremont-bench: \(error)\n".utf8))
        exit(1)
    }
}
if only == nil || only == "search" {
    if only == nil { print() }
    do {
        try SearchBenchmark.run(dataDirectory: dataDirectory)
    } catch {
        FileHandle.standardError.write(Data("fremont-bench: \(error)\n".utf8))
        exit(1)
    }
}
if only == nil || only == "charts" {
    if only == nil { print() }
    ChartBenchmark.run(repetitions: repetitions)
}
if only == nil || only == "window" {
    if only == nil { print() }
    do {
        try ItemWindowBenchmark.run()
    } catch {
        FileHandle.standardError.write(Data("fremont-bench: \(error)\n".utf8))
        exit(1)
    }
}
if only == nil || only == "filter" {
    if only == nil { print() }
    do {
        try FilterBenchmark.run()
    } catch {
        FileHandle.standardError.write(Data("fremont-bench: \(error)\n".utf8))
        exit(1)
    }
}
if only == nil || only == "article" {
    if only == nil { print() }
    ArticleBenchmark.run(dataDirectory: dataDirectory, repetitions: repetitions)
}
if only == nil || only == "download" {
    if only == nil { print() }
    do {
        try DownloadBenchmark.run(repetitions: min(repetitions, 3))
    } catch {
        FileHandle.standardError.write(Data("fremont-bench: \(error)\n".utf8))
        exit(1)
    }
}
if only == nil || only == "model" {
    if only == nil { print() }
    do {
        try ModelBenchmark.run(dataDirectory: dataDirectory, repetitions: repetitions)
    } catch {
        FileHandle.standardError.write(Data("fremont-bench: \(error)\n".utf8))
        exit(1)
    }
}
// The river's UI-thread stalls alone (part of scale, which needs newsboat and minutes).
if only == "stalls" {
    do {
        try ScaleStalls.run(dataDirectory: dataDirectory)
    } catch {
        FileHandle.standardError.write(Data("fremont-bench: \(error)\n".utf8))
        exit(1)
    }
}
// Fremont against newsboat over a million items: only when asked (it takes minutes and needs newsboat).
if only == "scale" {
    do {
        try ScaleBenchmark.run(dataDirectory: dataDirectory, items: scaleItems)
    } catch {
        FileHandle.standardError.write(Data("fremont-bench: \(error)\n".utf8))
        exit(1)
    }
}
