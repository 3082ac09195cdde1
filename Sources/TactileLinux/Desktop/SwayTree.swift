import Tactile
import TactileJSON

/// The focused window in sway's GET_TREE reply (i3's too): the node with `"focused": true`,
/// found among every node's `nodes` and `floating_nodes`.
///
/// A Wayland window names its application in `app_id`; an XWayland window (and every window
/// of i3) has `app_id` null and `window_properties.class` and `.instance` instead. The
/// title is the node's `name`. A focused workspace or output (nothing open there) is no
/// application.
enum SwayTree {
    /// The application of the focused window in `tree`, or nil when no window has focus.
    static func focusedApplication(in tree: JSONValue) -> FocusedApplication? {
        guard let node = focusedNode(in: tree) else { return nil }
        return application(of: node)
    }

    /// The application of one window node (a GET_TREE node or an event's `container`), or
    /// nil for a node that is no window.
    static func application(of node: JSONValue) -> FocusedApplication? {
        let type = string(node["type"])
        guard type == "con" || type == "floating_con" else { return nil }
        let properties = node["window_properties"]
        let names = [string(node["app_id"]), string(properties?["class"]), string(properties?["instance"])]
        let application = FocusedApplication(names: names.compactMap { $0 }, title: string(node["name"]))
        // A container that only holds others (a split) has focus only while it is selected
        // as a whole: no application.
        return application.names.isEmpty && node["pid"] == nil ? nil : application
    }

    /// The focused node, searched without recursion (the tree's depth is the sender's).
    private static func focusedNode(in tree: JSONValue) -> JSONValue? {
        var stack = [tree]
        while let node = stack.popLast() {
            if case .bool(true)? = node["focused"] { return node }
            for key in ["nodes", "floating_nodes"] {
                if case .array(let children)? = node[key] { stack.append(contentsOf: children) }
            }
        }
        return nil
    }

    private static func string(_ value: JSONValue?) -> String? {
        if case .string(let s)? = value { return s }
        return nil
    }
}
