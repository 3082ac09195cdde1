#if canImport(Glibc)
import Glibc
#endif
import Testing
import Tactile
@testable import TactileLinux

/// A fake `/sys/bus/iio/devices/iio:deviceN` in a temporary folder.
struct FakeIIODevice {
    let root: String
    let directory: String

    init(files: [String: String]) {
        var template = Array("/tmp/tactile-iio-XXXXXX".utf8CString)
        root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        directory = root + "/iio:device0"
        mkdir(directory, 0o755)
        for (name, text) in files { write(name, text) }
    }

    func write(_ name: String, _ text: String) {
        let fd = open(directory + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    func remove() { _ = system("rm -rf '\(root)'") }
}

@Suite struct IIOAccelerometerTests {
    static let phone = [
        "name": "accel_3d\n",
        "in_accel_x_raw": "12\n", "in_accel_y_raw": "-1000\n", "in_accel_z_raw": "0\n",
        "in_accel_scale": "0.009806650\n", "in_accel_offset": "2\n",
        "in_accel_mount_matrix": "0, 1, 0; -1, 0, 0; 0, 0, 1\n",
    ]

    /// The phone's accelerometer opened through a kernel the test plays.
    static func throughFakeKernel(_ fake: FakeIIODevice) throws -> (IIOAccelerometer, FakeKernel) {
        let kernel = FakeKernel()
        return (try IIOAccelerometer(directory: fake.directory, rate: 100, udev: { _ in nil }, system: kernel.calls), kernel)
    }

    @Test func anUnpluggedAccelerometerEndsWithItsRemoval() throws {
        let fake = FakeIIODevice(files: Self.phone)
        defer { fake.remove() }
        let (a, kernel) = try Self.throughFakeKernel(fake)
        var ids = DeviceIDs()
        var out: [LiveEvent] = []
        #expect(try a.read(now: Timestamp(microseconds: 5), ids: &ids, into: &out))
        kernel.locked { kernel.readAtFails = .noDevice }
        out.removeAll()
        #expect(try !a.read(now: Timestamp(microseconds: 10_005), ids: &ids, into: &out))
        guard case .removed(let device)? = out.first, out.count == 1 else { Issue.record("got \(out)"); return }
        #expect(device == 0)
    }

    @Test func aReadingThatFailsOrIsNoNumberNamesTheDevice() throws {
        let fake = FakeIIODevice(files: Self.phone)
        defer { fake.remove() }
        let (a, kernel) = try Self.throughFakeKernel(fake)
        var ids = DeviceIDs()
        var out: [LiveEvent] = []
        fake.write("in_accel_y_raw", "garbage\n")
        #expect(throws: TactileError(.ioError, file: fake.directory, "cannot read its in_accel_*_raw: Input/output error")) {
            try a.read(now: Timestamp(microseconds: 5), ids: &ids, into: &out)
        }
        fake.write("in_accel_y_raw", "7\n")
        kernel.locked { kernel.readAtFails = Errno(rawValue: EAGAIN) }
        #expect(throws: TactileError(.ioError, file: fake.directory, "cannot read its in_accel_*_raw: Resource temporarily unavailable")) {
            try a.read(now: Timestamp(microseconds: 10_005), ids: &ids, into: &out)
        }
    }

    @Test func readingIsRawPlusOffsetTimesScaleInMetresPerSecondSquared() throws {
        let fake = FakeIIODevice(files: Self.phone)
        defer { fake.remove() }
        let a = try IIOAccelerometer(directory: fake.directory, rate: 100)
        #expect(a.name == "accel_3d")
        #expect(a.interval == TimeSpan(microseconds: 10_000))
        #expect(a.mountMatrix == MountMatrix(rows: [[0, 1, 0], [-1, 0, 0], [0, 0, 1]]))
        var ids = DeviceIDs()
        var out: [LiveEvent] = []
        #expect(try a.read(now: Timestamp(microseconds: 5), ids: &ids, into: &out))
        guard out.count == 2, case .added(let d, let node, let matrix) = out[0],
              case .event(.accel(let s)) = out[1] else { Issue.record("got \(out)"); return }
        #expect(d.kind == .accelerometer && node == fake.directory && matrix != nil)
        // The opposite of the reading: IIO's upright is y = −1 g, Tactile's +1 g.
        #expect(abs(s.force.x - -14 * 0.00980665) < 1e-12)
        #expect(abs(s.force.y - 998 * 0.00980665) < 1e-12)
        #expect(abs(s.force.z - -2 * 0.00980665) < 1e-12)
        #expect(s.time == Timestamp(microseconds: 5))
        // Read again: sysfs regenerates the value, so a changed file is seen.
        fake.write("in_accel_z_raw", "-998\n")
        out.removeAll()
        _ = try a.read(now: Timestamp(microseconds: 10_005), ids: &ids, into: &out)
        guard case .event(.accel(let s2)) = out.first else { Issue.record("got \(out)"); return }
        #expect(abs(s2.force.z - 996 * 0.00980665) < 1e-12)
    }

