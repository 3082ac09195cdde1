#if canImport(Glibc)
import Glibc
#endif
import Tactile

extension FocusWatcher {
    /// Which desktop to ask, and where it listens.
    public enum Desktop: Sendable, Hashable, CustomStringConvertible {
        /// sway, or any compositor speaking i3's IPC, at this socket (`$SWAYSOCK`).
        case sway(socket: String)
        /// Hyprland, whose request socket is this `.socket.sock` (events come from the
        /// `.socket2.sock` beside it).
        case hyprland(socket: String)
        /// An X server (and its EWMH window manager) at this `DISPLAY`.
        case x11(display: String)
        /// A command (argv, no shell) whose first line of output names the application:
        /// for desktops with no open protocol for their focus (KDE, GNOME).
        case command([String])

        /// `sway at /run/user/1000/sway-ipc.1000.42.sock`, for messages.
        public var description: String {
            switch self {
            case .sway(let socket): return "sway at \(socket)"
            case .hyprland(let socket): return "Hyprland at \(socket)"
            case .x11(let display): return "X11 display \(display)"
            case .command(let argv): return "the command \(argv.joined(separator: " "))"
            }
        }
    }

    /// The desktop this session runs, from its environment, or nil when none is known:
    /// `SWAYSOCK` (sway, and i3 IPC compositors), then `HYPRLAND_INSTANCE_SIGNATURE` (its
    /// sockets under `$XDG_RUNTIME_DIR/hypr/`, else `/tmp/hypr/`, where older versions put
    /// them), then `DISPLAY` (X11).
    ///
    /// `DISPLAY` beside `WAYLAND_DISPLAY` is another Wayland compositor's XWayland (GNOME,
    /// KDE, river...): its X server knows only the focus of X windows and would say "none"
    /// for every Wayland one, so it is not taken. Those desktops need a command.
    public static func detect(environment: [String: String] = processEnvironment()) -> Desktop? {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let socket = value("SWAYSOCK") { return .sway(socket: socket) }
        if let signature = value("HYPRLAND_INSTANCE_SIGNATURE") {
            if let runtime = value("XDG_RUNTIME_DIR") {
                let path = runtime + "/hypr/" + signature + "/.socket.sock"
                if FileSystem.isAccessible(path, readable: false) { return .hyprland(socket: path) }
            }
            return .hyprland(socket: "/tmp/hypr/" + signature + "/.socket.sock")
        }
        if let display = value("DISPLAY"), value("WAYLAND_DISPLAY") == nil { return .x11(display: display) }
        return nil
    }

    /// Why `detect` finds no desktop in `environment`, for an error message that must tell
    /// an unset session from a Wayland desktop whose focus has no protocol.
    public static func noDesktopReason(environment: [String: String] = processEnvironment()) -> String {
        if environment["WAYLAND_DISPLAY", default: ""].isEmpty {
            return "none of SWAYSOCK, HYPRLAND_INSTANCE_SIGNATURE or DISPLAY is set"
        }
        return "this Wayland desktop is neither sway nor Hyprland, and its XWayland (DISPLAY) knows the focus of X windows only"
    }

    /// This process's environment (`ProcessEnvironment`): what `detect` and the X11
    /// authority file lookup use by default.
    public static func processEnvironment() -> [String: String] { ProcessEnvironment.current() }
}
