import Testing
@testable import Tactile

/// The synthesizer must write what a reader of a real device could see: the kernel drops
/// a value equal to the one it holds (per slot for multitouch axes, kept across contacts),
/// so a replayed stream recorded back is the same stream.
@Suite struct EvdevSynthesizerTests {
    static let screen = DeviceDescription(id: 0, name: "s", kind: .touchscreen, size: Size(width: 100, height: 60))

    func frame(_ t: Int64, _ contacts: [(Int, Double, Double)]) -> TouchFrame {
        var f = TouchFrame(time: Timestamp(microseconds: t), device: 0)
        for (id, x, y) in contacts { f.contacts.append(Contact(id: id, position: Point(x: x, y: y))) }
        return f
    }

    func codes(_ f: EvdevFrame) -> [[Int32]] { f.events.map { [Int32($0.type), Int32($0.code), $0.value] } }

    @Test func aNewContactSendsOnlyWhatDiffersFromTheSlotsLastValues() {
        var s = EvdevSynthesizer(device: Self.screen)
        // The first contact: the tool type (finger, 0) is the slot's initial value: not sent.
        let down = codes(s.events(for: frame(0, [(1, 10, 20)])))
        #expect(down == [[3, 57, 0], [3, 53, 200], [3, 54, 400], [1, 330, 1], [3, 0, 200], [3, 1, 400], [0, 0, 0]])
        _ = s.events(for: frame(10_000, []))
        // A second contact in the same slot at the same x: only the new tracking id and y.
        let again = codes(s.events(for: frame(20_000, [(2, 10, 25)])))
        #expect(again == [[3, 57, 1], [3, 54, 500], [1, 330, 1], [3, 1, 500], [0, 0, 0]])
    }

    @Test func theAssemblerReadsTheSparseStreamBackToTheSameFrames() {
        var s = EvdevSynthesizer(device: Self.screen)
        var device = Self.screen
        device.evdev = s.caps
        device = DeviceDescription(id: 0, name: "s", evdev: s.caps)
        var a = FrameAssembler(device: device)
        let frames = [frame(0, [(1, 10, 20)]), frame(1, []), frame(2, [(2, 10, 25)]), frame(3, [(2, 10, 25), (3, 40, 25)]), frame(4, [])]
        for f in frames {
            var out: FrameAssembler.Output?
            for e in s.events(for: f).events { if let o = a.process(e) { out = o } }
            guard case .touches(let got)? = out else { Issue.record("no frame for \(f)"); continue }
            #expect(got.contacts.map(\.position) == f.contacts.map(\.position))
        }
    }

    @Test func anAccelerometerAxisThatDidNotChangeIsLeftOut() {
        var s = EvdevSynthesizer(device: DeviceDescription(id: 1, name: "a", kind: .accelerometer))
        let g = SpecificForce.standardGravity
        let first = codes(s.events(for: AccelerometerSample(time: .zero, device: 1, force: SpecificForce(x: 0, y: g, z: 0))))
        #expect(first == [[3, 0, 0], [3, 1, 16384], [3, 2, 0], [0, 0, 0]])
        let second = codes(s.events(for: AccelerometerSample(time: .zero, device: 1, force: SpecificForce(x: 0, y: g, z: g / 2))))
        #expect(second == [[3, 2, 8192], [0, 0, 0]])
    }
}
