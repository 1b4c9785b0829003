import FremontCore
print("fremont-bench")