    /// iio-sensor-proxy's own quirk test (test-orientation.c): an Onda v975's readings with
    /// its hwdb mount matrix are `normal` and `right-up`. Read by Tactile with the same
    /// matrix, from udev, they must be upright and right edge up: +1 g on y, then +1 g on x.
    /// The hwdb's matrix wins over the firmware's (sysfs), which it exists to correct.
    @Test(arguments: [((523, 13, 5), (0.0, 1.0)), ((8, 521, -67), (1.0, 0.0))])
    func aQuirkedDeviceReadsAsIioSensorProxyReadsIt(raw: (Int, Int, Int), up: (Double, Double)) throws {
        let fake = FakeIIODevice(files: [
            "in_accel_x_raw": "\(raw.0)\n", "in_accel_y_raw": "\(raw.1)\n", "in_accel_z_raw": "\(raw.2)\n",
            "in_accel_scale": "0.019163\n", "in_mount_matrix": "1, 0, 0; 0, 1, 0; 0, 0, 1\n",
        ])
        defer { fake.remove() }
        let a = try IIOAccelerometer(directory: fake.directory) { $0 == "ACCEL_MOUNT_MATRIX" ? "0, -1, 0; -1, 0, 0; 0, 0, 1" : nil }
        var ids = DeviceIDs(), out: [LiveEvent] = []
        _ = try a.read(now: .zero, ids: &ids, into: &out)
        guard case .event(.accel(let s)) = out.last, let matrix = a.mountMatrix else { Issue.record("got \(out)"); return }
        let f = matrix.apply(s.force)
        #expect(abs(f.x / 9.81 - up.0) < 0.15 && abs(f.y / 9.81 - up.1) < 0.15, "\(f)")
    }

    /// The sysfs names iio-sensor-proxy reads, in its order (bmc150, the commonest tablet
    /// sensor, has `in_mount_matrix`); a singular hwdb matrix (the BUSH tablet's repeats a
    /// row) is taken as iio-sensor-proxy takes it, a row of zeros is not.
    @Test func theMatrixIsFoundWhereIioSensorProxyFindsIt() throws {
        func matrix(_ files: [String: String], udev: String? = nil) throws -> MountMatrix? {
            let fake = FakeIIODevice(files: ["in_accel_x_raw": "0\n", "in_accel_y_raw": "0\n", "in_accel_z_raw": "0\n"].merging(files) { $1 })
            defer { fake.remove() }
            return try IIOAccelerometer(directory: fake.directory) { $0 == "ACCEL_MOUNT_MATRIX" ? udev : nil }.mountMatrix
        }
        let turned = MountMatrix(rows: [[0, 1, 0], [-1, 0, 0], [0, 0, 1]])
        #expect(try matrix(["in_mount_matrix": "0, 1, 0; -1, 0, 0; 0, 0, 1\n"]) == turned)
        #expect(try matrix(["mount_matrix": "0, 1, 0; -1, 0, 0; 0, 0, 1\n", "in_accel_mount_matrix": "1, 0, 0; 0, 1, 0; 0, 0, 1\n"]) == turned)
        #expect(try matrix([:]) == nil)
        #expect(try matrix([:], udev: "1, 0, 0; 0, -1, 0; 1, 0, 0") == MountMatrix(rows: [[1, 0, 0], [0, -1, 0], [1, 0, 0]]))
        #expect(try matrix([:], udev: "1, 0, 0; 0, 0, 0; 0, 0, 1") == nil)  // unusable: as if none
        #expect(throws: TactileError.self) { try matrix(["in_mount_matrix": "1, 0, 0; 0, 0, 0; 0, 0, 1\n"]) }
    }

