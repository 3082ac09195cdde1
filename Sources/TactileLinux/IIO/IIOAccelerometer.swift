#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// An Industrial I/O accelerometer (`/sys/bus/iio/devices/iio:deviceN`), the way most
/// phones, tablets and convertibles expose theirs, polled at a fixed rate.
///
/// A reading is `(in_accel_{x,y,z}_raw + offset) × scale` in m/s² (the IIO ABI); the
/// mount matrix comes from `in_accel_mount_matrix` or `mount_matrix`, else from udev's
/// `ACCEL_MOUNT_MATRIX` when the caller passes it.
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
    /// How the sensor is mounted, when the system says (`mount_matrix`, `ACCEL_MOUNT_MATRIX`).
    public let mountMatrix: MountMatrix?
    /// Time between samples.
    public let interval: TimeSpan
    private var axes: [Int32] = []
    private let scale: (Double, Double, Double)
    private let offset: (Double, Double, Double)
    private var id: Int?
    private var due: Timestamp

    /// Every IIO device under `root` with accelerometer channels, sorted by name.
    public static func discover(root: String = "/sys/bus/iio/devices") -> [String] {
        var found: [String] = []
        for name in DirectoryEntries.names(in: root) where name.hasPrefix("iio:device") {
            let path = root + "/" + name
            if access(path + "/in_accel_x_raw", R_OK) == 0 { found.append(path) }
        }
        return found.sorted()
    }

    /// `rate` in samples per second.
    public init(directory: String, rate: Double = 50) throws(TactileError) {
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
        var matrix: MountMatrix?
        for n in ["in_accel_mount_matrix", "mount_matrix"] {
            guard let t = Self.text(directory + "/" + n) else { continue }
            do { matrix = try MountMatrix(parsing: t) } catch { throw error.located(file: directory + "/" + n) }
            break
        }
        mountMatrix = matrix
        for axis in ["x", "y", "z"] {
            let path = directory + "/in_accel_\(axis)_raw"
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            if fd < 0 {
                let code = errno
                for a in axes { close(a) }
                throw DeviceAccess.openError(path, errno: code)
            }
            axes.append(fd)
        }
        due = MonotonicClock.now()
    }

    deinit { for fd in axes { close(fd) } }

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
        var raw: [Double] = [0, 0, 0]
        for i in 0..<3 {
            guard let v = Self.readNumber(axes[i]) else {
                if errno == ENODEV || errno == ENOENT { out.append(.removed(device: id!)); return false }
                throw TactileError(.ioError, file: directory, "cannot read in_accel_\(["x", "y", "z"][i])_raw")
            }
            raw[i] = v
        }
        let force = SpecificForce(x: -(raw[0] + offset.0) * scale.0,
                                  y: -(raw[1] + offset.1) * scale.1,
                                  z: -(raw[2] + offset.2) * scale.2)
        out.append(.event(.accel(AccelerometerSample(time: now, device: id!, force: force))))
        return true
    }

    /// A sysfs attribute's text without its newline, or nil when it cannot be read.
    static func text(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 256) }
        guard n >= 0 else { return nil }
        var s = String(decoding: buffer[0..<n], as: UTF8.self)
        while s.last == "\n" || s.last == " " { s.removeLast() }
        return s
    }

    /// Reads a sysfs number again from the start (sysfs regenerates it on every read).
    static func readNumber(_ fd: Int32) -> Double? {
        var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let n = withUnsafeMutableBytes(of: &buffer) { pread(fd, $0.baseAddress, 31, 0) }
        guard n > 0 else { return nil }
        return withUnsafeBytes(of: &buffer) { bytes -> Double? in
            var v: Int64 = 0, negative = false, digits = 0
            for (i, b) in bytes.prefix(n).enumerated() {
                if i == 0 && b == UInt8(ascii: "-") { negative = true; continue }
                guard b >= 0x30, b <= 0x39 else { break }
                v = v &* 10 &+ Int64(b - 0x30); digits += 1
                if digits > 18 { return nil }
            }
            return digits == 0 ? nil : Double(negative ? -v : v)
        }
    }
}
