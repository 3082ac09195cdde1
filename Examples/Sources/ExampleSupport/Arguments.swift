#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// A wrong command line: said on standard error, exit 64 (EX_USAGE).
public struct UsageError: Error, CustomStringConvertible {
    public var description: String
    public init(_ message: String) { description = message }
}

/// The command line of an example: positional arguments and `--name value` options (an
/// option may repeat). Small on purpose: the examples show Tactile, not argument parsing
/// (the `tactile` command uses swift-argument-parser).
public struct Arguments {
    public private(set) var positional: [String] = []
    private var options: [(name: String, value: String)] = []

    /// `valued`: the options that take a value; `flags`: those that take none (`--help` is
    /// always one); any other `--name` is a usage error.
    public init(_ argv: [String] = Array(CommandLine.arguments.dropFirst()), valued: Set<String>,
                flags: Set<String> = []) throws(UsageError) {
        var i = 0
        while i < argv.count {
            let a = argv[i]
            if a.hasPrefix("--") {
                if valued.contains(a) {
                    guard i + 1 < argv.count else { throw UsageError("\(a) needs a value") }
                    options.append((a, argv[i + 1]))
                    i += 2
                    continue
                }
                guard a == "--help" || flags.contains(a) else { throw UsageError("unknown option \(a)") }
                options.append((a, ""))
            } else {
                positional.append(a)
            }
            i += 1
        }
    }

    public func values(of name: String) -> [String] { options.filter { $0.name == name }.map(\.value) }
    public func value(of name: String) -> String? { values(of: name).last }
    public func has(_ flag: String) -> Bool { options.contains { $0.name == flag } }

    /// `W,H` or `WxH` as two positive numbers.
    public func size(of name: String) throws(UsageError) -> (Double, Double)? {
        guard let text = value(of: name) else { return nil }
        let parts = text.split(whereSeparator: { $0 == "," || $0 == "x" }).map { Double($0) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], w > 0, h > 0 else {
            throw UsageError("\(name) takes W,H (two positive numbers), not '\(text)'")
        }
        return (w, h)
    }
}

/// Runs an example's main: a usage error exits 64, a Tactile error (a bad recording, a
/// missing device) exits with its sysexits code, both said on standard error.
public func runExample(usage: String, _ main: () async throws -> Void) async {
    do {
        try await main()
    } catch {
        failExample(error, usage: usage)
    }
}

/// Runs an example's main on the main thread, with no suspension: a windowed example, whose
/// window's loop keeps the main thread while its input is read on the thread pool. `--help`
/// prints the usage and exits 0; errors exit as `runExample(usage:_:)`'s do.
public func runExample(usage: String, onMainThread main: () throws -> Void) {
    // --help alone says how to run it (a window app with no input would open its window).
    if CommandLine.arguments.dropFirst().contains("--help") {
        print("usage: \(usage)")
        exit(0)
    }
    do {
        try main()
    } catch {
        failExample(error, usage: usage)
    }
}

/// Says `error` on standard error and exits with its code.
private func failExample(_ error: any Error, usage: String) -> Never {
    switch error {
    case let error as UsageError:
        standardError("\(error)\nusage: \(usage)")
        exit(64)
    case let error as TactileError:
        standardError("\(error)")  // FILE:LINE: problem
        exit(error.exitCode)
    default:
        standardError("\(error)")
        exit(70)
    }
}

/// Writes a line to standard error.
public func standardError(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
