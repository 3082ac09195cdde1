import Tactile
import TactileBindings
import TactileLinux

extension FocusWatcher {
    /// Follows the desktop's focus when a binding needs it (or `required`): the
    /// configuration's `focus.command`, else sway, Hyprland or X11 from the environment.
    /// With none, nil and `say` hears why bindings for an application will not run; when
    /// `required`, that is an error instead.
    public static func forBindings(_ config: BindingConfig, required: Bool, say: (String) -> Void) throws -> FocusWatcher? {
        guard config.needsFocus || required else { return nil }
        guard let desktop = config.focusCommand.map({ Desktop.command($0) }) ?? detect() else {
            let why = "\(noDesktopReason()); give the configuration `focus: {command: [...]}` (docs/focus.md)"
            if required { throw TactileError(.unavailable, why) }
            say("\(why); bindings for an application will not run")
            return nil
        }
        say("the focused application comes from \(desktop)")
        return try FocusWatcher(desktop)
    }
}
