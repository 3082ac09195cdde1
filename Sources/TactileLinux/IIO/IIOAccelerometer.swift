#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// An Industrial I/O accelerometer (`/sys/bus/iio/devices/iio:deviceN`), the way most
/// phones, tablets and convertibles expose theirs, polled at a fixed rate.
///
/// A reading is `(in_accel_{x,y,z}_raw + offset) × scale` in m/s² (the IIO ABI). The
/// mount matrix and the sensor's place are looked up as iio-sensor-proxy looks them up,
/// so that one hwdb serves both: udev's `ACCEL_MOUNT_MATRIX` first (systemd's hwdb quirks,
/// which exist to correct what the firmware says), then sysfs `mount_matrix`,
/// `in_accel_mount_matrix`, `in_mount_matrix`; udev's `ACCEL_LOCATION`, then sysfs
/// `location`, then the label `accel-base`.
///
/// The sample is the reading's opposite. Tactile's samples are specific force (upright,
/// y ≈ +9.81), but Linux IIO accelerometers as the desktop reads them point the other
/// way: iio-sensor-proxy takes a device upright in its natural orientation to read
/// y = −1 g after the mount matrix (its own test of `orientation_calc`), the Windows
/// convention the HID and ACPI sensors of tablets and convertibles follow, and every
/// `ACCEL_MOUNT_MATRIX` in systemd's hwdb was written to make iio-sensor-proxy right. With
/// the same matrices, Tactile must read the same way, or every quirked convertible would
/// turn its screen upside down.
public final class IIOAccelerometer: LiveSource {
    /// The device's sysfs directory.
    public let directory: String
    /// The device's name.
    public let name: String
    /// How the sensor is mounted, when the system says (`ACCEL_MOUNT_MATRIX`, `mount_matrix`).
    public let mountMatrix: MountMatrix?
    /// Where the sensor is: in the display (the default), or in the base of a convertible,
    /// whose tilt is not the screen's.
    public let location: Location
    /// A sensor's place (udev's `ACCEL_LOCATION`).
    public enum Location: String, Sendable {
        /// In the display, or the only one: it says how the screen is held.
        case display
        /// In a convertible's keyboard base: not the screen's orientation.
        case base
    }
    /// Time between samples.
    public let interval: TimeSpan
    /// The raw readings of x, y and z (sysfs attributes, read again from their start).
    private let x: FileDescriptor, y: FileDescriptor, z: FileDescriptor
    private let scale: (Double, Double, Double)
    private let offset: (Double, Double, Double)
    private var id: Int?
    private var due: Timestamp

    /// Every IIO device under `root` with accelerometer channels, sorted by name.
    public static func discover(root: String = "/sys/bus/iio/devices") -> [String] {
        var found: [String] = []
        for name in DirectoryEntries.names(in: root) where name.hasPrefix("iio:device") {
            let path = root + "/" + name
            if FileSystem.isAccessible(path + "/in_accel_x_raw") { found.append(path) }
        }
        return found.sorted()
    }

