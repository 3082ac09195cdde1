/// What a touch sequence's motion may be recognized as.
///
/// Touchscreens keep UIKit's semantics: pan, pinch and rotate run together (`any`).
/// Touchpads follow libinput's gesture state machine: once the fingers move, the motion
/// is classified as a pan (scroll, swipe) or a pinch (which may carry rotation), and stays
/// so until the finger count changes. A scroll never also reports pinch or rotate.
public enum MotionClass: Hashable, Sendable {
    /// A touchscreen: every motion gesture may run.
    case any
    /// A touchpad's fingers have not moved far enough to tell.
    case undecided
    /// Locked to moving together: a scroll or swipe, never a pinch.
    case pan
    /// Locked to spreading or turning: a pinch or rotate, never a scroll.
    case pinch

    /// Whether a pan may run.
    public var allowsPan: Bool {
        switch self {
        case .any, .pan: return true
        case .undecided, .pinch: return false
        }
    }

    /// Whether a pinch or rotation may run.
    public var allowsPinch: Bool {
        switch self {
        case .any, .pinch: return true
        case .undecided, .pan: return false
        }
    }
}
