import Testing
@testable import TactileLinux

/// udev's view of a device, by node and by sysfs path: `/dev/null` is on every Linux
/// system, and its uevent names it (libudev reads that without udevd).
@Suite struct UdevPropertiesTests {
    @Test func aDeviceIsFoundByItsNodeAndByItsSysPath() {
        #expect(UdevProperties.value("DEVNAME", forNode: "/dev/null") == "/dev/null")
        #expect(UdevProperties.value("DEVNAME", forSysPath: "/sys/class/mem/null") == "/dev/null")
        #expect(UdevProperties.value("NO_SUCH_PROPERTY", forNode: "/dev/null") == nil)
        // Not a character device, not under /sys: nil, not a crash.
        #expect(UdevProperties.value("DEVNAME", forNode: "/etc/hostname") == nil)
        #expect(UdevProperties.value("DEVNAME", forSysPath: "/tmp") == nil)
    }
}
