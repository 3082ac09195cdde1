import ArgumentParser
import Tactile

#if canImport(Glibc)
import Glibc
#endif

/// Runs a command body; a `TactileError` becomes `tactile: file:line: message` on standard
/// error and its sysexits code, never a crash or a stack trace.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as TactileError {
        printError("tactile: \(error)")
        throw ExitCode(error.exitCode)
    }
}

func printError(_ text: String) { writeLine(text, to: 2) }

/// One line on standard output, written at once (unbuffered: scripts wait on it).
func printLine(_ text: String) { writeLine(text, to: 1) }

private func writeLine(_ text: String, to fd: Int32) {
    var line = Array(text.utf8)
    line.append(0x0a)
    _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
}