    /// `rate` in samples per second. `udev` gives a udev property of the device (by default
    /// libudev's, for `directory`; a test passes its own), and `system` the kernel's calls
    /// its readings go through (a test's, to fail them).
    public init(directory: String, rate: Double = 50, udev: ((String) -> String?)? = nil,
                system: SystemCalls = .kernel) throws(TactileError) {
        self.directory = directory
        guard rate.isFinite, rate > 0 else { throw TactileError(.usage, "the accelerometer rate must be a positive number of Hz") }
        interval = TimeSpan(microseconds: Int64((1_000_000 / rate).rounded()))
        name = Self.text(directory + "/name") ?? "IIO accelerometer"
        func number(_ names: [String], default value: Double) throws(TactileError) -> Double {
            for n in names {
                guard let t = Self.text(directory + "/" + n) else { continue }
                guard let v = Double(t), v.isFinite else {
                    throw TactileError(.badData, file: directory + "/" + n, "not a number: \"\(t)\"")
                }
                return v
            }
            return value
        }
        scale = (try number(["in_accel_x_scale", "in_accel_scale"], default: 1),
                 try number(["in_accel_y_scale", "in_accel_scale"], default: 1),
                 try number(["in_accel_z_scale", "in_accel_scale"], default: 1))
        offset = (try number(["in_accel_x_offset", "in_accel_offset"], default: 0),
                  try number(["in_accel_y_offset", "in_accel_offset"], default: 0),
                  try number(["in_accel_z_offset", "in_accel_offset"], default: 0))
        let property = udev ?? { UdevProperties.value($0, forSysPath: directory) }
        var matrix = property("ACCEL_MOUNT_MATRIX").flatMap { try? MountMatrix(parsing: $0, system: true) }
        for n in ["mount_matrix", "in_accel_mount_matrix", "in_mount_matrix"] where matrix == nil {
            guard let t = Self.text(directory + "/" + n) else { continue }
            do { matrix = try MountMatrix(parsing: t, system: true) } catch { throw error.located(file: directory + "/" + n) }
        }
        mountMatrix = matrix
        let place = property("ACCEL_LOCATION") ?? Self.text(directory + "/location")
        location = place == "base" || (place == nil && Self.text(directory + "/label") == "accel-base") ? .base : .display
        func axis(_ name: String) throws(TactileError) -> FileDescriptor {
            let path = directory + "/in_accel_\(name)_raw"
            do throws(Errno) {
                return try .open(path, O_RDONLY, system: system)
            } catch {
                throw DeviceAccess.openError(path, errno: error.rawValue)
            }
        }
        x = try axis("x")
        y = try axis("y")
        z = try axis("z")
        due = MonotonicClock.now()
    }

    public var fd: Int32 { -1 }
    public var nextPoll: Timestamp? { due }

    public var description: DeviceDescription {
        DeviceDescription(id: id ?? 0, name: name, kind: .accelerometer)
    }

    public func read(now: Timestamp, ids: inout DeviceIDs, into out: inout [LiveEvent]) throws(TactileError) -> Bool {
        if id == nil {
            id = ids.take()
            out.append(.added(description, node: directory, mountMatrix: mountMatrix))
        }
        // The next poll keeps to the schedule, without catching up on missed ones.
        due = due + interval
        if due <= now { due = now + interval }
        var raw: (Double, Double, Double) = (0, 0, 0)
        do throws(Errno) {
            raw = (try Self.readNumber(x), try Self.readNumber(y), try Self.readNumber(z))
        } catch .noDevice, Errno(rawValue: ENOENT) {
            out.append(.removed(device: id!))
            return false
        } catch {
            throw TactileError(.ioError, file: directory, "cannot read its in_accel_*_raw: \(error)")
        }
        let force = SpecificForce(x: -(raw.0 + offset.0) * scale.0,
                                  y: -(raw.1 + offset.1) * scale.1,
                                  z: -(raw.2 + offset.2) * scale.2)
        out.append(.event(.accel(AccelerometerSample(time: now, device: id!, force: force))))
        return true
    }

    /// A sysfs attribute's text without its newline, or nil when it cannot be read.
    static func text(_ path: String) -> String? {
        guard let file = try? FileDescriptor.open(path, O_RDONLY) else { return nil }
        var buffer = [UInt8](repeating: 0, count: 256)
        guard let n = try? buffer.withUnsafeMutableBytes({ raw in Result { () throws(Errno) in try file.read(into: raw) } }).get() else {
            return nil
        }
        var s = String(decoding: buffer[0..<n], as: UTF8.self)
        while s.last == "\n" || s.last == " " { s.removeLast() }
        return s
    }

    /// Reads a sysfs number again from the start (sysfs regenerates it on every read);
    /// text that is not a number is `EIO`, as a driver's failed read would be.
    static func readNumber(_ file: borrowing FileDescriptor) throws(Errno) -> Double {
        var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let n = try withUnsafeMutableBytes(of: &buffer) { raw in
            Result { () throws(Errno) in try file.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<31]), at: 0) }
        }.get()
        let value = withUnsafeBytes(of: &buffer) { bytes -> Double? in
            var v: Int64 = 0, negative = false, digits = 0
            for (i, b) in bytes.prefix(n).enumerated() {
                if i == 0 && b == UInt8(ascii: "-") { negative = true; continue }
                guard b >= 0x30, b <= 0x39 else { break }
                v = v &* 10 &+ Int64(b - 0x30); digits += 1
                if digits > 18 { return nil }
            }
            return digits == 0 ? nil : Double(negative ? -v : v)
        }
        guard let value else { throw Errno.ioError }
        return value
    }
}