    /// A convertible's base sensor is known by udev's ACCEL_LOCATION, sysfs `location`, or
    /// the label `accel-base`; anything else is the display's.
    @Test func theBaseOfAConvertibleIsToldApart() throws {
        func location(_ files: [String: String], udev: String? = nil) throws -> IIOAccelerometer.Location {
            let fake = FakeIIODevice(files: ["in_accel_x_raw": "0\n", "in_accel_y_raw": "0\n", "in_accel_z_raw": "0\n"].merging(files) { $1 })
            defer { fake.remove() }
            return try IIOAccelerometer(directory: fake.directory) { $0 == "ACCEL_LOCATION" ? udev : nil }.location
        }
        #expect(try location([:]) == .display)
        #expect(try location([:], udev: "base") == .base)
        #expect(try location(["location": "base\n"]) == .base)
        #expect(try location(["label": "accel-base\n"]) == .base)
        #expect(try location(["label": "accel-display\n"]) == .display)
        #expect(try location(["label": "accel-base\n"], udev: "display") == .display)
    }

    @Test func perAxisScaleWinsOverTheSharedOne() throws {
        var files = Self.phone
        files["in_accel_y_scale"] = "2\n"
        files["in_accel_offset"] = nil
        let fake = FakeIIODevice(files: files)
        defer { fake.remove() }
        let a = try IIOAccelerometer(directory: fake.directory)
        var ids = DeviceIDs(), out: [LiveEvent] = []
        _ = try a.read(now: .zero, ids: &ids, into: &out)
        guard case .event(.accel(let s)) = out.last else { Issue.record("got \(out)"); return }
        #expect(s.force.y == 2000)
        #expect(abs(s.force.x - -12 * 0.00980665) < 1e-12)
    }

    @Test func pollsKeepToTheirSchedule() throws {
        let fake = FakeIIODevice(files: Self.phone)
        defer { fake.remove() }
        let a = try IIOAccelerometer(directory: fake.directory, rate: 50)
        var ids = DeviceIDs(), out: [LiveEvent] = []
        let start = a.nextPoll!
        _ = try a.read(now: start, ids: &ids, into: &out)
        #expect(a.nextPoll == start + TimeSpan(microseconds: 20_000))
        // Far behind: the next poll is one interval from now, not a burst of missed ones.
        let late = start + TimeSpan.seconds(5)
        _ = try a.read(now: late, ids: &ids, into: &out)
        #expect(a.nextPoll == late + TimeSpan(microseconds: 20_000))
    }

    /// Expects opening the phone's files, with `name` holding `text` instead (nil: without
    /// it), to throw a `TactileError` that `matches` accepts, given the device's directory.
    static func opening(_ name: String, holding text: String?, throws matches: (TactileError, String) -> Bool,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        var files = phone
        files[name] = text
        let fake = FakeIIODevice(files: files)
        defer { fake.remove() }
        #expect(sourceLocation: sourceLocation) {
            _ = try IIOAccelerometer(directory: fake.directory)
        } throws: { e in
            guard let e = e as? TactileError else { return false }
            return matches(e, fake.directory)
        }
    }

    @Test func badFilesNameTheFile() {
        Self.opening("in_accel_scale", holding: "fast\n") { e, directory in
            e.kind == .badData && e.file == directory + "/in_accel_scale" && e.message.contains("fast")
        }
        Self.opening("in_accel_z_raw", holding: nil) { e, _ in e.kind == .noInput }
        Self.opening("in_accel_mount_matrix", holding: "1, 0; 0, 1\n") { e, directory in e.file == directory + "/in_accel_mount_matrix" }
    }

    @Test func discoveryFindsAccelerometersOnly() throws {
        let fake = FakeIIODevice(files: Self.phone)
        defer { fake.remove() }
        mkdir(fake.root + "/iio:device1", 0o755)  // a light sensor: no accel channels
        mkdir(fake.root + "/trigger0", 0o755)
        #expect(IIOAccelerometer.discover(root: fake.root) == [fake.directory])
        #expect(IIOAccelerometer.discover(root: fake.root + "/missing") == [])
    }
}
