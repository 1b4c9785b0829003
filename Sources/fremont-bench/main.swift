import FremontCore

print("fremont-bench")
runDateBenchmark()
