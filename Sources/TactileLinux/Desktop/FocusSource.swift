import Tactile

/// One desktop's way of learning the focus (sway, Hyprland, X11, a command), driven by a
/// `FocusWatcher`'s thread and used by that thread alone.
///
/// The watcher opens the source, then waits until `fd` has input or `due` passes and calls
/// `update`; after any failure it closes the source and opens it again a second later. Each
/// call may block, but only on waits through the watcher's `StopSignal`, with deadlines.
protocol FocusSource: AnyObject {
    /// Connects (again, after a failure) and reads the focus as it is now.
    func open() throws(TactileError) -> FocusedApplication?
    /// The descriptor whose input may mean a change (the desktop's event stream); -1 for none.
    var fd: Int32 { get }
    /// When `update` is due without input (the command's next run); nil: on input only.
    var due: Timestamp? { get }
    /// `fd` has input or `due` has passed: read it all (the descriptor must not stay
    /// readable for something already seen, or the thread would spin), and say whether the
    /// focus changed.
    func update() throws(TactileError) -> FocusReading
    /// Closes every connection; `open` may follow.
    func close()
}

/// What a source learned from an update.
enum FocusReading: Equatable {
    /// Nothing that concerns the focus (an event about another window).
    case unchanged
    /// The focus as it is now: an application, or none (an empty workspace).
    case focus(FocusedApplication?)
}
