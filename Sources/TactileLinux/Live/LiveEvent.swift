import Tactile

/// What a live source reports: devices coming and going, and their events in the trace
/// model (raw evdev frames from libevdev, touch frames in mm from libinput, accelerometer
/// samples from IIO), so live input and recordings go through the same code.
public enum LiveEvent: Sendable {
    /// A device appeared (or was opened). `mountMatrix` is the accelerometer's, when the
    /// system knows it (IIO `mount_matrix`, udev's `ACCEL_MOUNT_MATRIX`).
    case added(DeviceDescription, node: String, mountMatrix: MountMatrix?)
    /// An event of a device already added.
    case event(InputEvent)
    /// The device went away (unplugged); its id is not reused.
    case removed(device: Int)
    /// A new input node appeared (`DeviceMonitor`); the caller decides whether to open it.
    case appeared(node: String)
}

/// Hands out device ids across every source of one `LiveInput`.
public struct DeviceIDs: Sendable {
    private var next = 0
    /// Ids from 0.
    public init() {}
    /// The next id.
    public mutating func take() -> Int { defer { next += 1 }; return next }
}

/// One source of live input: a file descriptor to wait on (or none, for a polled source)
/// and a way to read what is ready without blocking.
public protocol LiveSource: AnyObject {
    /// A descriptor that becomes readable when there is input, or -1 for a source that
    /// is polled on a schedule (`nextPoll`).
    var fd: Int32 { get }
    /// When a polled source wants `read` called next.
    var nextPoll: Timestamp? { get }
    /// Appends what is ready. Returns false once the source has nothing more to give
    /// (all its devices are gone).
    func read(now: Timestamp, ids: inout DeviceIDs, into out: inout [LiveEvent]) throws(TactileError) -> Bool
}
