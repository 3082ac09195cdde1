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
    } catch var error as TactileError {
        // The library says what to pass it; here, that is an option.
        if error.message.hasSuffix(TactileError.evemuDescriptionRemedy) {
            error.message = error.message.dropLast(TactileError.evemuDescriptionRemedy.count) + "give the .desc file with --desc"
        }
        printError("tactile: \(error)".terminalSafe)
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

extension String {
    /// The text as a terminal may show it: control characters (escape sequences, newlines,
    /// C1 codes) written as `\u{1b}`, so a device's or a file's name cannot move the cursor,
    /// recolour the screen or forge a line. A tab stays a tab: it only moves to the next
    /// stop, and a configuration line quoted in a message reads as it was written.
    var terminalSafe: String { escapingControls(keepingTabs: true) }

    /// The text as one field of a tab-separated line: `terminalSafe`, and a tab in it
    /// written as `\u{9}` too, so it cannot split the field.
    var terminalSafeField: String { escapingControls(keepingTabs: false) }

    private func escapingControls(keepingTabs: Bool) -> String {
        var out = ""
        for u in unicodeScalars {
            if (u.value < 0x20 && !(keepingTabs && u.value == 0x09)) || (0x7f...0x9f).contains(u.value) {
                out += "\\u{" + String(u.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
