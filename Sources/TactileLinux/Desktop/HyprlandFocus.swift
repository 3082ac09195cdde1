import Tactile
import TactileJSON

/// The focus on Hyprland through its two sockets: `.socket.sock` answers one request per
/// connection (`j/activewindow`: the active window as JSON, `{}` for none), and
/// `.socket2.sock` streams events as lines, `activewindow>>CLASS,TITLE` among them.
///
/// An event only triggers a request: the event line has no `initialClass`, and a title
/// may hold commas, so the reply is the one way of reading a window.
final class HyprlandFocus: FocusSource {
    private let requestPath: String
    private let eventPath: String
    private let stop: StopSignal
    private var events: DesktopSocket?

    /// Events after which the active window, or its title, may be another.
    private static let triggers = ["activewindow>>", "activewindowv2>>", "windowtitle>>", "windowtitlev2>>", "closewindow>>"].map { Array($0.utf8) }

    /// The source for the request socket at `path` (`.../.socket.sock`); events come from
    /// `.socket2.sock` beside it.
    init(socket path: String, stop: StopSignal) {
        requestPath = path
        let directory = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[...$0]) } ?? ""
        eventPath = directory + ".socket2.sock"
        self.stop = stop
    }

    var fd: Int32 { events?.fd ?? -1 }
    var due: Timestamp? { nil }

    func open() throws(TactileError) -> FocusedApplication? {
        close()
        events = try DesktopSocket.connect(unix: eventPath, name: "Hyprland's events at \(eventPath)", stop: stop)
        return try activeWindow()
    }

    func update() throws(TactileError) -> FocusReading {
        guard let events else { return .unchanged }
        var reread = false
        repeat {
            let line = try events.readLine()
            if Self.triggers.contains(where: { line.starts(with: $0) }) { reread = true }
        } while try events.hasInput()
        return reread ? .focus(try activeWindow()) : .unchanged
    }

    func close() {
        events?.close()
        events = nil
    }

    private func activeWindow() throws(TactileError) -> FocusedApplication? {
        let socket = try DesktopSocket.connect(unix: requestPath, name: "Hyprland at \(requestPath)", stop: stop)
        defer { socket.close() }
        try socket.send(Array("j/activewindow".utf8))
        let reply = try socket.readToEnd()
        let window: JSONValue
        do {
            window = try JSONValue.parse(reply)
        } catch {
            throw TactileError(.badData, "\(socket.name) answered j/activewindow with something that is not JSON: \(error.message) at byte \(error.column)")
        }
        return Self.application(of: window)
    }

    /// The application in a `j/activewindow` reply; nil for `{}` (no window is active).
    static func application(of window: JSONValue) -> FocusedApplication? {
        func string(_ key: String) -> String? {
            if case .string(let s)? = window[key] { return s }
            return nil
        }
        let application = FocusedApplication(names: [string("class"), string("initialClass")].compactMap { $0 }, title: string("title"))
        return application.names.isEmpty && application.title == nil ? nil : application
    }
}
