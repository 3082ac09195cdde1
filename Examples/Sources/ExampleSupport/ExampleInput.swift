import Tactile
import TactileLibinputRecord
import TactileLinux

/// Where an example app's input comes from: a recording (`INPUT`, in any format Tactile
/// reads) or live devices (`--device /dev/input/eventN`, repeated), and the one loop the
/// app runs over either.
public struct ExampleInput: Sendable {
    /// The recording, when not live.
    public var path: String?
    /// Live evdev nodes.
    public var devices: [String]

    public init(path: String?, devices: [String]) {
        self.path = path
        self.devices = devices
    }

    /// The input named on the command line.
    public init(_ arguments: Arguments) throws(UsageError) {
        self.init(path: arguments.positional.first, devices: arguments.values(of: "--device"))
        guard (path == nil) != devices.isEmpty else {
            throw UsageError("give one recording, or --device NODE for live input")
        }
    }

    /// Runs `body` on every event, in time order, until the recording ends or the live
    /// devices go away.
    // docs:begin one-loop
    public func forEachEvent(settings: GestureSettings = GestureSettings(),
                             orientation: OrientationSettings = OrientationSettings(),
                             isolation: isolated (any Actor)? = #isolation,
                             _ body: (AppEvent) throws -> Void) async throws {
        if let path {
            let events = try RecordingEvents(path: path, recordings: .all, settings: settings, orientation: orientation)
            for try await event in events { try body(event) }
        } else {
            let sources: [any LiveSource] = try devices.map { try EvdevSource(path: $0) }
            for try await event in LiveAppEvents(sources: sources, settings: settings, orientation: orientation) {
                try body(event)
            }
        }
    }
    // docs:end one-loop

    /// The touch surface of the first touch device, for apps that lay out on it before
    /// their loop starts: a live node's from the kernel's axis ranges and resolutions, a
    /// recording's from its header; nil when it has none, or for standard input (`-`),
    /// which can be read only once: by the loop.
    public func touchSurface() throws -> Size? {
        if let node = devices.first {
            // docs:begin live-size
            let device = try EvdevDevice(path: node)
            let description = device.description(id: 0)
            // nil when the kernel gives no resolution: the app then assumes a size.
            let size = description.kind == .touchscreen || description.kind == .touchpad ? description.size : nil
            // docs:end live-size
            return size
        }
        guard let path, path != "-" else { return nil }
        let devices = try RecordingEvents(path: path, recordings: .all).devices.devices
        return devices.first { $0.kind == .touchscreen || $0.kind == .touchpad }?.size
    }
}
