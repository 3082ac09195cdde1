import Tactile

/// The focus on X11 as EWMH window managers publish it: the root window's
/// `_NET_ACTIVE_WINDOW` names the active window, whose `WM_CLASS` holds the instance and the
/// class, and whose `_NET_WM_NAME` (UTF-8), else `WM_NAME`, its title.
///
/// The source asks for PropertyNotify events of the root, so a change of the active window
/// wakes it, and of the active window itself, so a new title does; it stops asking the
/// window it leaves. A window manager without EWMH never sets the property: no application.
final class X11Focus: FocusSource {
    private let display: X11Display
    private let environment: [String: String]
    private let stop: StopSignal
    private var connection: X11Connection?
    private var atoms = Atoms()
    private var active: UInt32 = 0

    private struct Atoms {
        var activeWindow = X11Atom.none
        var netWMName = X11Atom.none
        var utf8String = X11Atom.none
    }

    /// The source for `display`; `environment` gives the authority file (`XAUTHORITY`, `HOME`).
    init(display: X11Display, environment: [String: String], stop: StopSignal) {
        self.display = display
        self.environment = environment
        self.stop = stop
    }

    var fd: Int32 { connection?.socket.fd ?? -1 }
    var due: Timestamp? { nil }

    func open() throws(TactileError) -> FocusedApplication? {
        close()
        let socket: DesktopSocket
        switch display.address {
        case .unix(let path):
            // Xorg and Xvfb also listen in the abstract namespace, which a sandbox without
            // the host's /tmp still reaches.
            do {
                socket = try DesktopSocket.connect(unix: path, name: "the X server at \(path)", stop: stop)
            } catch {
                guard error != StopSignal.stopped,
                      let abstract = try? DesktopSocket.connect(unix: path, abstract: true, name: "the X server at \(path)", stop: stop) else { throw error }
                socket = abstract
            }
        case .tcp(let host, let port):
            socket = try DesktopSocket.connect(host: host, port: port, name: "the X server at \(host):\(port)", stop: stop)
        }
        let cookie = XAuthority.cookie(for: display, remoteAddress: socket.remoteAddress, environment: environment)
        let connection = try X11Connection(socket: socket, display: display, cookie: cookie)
        self.connection = connection
        atoms = Atoms(activeWindow: try connection.internAtom("_NET_ACTIVE_WINDOW"),
                      netWMName: try connection.internAtom("_NET_WM_NAME"),
                      utf8String: try connection.internAtom("UTF8_STRING"))
        try connection.selectPropertyChanges(of: connection.root, true)
        return try read()
    }

    func update() throws(TactileError) -> FocusReading {
        guard let connection else { return .unchanged }
        try connection.readEvents()
        return takeRelevantEvents() ? .focus(try read()) : .unchanged
    }

    func close() {
        connection?.socket.close()
        connection = nil
        active = 0
    }

    /// Whether an event read so far may change what `read` finds; forgets them all.
    private func takeRelevantEvents() -> Bool {
        guard let connection else { return false }
        defer { connection.events.removeAll() }
        return connection.events.contains { e in
            (e.window == connection.root && e.atom == atoms.activeWindow)
                || (e.window == active && active != 0 && [X11Atom.wmClass, .wmName, atoms.netWMName].contains(e.atom))
        }
    }

    /// The active window's application. Events that arrive while reading may say it has
    /// changed already: read again (a few times at most, then the next event will).
    private func read() throws(TactileError) -> FocusedApplication? {
        guard let connection else { return nil }
        var application: FocusedApplication?
        for _ in 0..<4 {
            _ = takeRelevantEvents()
            application = try readOnce(connection)
            if try connection.socket.hasInput() { try connection.readEvents() }
            if !takeRelevantEvents() { break }
        }
        return application
    }

    private func readOnce(_ connection: X11Connection) throws(TactileError) -> FocusedApplication? {
        let property = try connection.property(atoms.activeWindow, of: connection.root, type: .window)
        let window = property.flatMap { $0.format == 32 && $0.value.count >= 4 ? X11Connection.u32($0.value, 0) : nil } ?? 0
        if window != active {
            if active != 0 { try connection.selectPropertyChanges(of: active, false) }
            if window != 0 { try connection.selectPropertyChanges(of: window, true) }
            active = window
        }
        guard window != 0 else { return nil }
        // WM_CLASS is "instance\0class\0"; the class is the main name.
        guard let wmClass = try connection.property(.wmClass, of: window, type: .string) else {
            return FocusedApplication(names: [], title: try title(of: window, connection))
        }
        let parts = wmClass.value.split(separator: 0, omittingEmptySubsequences: false).map { Self.latin1($0) }
        let names = parts.count >= 2 ? [parts[1], parts[0]] : parts
        return FocusedApplication(names: names, title: try title(of: window, connection))
    }

    /// `_NET_WM_NAME`, else `WM_NAME`, of any type: tools write either as STRING or
    /// UTF8_STRING (xdotool sets `_NET_WM_NAME` as STRING).
    private func title(of window: UInt32, _ connection: X11Connection) throws(TactileError) -> String? {
        for atom in [atoms.netWMName, X11Atom.wmName] {
            if let name = try connection.property(atom, of: window), !name.value.isEmpty {
                return name.type == atoms.utf8String ? String(decoding: name.value, as: UTF8.self) : Self.latin1(name.value[...])
            }
        }
        return nil
    }

    /// STRING properties are ISO 8859-1, a byte a character.
    private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        var s = ""
        s.unicodeScalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        return s
    }
}
