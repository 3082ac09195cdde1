#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// Keeps track of which application has the keyboard focus on the running desktop, for
/// bindings that apply in one application only (`app: firefox`).
///
/// Recognition asks for the focus on every frame and must never wait for a desktop that is
/// slow or gone, so the asking happens elsewhere: a thread of the watcher's own follows the
/// desktop (subscribed to its focus events where it has them: sway's IPC, Hyprland's event
/// socket, X11 PropertyNotify; a command run four times a second otherwise) and `current`
/// only copies its latest reading under a lock. When the desktop cannot be reached or
/// answers what cannot be read, `current` is nil, `failure` says why, and the thread tries
/// again once a second.
///
/// `stop()` (or dropping the watcher) ends the thread and closes its connections.
public final class FocusWatcher: @unchecked Sendable {
    /// The desktop followed.
    public let desktop: Desktop
    private let loop: FocusLoop

    /// Starts following `desktop`; `changed` is called on the watcher's thread after each
    /// change of the focus, in order, with the new one (nil: none, or the desktop is gone).
    /// Throws only for a desktop that can never be followed (a malformed `DISPLAY`, an
    /// empty command); one that is not reachable yet is tried again every second.
    public convenience init(_ desktop: Desktop, changed: (@Sendable (FocusedApplication?) -> Void)? = nil) throws(TactileError) {
        try self.init(desktop, environment: Self.processEnvironment(), changed: changed)
    }

    /// As the public initializer, with the environment that names the X11 authority file
    /// given (tests give their own, never changing the process's).
    init(_ desktop: Desktop, environment: [String: String], changed: (@Sendable (FocusedApplication?) -> Void)? = nil) throws(TactileError) {
        let signal = try StopSignal()
        let source: FocusSource
        switch desktop {
        case .sway(let socket):
            source = SwayFocus(socket: socket, stop: signal)
        case .hyprland(let socket):
            source = HyprlandFocus(socket: socket, stop: signal)
        case .x11(let display):
            source = X11Focus(display: try X11Display(display), environment: environment, stop: signal)
        case .command(let argv):
            guard let program = argv.first, !program.isEmpty else {
                throw TactileError(.usage, "the focus command is empty: give a program and its arguments")
            }
            source = CommandFocus(argv: argv, stop: signal)
        }
        self.desktop = desktop
        let loop = FocusLoop(source: source, signal: signal, desktop: desktop, changed: changed)
        self.loop = loop
        let caller = pthread_self()
        DetachedThread.start { loop.run(startedFrom: caller) }
    }

    deinit { stop() }

    /// The application that has the focus now, as the desktop last said; nil when no
    /// window has it, or the desktop cannot be read. Never waits for the desktop: cheap
    /// enough for every frame.
    public var current: FocusedApplication? { loop.current }

    /// Why the desktop could not be read the last time it was tried (it is tried again
    /// every second), or nil when it was read.
    public var failure: TactileError? { loop.failure }

    /// Waits until the desktop has been read once (at most `timeout`) and returns what it
    /// said, or throws why it could not be read: for a command that prints the focus once
    /// and must tell a desktop that is down from one where nothing has the focus.
    public func waitForFirstReading(timeout: TimeSpan = .seconds(5)) throws(TactileError) -> FocusedApplication? {
        try loop.firstReading(timeout: timeout)
    }

    /// Ends the thread and closes its connections; waits up to two seconds for that,
    /// unless called from `changed`. Calling it again does nothing.
    public func stop() {
        loop.stop(limit: .seconds(2))
    }
}
