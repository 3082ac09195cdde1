/// An X11 atom: the server's number for a name, which properties and their types are
/// asked and answered by. A few are fixed by the protocol; the rest are interned.
struct X11Atom: Hashable {
    /// The number on the wire.
    var rawValue: UInt32

    /// None, which GetProperty reads as "any type", and a reply as "no such property".
    static let none = X11Atom(rawValue: 0)

    // The predefined atoms the focus watch reads (the protocol's numbers).
    static let string = X11Atom(rawValue: 31), window = X11Atom(rawValue: 33),
               wmName = X11Atom(rawValue: 39), wmClass = X11Atom(rawValue: 67)
}
