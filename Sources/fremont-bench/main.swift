import FremontCore

// `fremont-bench [dates|feed]`: one benchmark, or all of them.
let only = CommandLine.arguments.dropFirst().first
print("fremont-bench")
if only == nil || only == "dates" { runDateBenchmark() }
if only == nil || only == "feed" { runFeedBenchmark() }
