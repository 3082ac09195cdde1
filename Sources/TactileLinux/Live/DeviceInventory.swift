import Tactile

/// The input devices of this machine as `tactile devices` lists them: evdev nodes under
/// /dev/input (through libevdev) and IIO accelerometers under /sys/bus/iio/devices, each
/// with its description and, for an accelerometer, its mount matrix. Taken once, not
/// followed (a live session follows nodes with `LiveDiscovery`).
public struct DeviceInventory: Sendable {
    /// One device found.
    public struct Entry: Sendable {
        /// The evdev node, or the IIO device's sysfs directory.
        public var node: String
        /// What it is and what it reports.
        public var description: DeviceDescription
        /// An accelerometer's mount matrix (udev's, or the IIO device's own), when it has one.
        public var mountMatrix: MountMatrix?
    }

    /// The devices found: evdev nodes first, then IIO accelerometers.
    public private(set) var entries: [Entry] = []
    /// Nodes and IIO devices that could not be read, in the order met; permission denials
    /// are kept apart, in `denied`.
    public private(set) var problems: [TactileError] = []
    /// The last permission denial, when a node could not be opened for want of permission.
    public private(set) var denied: TactileError?
    /// The evdev nodes /dev/input has.
    public private(set) var nodes = 0
    /// Of those, the ones that opened.
    public private(set) var opened = 0

    /// Looks at every node and IIO device now: the touch devices and accelerometers, or
    /// with `all` every input device. An accelerometer in a convertible's base is listed
    /// with "(in the base: not read)" after its name, since live sessions skip it.
    public static func take(all: Bool = false) -> DeviceInventory {
        var found = DeviceInventory()
        let nodes = InputNodes.all()
        found.nodes = nodes.count
        for node in nodes {
            do throws(TactileError) {
                let device = try EvdevDevice(path: node)
                found.opened += 1
                let d = device.description(id: 0)
                guard all || InputNodes.isTouchOrMotion(d) else { continue }
                let matrix = d.kind == .accelerometer ? UdevProperties.mountMatrix(forNode: node) : nil
                found.entries.append(Entry(node: node, description: d, mountMatrix: matrix))
            } catch {
                if error.kind == .noPermission { found.denied = error } else { found.problems.append(error) }
            }
        }
        for dir in IIOAccelerometer.discover() {
            do throws(TactileError) {
                let a = try IIOAccelerometer(directory: dir)
                var d = a.description
                if a.location == .base { d.name += " (in the base: not read)" }
                found.entries.append(Entry(node: dir, description: d, mountMatrix: a.mountMatrix))
            } catch {
                found.problems.append(error)
            }
        }
        return found
    }
}
