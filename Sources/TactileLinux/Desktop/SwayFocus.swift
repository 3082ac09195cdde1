import Tactile

/// The focus on sway (or any i3 IPC compositor) through its socket: two connections, one
/// subscribed to window and workspace events, one asking GET_TREE whenever an event may
/// have moved the focus or renamed the focused window.
///
/// Re-reading the tree rather than trusting the event's payload keeps one way of reading
/// (the tree is the truth after any event), and workspace events matter because moving to
/// an empty workspace sends no window event, yet leaves no window focused.
final class SwayFocus: FocusSource {
    private let path: String
    private let stop: StopSignal
    private var requests: DesktopSocket?
    private var events: DesktopSocket?

    /// Events whose `change` may move the focus or change what it shows.
    private static let windowChanges: Set<String> = ["focus", "title", "close", "new", "move", "floating"]
    private static let workspaceChanges: Set<String> = ["focus", "empty"]

    /// The source for the IPC socket at `path` (`$SWAYSOCK`).
    init(socket path: String, stop: StopSignal) {
        self.path = path
        self.stop = stop
    }

    var fd: Int32 { events?.fd ?? -1 }
    var due: Timestamp? { nil }

    func open() throws(TactileError) -> FocusedApplication? {
        close()
        let name = "sway at \(path)"
        let events = try DesktopSocket.connect(unix: path, name: name, stop: stop)
        self.events = events
        requests = try DesktopSocket.connect(unix: path, name: name, stop: stop)
        let reply = try I3Message.request(.subscribe, #"["window","workspace"]"#, on: events)
        guard case .bool(true)? = reply["success"] else {
            throw TactileError(.unavailable, "\(name) refused to subscribe to window events")
        }
        return try focused()
    }

    func update() throws(TactileError) -> FocusReading {
        guard let events else { return .unchanged }
        var reread = false
        repeat {
            let message = try I3Message.read(from: events)
            let changes = message.kind == .windowEvent ? Self.windowChanges
                : message.kind == .workspaceEvent ? Self.workspaceChanges : []
            if !changes.isEmpty, case .string(let change)? = try message.json(from: events)["change"], changes.contains(change) {
                reread = true
            }
        } while try events.hasInput()
        return reread ? .focus(try focused()) : .unchanged
    }

    func close() {
        events?.close()
        requests?.close()
        events = nil
        requests = nil
    }

    private func focused() throws(TactileError) -> FocusedApplication? {
        guard let requests else { return nil }
        return SwayTree.focusedApplication(in: try I3Message.request(.getTree, on: requests))
    }
}
