/// The application whose window has the keyboard focus, as a per-application binding
/// (`app: firefox`) matches it.
///
/// Desktops name an application in different ways, and a user writes the one they know:
/// a Wayland window has an `app_id`; an X11 window (XWayland's too) has the two halves of
/// its `WM_CLASS`, the instance (`navigator`) and the class (`firefox`). `names` holds every
/// one of them, so a binding's glob may match any.
public struct FocusedApplication: Sendable, Hashable, CustomStringConvertible {
    /// Every name a binding's `app:` may match, the main one first: the Wayland `app_id`;
    /// for X11 and XWayland windows the `WM_CLASS` class, then its instance; on Hyprland the
    /// class, then the class the window started with. None is empty, none is repeated, and
    /// the list is empty only for a window that has no name at all.
    public var names: [String]
    /// The window's title, which changes as the user works (a browser's page); nil when the
    /// window has none.
    public var title: String?

    /// The application named `names` (the main one first); empty names and repeats are
    /// dropped, and an empty title is none, so that two readings of one window compare equal.
    public init(names: [String], title: String? = nil) {
        var unique: [String] = []
        for name in names where !name.isEmpty && !unique.contains(name) { unique.append(name) }
        self.names = unique
        self.title = title?.isEmpty == true ? nil : title
    }

    /// The main name (the `app_id`, or the `WM_CLASS` class), or nil for a nameless window.
    public var name: String? { names.first }

    /// `firefox (firefox, Navigator) "Example — Mozilla Firefox"`: the main name, every name,
    /// and the title when there is one, for messages and logs.
    public var description: String {
        var text = (name ?? "(no name)") + " (" + names.joined(separator: ", ") + ")"
        if let title { text += " \"" + title + "\"" }
        return text
    }
}
