import Tactile

/// A live source over one evdev node read through libevdev: raw frames, pressure and
/// contact size included, and accelerometers (which libinput ignores).
public final class EvdevSource: LiveSource {
    /// The device read.
    public let device: EvdevDevice
    /// What the device is, read once at opening (for choosing which nodes to read).
    public let kind: DeviceKind
    private var id: Int?
    private var frames: [EvdevFrame] = []
    private let mountMatrix: MountMatrix?

    /// Opens `path` (exit 66 when missing, 77 without permission); announces its device on the first read.
    public init(path: String) throws(TactileError) {
        device = try EvdevDevice(path: path)
        kind = device.description(id: 0).kind
        mountMatrix = UdevProperties.mountMatrix(forNode: path)
        frames.reserveCapacity(16)
    }

    public var fd: Int32 { device.fd }
    public var nextPoll: Timestamp? { nil }

    public func read(now: Timestamp, ids: inout DeviceIDs, into out: inout [LiveEvent]) throws(TactileError) -> Bool {
        let id: Int
        if let known = self.id {
            id = known
        } else {
            id = ids.take()
            self.id = id
            out.append(.added(device.description(id: id), node: device.path, mountMatrix: mountMatrix))
        }
        frames.removeAll(keepingCapacity: true)
        let result = try device.read(into: &frames)
        for f in frames { out.append(.event(.evdev(device: id, frame: f))) }
        if result == .gone {
            out.append(.removed(device: id))
            return false
        }
        return true
    }

    /// The `.added` event without reading, for callers that need descriptions up front
    /// (a recording's header).
    public func announce(ids: inout DeviceIDs) -> DeviceDescription {
        let id = ids.take()
        self.id = id
        return device.description(id: id)
    }
}
