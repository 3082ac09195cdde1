import Tactile

/// The few requests of the X11 wire protocol that learning the focus needs, spoken over a
/// `DesktopSocket`: connection setup (with a cookie when there is one), InternAtom,
/// GetProperty and ChangeWindowAttributes (to be sent PropertyNotify events).
///
/// Requests go out in little-endian order (the first byte of the setup, `l`, says so,
/// and the server answers in the same). Each request is numbered; the server's packets
/// are 32 bytes, or more for a reply (its length field), and errors and events may come
/// between a request and its reply: a reply is found by its number, an error for another
/// request (a window that has gone) is dropped, and the events met on the way are kept in
/// `events` for the caller.
final class X11Connection {
    /// The socket, for the watcher's `poll`.
    let socket: DesktopSocket
    /// The root window of the display's screen, where the window manager sets
    /// `_NET_ACTIVE_WINDOW`.
    private(set) var root: UInt32 = 0
    /// PropertyNotify events read and not yet taken: (window, atom).
    var events: [(window: UInt32, atom: X11Atom)] = []
    private var sequence: UInt16 = 0

    /// A property's value.
    struct Property {
        /// Its type (STRING, UTF8_STRING, WINDOW...).
        var type: X11Atom
        /// 8, 16 or 32 bits per item.
        var format: UInt8
        /// The items' bytes.
        var value: [UInt8]
    }

    // ChangeWindowAttributes' event-mask value bit, PropertyChangeMask in that mask, and
    // the PropertyNotify event's code.
    private static let eventMaskBit: UInt32 = 0x800, propertyChangeMask: UInt32 = 0x0040_0000
    private static let propertyNotify: UInt8 = 28

    /// Connects to `display` and reads the setup; `cookie` when the authority file had one.
    init(socket: DesktopSocket, display: X11Display, cookie: XAuthority?) throws(TactileError) {
        self.socket = socket
        var setup: [UInt8] = [0x6c, 0]
        Self.put16(11, &setup)
        Self.put16(0, &setup)
        let name = Array((cookie?.name ?? "").utf8), data = cookie?.data ?? []
        Self.put16(UInt16(name.count), &setup)
        Self.put16(UInt16(data.count), &setup)
        Self.put16(0, &setup)
        Self.append(name, &setup)
        Self.append(data, &setup)
        try socket.send(setup)

        let head = try socket.read(8)
        let body = try socket.read(Int(Self.u16(head, 6)) * 4)
        guard head[0] == 1 else {
            let reason = String(decoding: body.prefix(head[0] == 0 ? Int(head[1]) : body.count), as: UTF8.self)
                .trimmingNULs
            throw TactileError(.unavailable, "\(socket.name) refused the connection: \(reason.isEmpty ? "no reason given" : reason)"
                               + (cookie == nil ? " (no cookie for this display in $XAUTHORITY or ~/.Xauthority)" : ""))
        }
        root = try Self.rootWindow(of: display.screen, in: body, name: socket.name)
    }

    /// The root window of screen `screen` in a setup reply's body.
    private static func rootWindow(of screen: Int, in body: [UInt8], name: String) throws(TactileError) -> UInt32 {
        guard body.count >= 32 else { throw TactileError(.badData, "\(name) sent a setup reply of \(body.count) bytes") }
        let vendor = Int(u16(body, 16)), screens = Int(body[20]), formats = Int(body[21])
        guard screen < screens else {
            throw TactileError(.unavailable, "\(name) has \(screens) screen\(screens == 1 ? "" : "s"); there is no screen \(screen)")
        }
        var at = 32 + (vendor + 3) / 4 * 4 + 8 * formats
        for _ in 0..<screen {
            // A screen is 40 bytes, then its depths: each 8 bytes and 24 per visual.
            guard at + 40 <= body.count else { break }
            var depth = at + 40
            for _ in 0..<Int(body[at + 39]) {
                guard depth + 8 <= body.count else { break }
                depth += 8 + 24 * Int(u16(body, depth + 2))
            }
            at = depth
        }
        guard at + 4 <= body.count else { throw TactileError(.badData, "\(name) sent a setup reply cut short") }
        return u32(body, at)
    }

    // MARK: Requests

