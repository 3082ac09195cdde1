import Foundation

/// Running a program from a test: the one way every test target starts `tactile`, a
/// browser or a script and reads what it said.
public enum Subprocess {
    /// How a program ended and what it wrote.
    public struct Finished: Sendable {
        /// Its exit status, or the signal's number when a signal ended it (as `Process` says).
        public var status: Int32
        /// What it wrote to standard output.
        public var stdout: String
        /// What it wrote to standard error.
        public var stderr: String
    }

    /// Runs `executable` with `arguments` to its end. `stdin` is written to its standard
    /// input (then closed; nothing: /dev/null); `environment` replaces the test's own;
    /// `timeout` (seconds) ends a program that hangs, so the test fails instead of hanging.
    /// Standard error goes through a file, so neither stream can fill while the other is
    /// read.
    public static func run(_ executable: String, _ arguments: [String], stdin: String? = nil,
                           environment: [String: String]? = nil, directory: URL? = nil,
                           timeout: Double? = nil) throws -> Finished {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        if let environment { p.environment = environment }
        if let directory { p.currentDirectoryURL = directory }
        let errFile = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errFile) }
        let err = try FileHandle(forWritingTo: errFile)
        let out = Pipe()
        p.standardOutput = out
        p.standardError = err
        let input = stdin.map { _ in Pipe() }
        p.standardInput = input ?? FileHandle.nullDevice
        try p.run()
        try err.close()
        if let input, let stdin {
            // Written on a thread of its own: a program that writes before it reads
            // everything cannot then block on a full pipe while this one waits to write.
            let writer = input.fileHandleForWriting
            DispatchQueue.global().async {
                writer.write(Data(stdin.utf8))
                try? writer.close()
            }
        }
        // SIGKILL: the child inherits the signal mask of the test's thread, which may block
        // SIGTERM (Process.terminate).
        let pid = p.processIdentifier
        let watchdog = DispatchWorkItem { [p] in if p.isRunning { kill(pid, SIGKILL) } }
        if let timeout { DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog) }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        watchdog.cancel()
        let e = (try? Data(contentsOf: errFile)) ?? Data()
        return Finished(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }
}

/// Runs a command, returning its exit status and output.
@discardableResult
public func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws
    -> (status: Int32, stdout: String, stderr: String)
{
    let r = try Subprocess.run(executable, arguments, environment: environment)
    return (r.status, r.stdout, r.stderr)
}
