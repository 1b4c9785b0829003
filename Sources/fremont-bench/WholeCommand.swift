import Foundation

/// A program run as a whole, as a person runs it: the wall time from spawn to exit and the
/// child's own peak RSS, its output thrown away. The peak is the child's VmHWM, read from /proc
/// every 2 ms while it runs: wait4's ru_maxrss would carry this (larger) process's peak over the
/// spawn and exec.
enum WholeCommand {
    struct Run {
        var seconds: Double
        var peakMegabytes: Double
        var status: Int32
    }

    static func run(_ path: String, _ arguments: [String], environment: [String]? = nil) -> Run? {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let envp = (environment ?? []).map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        let spawned = environment == nil ? posix_spawn(&pid, path, &actions, nil, argv, environ)
            : posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else { return nil }
        var status: Int32 = 0
        var peak = 0.0
        while true {
            peak = max(peak, highWaterMark(pid))
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { break }
            if done < 0, errno != EINTR { return nil }
            usleep(2_000)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Run(seconds: seconds, peakMegabytes: peak / 1024, status: status)
    }

    /// VmHWM in kilobytes, 0 once the process is gone.
    private static func highWaterMark(_ pid: pid_t) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let value = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
        return value
    }

    /// The faster of the best run so far and a new one (a failed run counts for nothing).
    static func faster(_ best: Run?, _ run: Run?) -> Run? {
        guard let run else { return best }
        guard let best else { return run }
        return run.seconds < best.seconds ? run : best
    }

    /// What a child program wrote on standard output (its standard error thrown away); nil when
    /// it could not start.
    static func output(of path: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return output
    }

    /// `python3 -c script arguments…`, through `env`, as `output(of:)`.
    static func python(_ script: String, _ arguments: [String]) -> String? {
        output(of: "/usr/bin/env", ["python3", "-c", script] + arguments)
    }

    /// This benchmark program, to run again as a child.
    static var benchmark: String { URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path }

    /// The `fremont` built beside this benchmark.
    static var fremont: String? {
        let path = URL(fileURLWithPath: benchmark).deletingLastPathComponent().appendingPathComponent("fremont").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
}