    /// The atom named `name`, made if the server has none yet.
    func internAtom(_ name: String) throws(TactileError) -> X11Atom {
        let bytes = Array(name.utf8)
        var request: [UInt8] = [16, 0]
        Self.put16(UInt16(2 + (bytes.count + 3) / 4), &request)
        Self.put16(UInt16(bytes.count), &request)
        Self.put16(0, &request)
        Self.append(bytes, &request)
        guard let reply = try roundTrip(request) else {
            throw TactileError(.badData, "\(socket.name) refused to name the atom \(name)")
        }
        return X11Atom(rawValue: Self.u32(reply, 8))
    }

    /// Asks for PropertyNotify events of `window` (or for none, with `false`). Unanswered:
    /// an error (a window gone meanwhile) comes later and is dropped.
    func selectPropertyChanges(of window: UInt32, _ on: Bool) throws(TactileError) {
        var request: [UInt8] = [2, 0]
        Self.put16(4, &request)
        Self.put32(window, &request)
        Self.put32(Self.eventMaskBit, &request)
        Self.put32(on ? Self.propertyChangeMask : 0, &request)
        try sendRequest(request)
    }

    /// Up to 64 KiB of `property` of `window`; nil when the window has none, or is gone.
    func property(_ property: X11Atom, of window: UInt32, type: X11Atom = .none) throws(TactileError) -> Property? {
        var request: [UInt8] = [20, 0]
        Self.put16(6, &request)
        for v in [window, property.rawValue, type.rawValue, 0, 16384] { Self.put32(v, &request) }
        guard let reply = try roundTrip(request), reply.count >= 32 else { return nil }
        let type = X11Atom(rawValue: Self.u32(reply, 8)), format = reply[1], items = Int(Self.u32(reply, 16))
        guard type != .none else { return nil }
        let size = min(reply.count - 32, items * max(1, Int(format) / 8))
        return Property(type: type, format: format, value: Array(reply[32..<(32 + size)]))
    }

    // MARK: Packets

    /// Reads every packet already arrived, keeping its events; waits for one at least
    /// (the caller's poll said there is input).
    func readEvents() throws(TactileError) {
        repeat {
            _ = try nextPacket()
        } while try socket.hasInput()
    }

    private func sendRequest(_ request: [UInt8]) throws(TactileError) {
        try socket.send(request)
        sequence &+= 1
    }

    /// Sends a request and reads packets until its reply (nil: the server's error).
    private func roundTrip(_ request: [UInt8]) throws(TactileError) -> [UInt8]? {
        try sendRequest(request)
        while true {
            let packet = try nextPacket()
            guard packet[0] <= 1, Self.u16(packet, 2) == sequence else { continue }
            return packet[0] == 1 ? packet : nil
        }
    }

    /// The next packet, whole; an event is also kept in `events` when it is a
    /// PropertyNotify.
    private func nextPacket() throws(TactileError) -> [UInt8] {
        var packet = try socket.read(32)
        // Replies (1) and generic events (35) say how much longer than 32 bytes they are.
        if packet[0] == 1 || packet[0] & 0x7f == 35 {
            let extra = Int(Self.u32(packet, 4))
            guard extra <= DesktopSocket.maxMessage / 4 else {
                throw TactileError(.badData, "\(socket.name) sent a reply of \(extra * 4) bytes; more than 16 MiB is refused")
            }
            packet += try socket.read(extra * 4)
        } else if packet[0] & 0x7f == Self.propertyNotify {
            events.append((Self.u32(packet, 4), X11Atom(rawValue: Self.u32(packet, 8))))
        }
        return packet
    }

    // MARK: Little-endian fields

    private static func put16(_ v: UInt16, _ out: inout [UInt8]) {
        out.append(UInt8(v & 0xff)); out.append(UInt8(v >> 8))
    }

    private static func put32(_ v: UInt32, _ out: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8((v >> UInt32(shift)) & 0xff)) }
    }

    /// `bytes` and zeros up to a multiple of four, as every variable field is padded.
    private static func append(_ bytes: [UInt8], _ out: inout [UInt8]) {
        out += bytes
        out += repeatElement(0, count: (4 - bytes.count % 4) % 4)
    }

    static func u16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }

    static func u32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }
}

private extension String {
    /// Without the NUL padding a fixed-size field leaves at its end.
    var trimmingNULs: String { String(unicodeScalars.prefix(while: { $0 != "\0" })) }
}
