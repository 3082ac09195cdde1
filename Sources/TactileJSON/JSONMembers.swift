/// The members of one JSON object or array being read, after its opening bracket:
/// `while try members.next(&scanner)` reads up to each member, the commas between them
/// included, and past the closing bracket at the end; `while let key = try
/// members.nextKey(&scanner)` reads an object's keys too.
public struct JSONMembers {
    /// `}` for an object, `]` for an array.
    public let closing: UInt8
    /// Whether no member has been reached yet (none has a comma before it).
    public private(set) var first = true

    /// The members up to `closing`.
    public init(closing: UInt8) {
        self.closing = closing
    }

    /// True when there is another member, and `scanner` stands at it; false past the
    /// closing bracket.
    public mutating func next(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) -> Bool {
        defer { first = false }
        return try scanner.hasNext(closing: closing, first: first)
    }

    /// For an object: the next member's key, with its colon read and `scanner` standing at
    /// the value; nil past the closing `}`.
    public mutating func nextKey(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) -> KeyMatch? {
        try next(&scanner) ? try scanner.key() : nil
    }
}
