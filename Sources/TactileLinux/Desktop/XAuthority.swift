#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// The cookie an X server asks for, from the authority file (`$XAUTHORITY`, else
/// `~/.Xauthority`) that the display manager or `startx` wrote: without it a server started
/// with `-auth` refuses the connection.
///
/// The file is a list of entries, each five fields with 16-bit big-endian sizes: family,
/// address, display number, name and data. An entry serves a connection when its display
/// number matches (or is empty) and its address names this end: the local host's name for
/// a Unix socket, the peer's address over TCP, or any address (family 65535). Only
/// `MIT-MAGIC-COOKIE-1` is used: the other schemes are obsolete.
struct XAuthority: Hashable {
    /// The authorization protocol's name.
    var name: String
    /// Its data (the 16-byte cookie).
    var data: [UInt8]

    /// One entry of the file.
    struct Entry: Hashable {
        /// Where the entry applies: 256 local (by host name), 0 IPv4, 6 IPv6, 65535 anywhere.
        var family: UInt16
        /// The host name or the address bytes.
        var address: [UInt8]
        /// The display number as text, or empty for every display.
        var number: String
        /// The protocol name.
        var name: String
        /// The protocol data.
        var data: [UInt8]
    }

    /// The families of entries Tactile reads (others, such as Kerberos', are skipped).
    enum Family: UInt16 {
        /// An IPv4 or an IPv6 address (a connection over TCP); a host by name (for Unix
        /// sockets); any address.
        case internet = 0, internet6 = 6, local = 256, wild = 65535
    }

    /// The one scheme read (the others, XDM-AUTHORIZATION-1 and Kerberos, are obsolete).
    static let cookieName = "MIT-MAGIC-COOKIE-1"

    /// The file to read, from `environment`; nil when neither `XAUTHORITY` nor `HOME` is set.
    static func path(environment: [String: String]) -> String? {
        if let path = environment["XAUTHORITY"], !path.isEmpty { return path }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.Xauthority" }
        return nil
    }

    /// The entries of a file's bytes, up to the first that is cut short.
    static func entries(_ bytes: [UInt8]) -> [Entry] {
        var entries: [Entry] = []
        var i = 0
        func field() -> [UInt8]? {
            guard i + 2 <= bytes.count else { return nil }
            let size = Int(bytes[i]) << 8 | Int(bytes[i + 1])
            guard i + 2 + size <= bytes.count else { return nil }
            defer { i += 2 + size }
            return Array(bytes[(i + 2)..<(i + 2 + size)])
        }
        while i + 2 <= bytes.count {
            let family = UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
            i += 2
            guard let address = field(), let number = field(), let name = field(), let data = field() else { break }
            entries.append(Entry(family: family, address: address, number: String(decoding: number, as: UTF8.self),
                                 name: String(decoding: name, as: UTF8.self), data: data))
        }
        return entries
    }

    /// The cookie for `display`, reached at `remoteAddress` (empty: a Unix socket), from
    /// `entries`; nil when none applies (the connection then offers none).
    static func cookie(in entries: [Entry], display: X11Display, remoteAddress: [UInt8], hostname: String) -> XAuthority? {
        let host = Array(hostname.utf8)
        let loopback = remoteAddress == [127, 0, 0, 1] || remoteAddress == Array(repeating: 0, count: 15) + [1]
        for e in entries where e.name == cookieName && (e.number.isEmpty || e.number == display.number) {
            let applies: Bool
            switch Family(rawValue: e.family) {
            case .wild: applies = true
            case .local: applies = (remoteAddress.isEmpty || loopback) && e.address == host
            case .internet, .internet6: applies = !remoteAddress.isEmpty && e.address == remoteAddress
            case nil: applies = false
            }
            if applies { return XAuthority(name: e.name, data: e.data) }
        }
        return nil
    }

    /// The cookie for `display` from the file `environment` names; nil when there is no file
    /// or no entry for it (a missing file is common: Xvfb and many sessions need none).
    static func cookie(for display: X11Display, remoteAddress: [UInt8], environment: [String: String]) -> XAuthority? {
        guard let path = path(environment: environment),
              let bytes = try? InputFile.readAll(path, limit: 1 << 20) else { return nil }
        return cookie(in: entries(bytes), display: display, remoteAddress: remoteAddress, hostname: Self.hostname())
    }

    /// This machine's name, as the authority file's local entries name it.
    static func hostname() -> String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "" }
        return String(decoding: name.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
