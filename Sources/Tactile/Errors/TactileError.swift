/// An error a person can act on: where (file and line), what, and the sysexits code the
/// command line exits with.
public struct TactileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Kinds map one-to-one to sysexits(3) codes.
    public enum Kind: Int32, Hashable, Sendable {
        /// EX_USAGE: the command was used wrongly.
        case usage = 64
        /// EX_DATAERR: the input is malformed.
        case badData = 65
        /// EX_NOINPUT: an input file did not exist or was not readable as a file.
        case noInput = 66
        /// EX_UNAVAILABLE: a service or device is not there.
        case unavailable = 69
        /// EX_SOFTWARE: an internal error (a bug).
        case software = 70
        /// EX_CANTCREAT: an output file cannot be created.
        case cannotCreate = 73
        /// EX_IOERR: reading or writing failed part way.
        case ioError = 74
        /// EX_NOPERM: permission denied.
        case noPermission = 77
        /// EX_CONFIG: a configuration file is wrong.
        case config = 78
    }

    /// Which kind of failure, and so the exit code.
    public var kind: Kind
    /// The file the problem is in (`-` for standard input), if any.
    public var file: String?
    /// 1-based line number, if the problem is on one line.
    public var line: Int?
    /// 1-based column, if the problem is at one place in the line.
    public var column: Int?
    /// What is wrong, in words, without the place.
    public var message: String

    /// An error of `kind`, at `file:line:column` where known.
    public init(_ kind: Kind, file: String? = nil, line: Int? = nil, column: Int? = nil, _ message: String) {
        self.kind = kind; self.file = file; self.line = line; self.column = column; self.message = message
    }

    /// The sysexits code a command exits with for this error.
    public var exitCode: Int32 { kind.rawValue }

    /// `file:line: message` (or `file:line:column:`), as compilers write it, so editors
    /// can jump there.
    public var description: String {
        switch (file, line) {
        case let (file?, line?):
            if let column { return "\(file):\(line):\(column): \(message)" }
            return "\(file):\(line): \(message)"
        case let (file?, nil): return "\(file): \(message)"
        default: return message
        }
    }

    /// The same error, placed in a file (and line, when it has none yet).
    public func located(file: String, line: Int? = nil) -> TactileError {
        var e = self
        if e.file == nil { e.file = file }
        if e.line == nil { e.line = line }
        return e
    }
}
