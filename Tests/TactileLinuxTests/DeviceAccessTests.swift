#if canImport(Glibc)
import Glibc
#endif
import Testing
import Tactile
@testable import TactileLinux

@Suite struct DeviceAccessTests {
    @Test func aMissingNodeIsNoInput() {
        #expect {
            _ = try EvdevDevice(path: "/dev/input/event-none")
        } throws: { e in
            guard let e = e as? TactileError else { return false }
            return e.exitCode == 66 && e.file == "/dev/input/event-none"
        }
    }

    @Test func permissionDeniedSaysWhatToDo() {
        let e = DeviceAccess.openError("/dev/input/event3", errno: EACCES)
        #expect(e.exitCode == 77)
        #expect(e.message.contains("input") && e.message.contains("udev"))
        #expect(DeviceAccess.openError("/dev/input/event3", errno: ENODEV).kind == .unavailable)
    }

    @Test func aNodeThatIsNotEvdevIsRefused() {
        #expect {
            _ = try EvdevDevice(path: "/dev/null")
        } throws: { e in
            guard let e = e as? TactileError else { return false }
            return e.kind == .unavailable && e.message.contains("not an evdev device")
        }
    }

    @Test func inputNodesAreInNumericOrder() {
        var template = Array("/tmp/tactile-input-XXXXXX".utf8CString)
        let dir = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        defer { _ = system("rm -rf '\(dir)'") }
        for name in ["event10", "event2", "mouse0", "event0", "eventx"] { close(open(dir + "/" + name, O_CREAT | O_WRONLY, 0o644)) }
        #expect(InputNodes.all(directory: dir) == [dir + "/event0", dir + "/event2", dir + "/event10"])
    }
}
