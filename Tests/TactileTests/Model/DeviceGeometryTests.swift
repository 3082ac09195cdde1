import Tactile
import Testing
import TestSupport

struct DeviceGeometryTests {
    @Test func resolutionGivesTheSize() {
        #expect(DeviceFixtures.touchscreen.size == Size(width: 150, height: 90))
        #expect(DeviceFixtures.touchscreen.sizeSource == .resolution)
    }

    @Test func touchpadWithoutResolutionIsAssumedToBeLibinputsDefault() {
        #expect(DeviceFixtures.semiMTTouchpad.size == DeviceGeometry.assumedTouchpadSize)
        #expect(DeviceFixtures.semiMTTouchpad.sizeSource == .assumed)
    }

    @Test func touchscreenWithoutResolutionKeepsSquareUnits() {
        let g = DeviceGeometry(x: AbsInfo(minimum: 0, maximum: 2000), y: AbsInfo(minimum: 0, maximum: 1000), kind: .touchscreen)
        #expect(g.size == Size(width: 250, height: 125))
        #expect(g.mmPerUnitX == g.mmPerUnitY)
    }

    @Test func givenSizeRescales() {
        let g = DeviceFixtures.touchscreen.evdev!.geometry!.resized(to: Size(width: 300, height: 180))
        #expect(g.point(x: 1500, y: 900) == Point(x: 300, y: 180))
        #expect(g.sizeSource == .given)
    }

    @Test(.needsSharedRecordings, arguments: [
        (SharedRecording.threeM, DeviceKind.touchscreen), (.bcm5974, .touchpad), (.ntrig, .touchscreen),
        (.wetab, .touchscreen), (.atmelTaps, .touchscreen), (.synapticsScroll, .touchpad),
        (.wacom2fgTap, .touchscreen), (.intuosStylus, .other), (.dellCanvas, .touchscreen),
    ])
    func kindOfRealDevices(_ recording: SharedRecording, _ kind: DeviceKind) throws {
        var reader = try TactileTestsOpen(recording)
        #expect(reader.header.devices[0].kind == kind)
        _ = try reader.next()
    }
}
