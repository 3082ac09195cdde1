import Testing
import Tactile
import TactileLinux

/// What a pass-through's copy is made as: the device's description, named so Tactile never
/// reads it, with a palm tool for claiming, and no fuzz to alter values a second time.
@Suite struct DeviceCopyTests {
    static func touchscreen(toolType: AbsInfo? = nil) -> EvdevCapabilities {
        var caps = EvdevCapabilities(inputID: InputID(bustype: 3, vendor: 0x27c6, product: 0x0111, version: 1),
                                     properties: [InputProperty.direct])
        caps.codes[EventType.key] = [KeyCode.btnTouch]
        var abs = [AbsCode.x, AbsCode.y, AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID]
        for code in abs { caps.absinfo[code] = AbsInfo(minimum: 0, maximum: 4095, fuzz: 4, resolution: 10) }
        caps.absinfo[AbsCode.mtSlot] = AbsInfo(minimum: 0, maximum: 9)
        if let toolType { caps.absinfo[AbsCode.mtToolType] = toolType; abs.append(AbsCode.mtToolType) }
        caps.codes[EventType.abs] = abs.sorted()
        return caps
    }

    /// A 2-in-1's pen and touch nodes are one panel, as libinput's device groups have them:
    /// the same ids and place, whatever the interface; another panel, or a node that says
    /// nothing of where it is, is not.
    @Test func aPanelsPenAndTouchNodesShareAPanelAndOthersDoNot() {
        let usbTouch = DeviceCopy.panel(bus: 3, vendor: 0x056a, product: 0x5146, phys: "usb-0000:00:14.0-7/input0")
        let usbPen = DeviceCopy.panel(bus: 3, vendor: 0x056a, product: 0x5146, phys: "usb-0000:00:14.0-7/input1")
        let i2cTouch = DeviceCopy.panel(bus: 0x18, vendor: 0x04f3, product: 0x2a1c, phys: "i2c-ELAN9008:00")
        let i2cPen = DeviceCopy.panel(bus: 0x18, vendor: 0x04f3, product: 0x2a1c, phys: "i2c-ELAN9008:00")
        #expect(usbTouch != nil && usbTouch == usbPen)
        #expect(i2cTouch != nil && i2cTouch == i2cPen)
        #expect(usbTouch != i2cTouch)
        #expect(DeviceCopy.panel(bus: 3, vendor: 0x056a, product: 0x5146, phys: "usb-0000:00:14.0-8/input1") != usbTouch)
        #expect(DeviceCopy.panel(bus: 3, vendor: 0x056a, product: 0x5146, phys: "") == nil)
        // A pen node is a pen: a pen tool and a position, no touch of its own.
        var pen = EvdevCapabilities(inputID: InputID(bustype: 3, vendor: 0x056a, product: 0x5146, version: 1), properties: [InputProperty.direct])
        pen.codes[EventType.key] = [KeyCode.btnTouch, KeyCode.btnToolPen, KeyCode.btnToolRubber]
        pen.codes[EventType.abs] = [AbsCode.x, AbsCode.y]
        for code in [AbsCode.x, AbsCode.y] { pen.absinfo[code] = AbsInfo(minimum: 0, maximum: 30000, resolution: 100) }
        #expect(DeviceCopy.isPen(pen))
        #expect(!DeviceCopy.isPen(Self.touchscreen()))
    }

    @Test func theCopyHasThePalmToolItNeedsAndEverythingElseOfTheDevice() {
        let caps = Self.touchscreen()
        let copy = DeviceCopy.capabilities(of: caps)
        #expect(copy.absinfo[AbsCode.mtToolType]?.maximum == MTToolType.palm)
        #expect(copy.codes[EventType.abs]?.contains(AbsCode.mtToolType) == true)
        #expect(copy.codes[EventType.abs] == copy.codes[EventType.abs]?.sorted())
        #expect(copy.inputID == caps.inputID && copy.properties == caps.properties)
        #expect(copy.absinfo[AbsCode.mtPositionX] == caps.absinfo[AbsCode.mtPositionX])
    }

    @Test func aToolTypeThatStopsShortOfPalmIsWidened() {
        let copy = DeviceCopy.capabilities(of: Self.touchscreen(toolType: AbsInfo(minimum: 0, maximum: 1)))
        #expect(copy.absinfo[AbsCode.mtToolType]?.maximum == MTToolType.palm)
        #expect(copy.codes[EventType.abs]?.filter { $0 == AbsCode.mtToolType }.count == 1)
    }

    @Test func aDeviceWithoutSlotsIsCopiedAsItIs() {
        var caps = EvdevCapabilities()
        caps.codes[EventType.abs] = [AbsCode.x, AbsCode.y]
        caps.absinfo[AbsCode.x] = AbsInfo(minimum: 0, maximum: 100)
        caps.absinfo[AbsCode.y] = AbsInfo(minimum: 0, maximum: 100)
        #expect(DeviceCopy.capabilities(of: caps) == caps)
    }

    @Test func theCopysNameSaysWhatItIsAndFitsTheKernelsLimit() {
        #expect(DeviceCopy.name(for: "Goodix Capacitive TouchScreen") == "Goodix Capacitive TouchScreen (tactile)")
        #expect(DeviceCopy.isCopy(name: DeviceCopy.name(for: "ELAN0732:00 04F3:22E1")))
        #expect(!DeviceCopy.isCopy(name: "ELAN0732:00 04F3:22E1"))
        let long = DeviceCopy.name(for: String(repeating: "é", count: 100))
        #expect(long.utf8.count <= 79 && DeviceCopy.isCopy(name: long))
        #expect(DeviceCopy.name(for: "") == "touch device (tactile)")
    }
}
