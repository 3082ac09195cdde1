extension GestureKind {
    /// The gesture a person names `name`: its name in lines (`longPress`), or `hold`, the
    /// long press as bindings and libinput name it. One rule for every reader of a name a
    /// person types (`recognize --gestures`, `serve`'s filter), so they accept the same words.
    public init?(named name: String) {
        if let kind = GestureKind(rawValue: name) { self = kind } else if name == "hold" { self = .longPress } else { return nil }
    }
}
