import Foundation
import MallocInterposerSwift

/// Wall-clock timing and heap-allocation counting for one piece of work.
enum Measure {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Runs `body` `repeats` times and keeps the fastest (the least disturbed by the rest of
    /// the machine), in seconds.
    static func fastest(repeats: Int = 5, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<repeats {
            let start = now()
            try body()
            best = min(best, Double(now() - start) / 1e9)
        }
        return best
    }

    /// Heap allocations made by `body` (needs the interposer preloaded, see `make bench`).
    static func allocations(_ body: () -> Void) -> Int? {
        guard interposerLoaded else { return nil }
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        body()
        MallocInterposerSwift.unhook()
        return MallocInterposerSwift.getStatistics().mallocCount
    }

    static let interposerLoaded: Bool = {
        MallocInterposerSwift.initialize()
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        // An allocation the optimiser cannot remove (its size is only known at run time
        // and its contents are read back).
        let probe = [UInt8](repeating: UInt8(getpid() & 0x7f), count: 64 + Int(getpid() % 7))
        sink = Int(probe[Int(getpid()) % probe.count])
        MallocInterposerSwift.unhook()
        return MallocInterposerSwift.getStatistics().mallocCount > 0
    }()
    nonisolated(unsafe) static var sink = 0

    /// `command`, and the benchmark stops unless it exited 0: a failing run would look fast.
    static func succeeding(_ argv: [String], stdin: String? = nil) throws -> (seconds: Double, peakMB: Double, status: Int32) {
        let r = try command(argv, stdin: stdin)
        guard r.status == 0 else {
            FileHandle.standardError.write(Data("tactile-bench: \(argv.joined(separator: " ")) exited \(r.status)\n".utf8))
            exit(1)
        }
        return r
    }

    /// Wall time and peak memory of a command, by GNU time.
    static func command(_ argv: [String], stdin: String? = nil) throws -> (seconds: Double, peakMB: Double, status: Int32) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        let stats = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-bench-time-\(getpid())").path
        p.arguments = ["-f", "%e %M", "-o", stats] + argv
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        if let stdin { p.standardInput = FileHandle(forReadingAtPath: stdin) }
        let start = now()
        try p.run()
        p.waitUntilExit()
        let seconds = Double(now() - start) / 1e9
        let fields = (try? String(contentsOfFile: stats, encoding: .utf8))?.split(whereSeparator: { $0 == " " || $0 == "\n" }) ?? []
        let peak = fields.count >= 2 ? (Double(fields[1]) ?? 0) / 1024 : 0
        try? FileManager.default.removeItem(atPath: stats)
        return (seconds, peak, p.terminationStatus)
    }
}
