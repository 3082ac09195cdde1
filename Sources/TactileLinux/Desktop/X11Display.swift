import Tactile

/// Where an X display is, from a `DISPLAY` value: `:0`, `:1.0`, `unix:0` (the Unix socket
/// `/tmp/.X11-unix/X0`), `host:0` (TCP port 6000), `/path/to/socket:0` (a socket of its
/// own, as XQuartz's launchd names it).
struct X11Display: Hashable {
    /// The display's socket.
    enum Address: Hashable {
        /// A Unix socket at this path.
        case unix(String)
        /// TCP to this host and port.
        case tcp(host: String, port: Int)
    }

    /// Where to connect.
    var address: Address
    /// The display number, as the authority file writes it (`0`).
    var number: String
    /// The screen whose root window holds `_NET_ACTIVE_WINDOW` (`.1`; 0 when not given).
    var screen: Int

    /// Reads `display`, or says what is wrong with it.
    init(_ display: String) throws(TactileError) {
        guard let colon = display.lastIndex(of: ":") else {
            throw TactileError(.usage, "DISPLAY '\(display)' has no ':' before the display number (as in :0)")
        }
        let host = String(display[..<colon])
        let rest = display[display.index(after: colon)...]
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let number = parts.first.flatMap({ Int($0) }), number >= 0, number < 60000,
              parts.count == 1 || Int(parts[1]).map({ $0 >= 0 }) == true else {
            throw TactileError(.usage, "DISPLAY '\(display)' does not end in a display number (as in :0 or :0.1)")
        }
        guard !host.hasSuffix(":") else {
            throw TactileError(.usage, "DISPLAY '\(display)' is a DECnet address, which Tactile does not speak")
        }
        self.number = String(number)
        screen = parts.count == 2 ? Int(parts[1])! : 0
        if host.isEmpty || host == "unix" {
            address = .unix("/tmp/.X11-unix/X\(number)")
        } else if host.hasPrefix("/") {
            address = .unix(host + ":" + parts[0])
        } else {
            // `[::1]:0` and `::1:0` name an IPv6 host.
            let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
            address = .tcp(host: bare, port: 6000 + number)
        }
    }
}
