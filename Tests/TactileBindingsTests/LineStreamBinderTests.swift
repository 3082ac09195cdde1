import Foundation
import Testing
import Tactile
import TactileBindings

/// Lines read second hand, one at a time (`bind --socket`), bind as the live binder binds
/// them a frame at a time: the same actions for the same strokes.
@Suite struct LineStreamBinderTests {
    static let device = BinderTests.device
    static let yaml = """
        bindings:
          - {gesture: swipe, direction: left, command: [back]}
          - {gesture: swipe, direction: right, threshold: 20mm, command: [forward]}
          - {gesture: pan, direction: horizontal, repeat: {every: 10mm}, command: [step, "{sign}"]}
          - {gesture: pinch, threshold: 1.2x, command: [zoom, "{direction}"]}
          - {gesture: tap, command: [tap]}
        """

    /// The recognizer's lines for `events`, one by one.
    static func lines(_ events: [InputEvent]) -> [RecognizedEvent] {
        var recognition = Recognition(devices: InputDevices(devices: [device]))
        var out: [RecognizedEvent] = []
        for e in events { recognition.process(e, into: &out) }
        recognition.finish(into: &out)
        return out
    }

    static func streamed(_ yaml: String, _ lines: [RecognizedEvent], device: DeviceDescription = device) throws -> [BoundAction] {
        var binder = LineStreamBinder(config: try BindingConfig.parse(yaml, file: "test.yaml"))
        var out: [BoundAction] = []
        binder.add(device, node: nil, into: &out)
        for line in lines { binder.handle(line, into: &out) }
        binder.finish(into: &out)
        return out
    }

    /// Two fingers on a line through the middle, `from` mm apart to `to` mm apart in 500 ms.
    static func spread(from: Double, to: Double) -> [InputEvent] {
        var out: [InputEvent] = []
        for k in 0...50 {
            let half = (from + (to - from) * Double(k) / 50) / 2
            var f = TouchFrame(time: Timestamp(microseconds: Int64(10_000 * (k + 1))), device: 0)
            f.contacts.append(Contact(id: 0, position: Point(x: 75 - half, y: 45)))
            f.contacts.append(Contact(id: 1, position: Point(x: 75 + half, y: 45)))
            out.append(.touches(f))
        }
        out.append(.touches(TouchFrame(time: Timestamp(microseconds: 530_000), device: 0)))
        return out
    }

    static let strokes: [(String, [InputEvent])] = [
        ("a fast swipe left", BinderTests.stroke(from: [Point(x: 120, y: 45)], by: Point(x: -80, y: 0), ms: 150)),
        ("a slow stroke right", BinderTests.stroke(from: [Point(x: 30, y: 45)], by: Point(x: 60, y: 0), ms: 900)),
        ("a pinch out", spread(from: 30, to: 70)),
        ("a turn", BinderTests.turn(degrees: 60)),
    ]

    @Test(arguments: strokes.indices)
    func linesOneByOneBindAsFramesDo(_ i: Int) throws {
        let (name, events) = Self.strokes[i]
        let config = try BindingConfig.parse(Self.yaml, file: "test.yaml")
        let live = boundActions(config, InputDevices(devices: [Self.device]), events)
        let streamed = try Self.streamed(Self.yaml, Self.lines(events))
        #expect(streamed.map(\.argv) == live.map(\.argv), "\(name)")
        #expect(streamed.map(\.time) == live.map(\.time), "\(name)")
    }

    @Test func aSlowStrokeRunsTheSwipeBindingOnceAtTheEndOfItsFrame() throws {
        let actions = try Self.streamed(Self.yaml, Self.lines(Self.strokes[1].1))
        #expect(actions.filter { $0.argv == ["forward"] }.count == 1, "\(actions.map(\.argv))")
        #expect(actions.filter { $0.argv == ["step", "+"] }.count == 6, "\(actions.map(\.argv))")
    }

    @Test func linesOfADeviceTheConfigurationDoesNotSelectAreDropped() throws {
        let yaml = "devices: [{name: 'Other*'}]\n" + Self.yaml
        #expect(try Self.streamed(yaml, Self.lines(Self.strokes[0].1)).isEmpty)
        #expect(!(try Self.streamed(Self.yaml, Self.lines(Self.strokes[0].1))).isEmpty)
    }

    @Test func aReloadSelectsAnewAmongTheDevicesToldOf() throws {
        var binder = LineStreamBinder(config: try BindingConfig.parse("devices: [{name: 'Other*'}]\n" + Self.yaml, file: "a.yaml"))
        var out: [BoundAction] = []
        binder.add(Self.device, node: nil, into: &out)
        let lines = Self.lines(Self.strokes[0].1)
        for line in lines { binder.handle(line, into: &out) }
        binder.endFrame(into: &out)
        #expect(out.isEmpty)
        binder.reload(try BindingConfig.parse(Self.yaml, file: "b.yaml"), into: &out)
        for line in lines { binder.handle(line, into: &out) }
        binder.finish(into: &out)
        #expect(out.map(\.argv).contains(["back"]), "\(out.map(\.argv))")
        // A device that went takes its lines with it.
        binder.remove(device: Self.device.id, into: &out)
        let before = out.count
        for line in lines { binder.handle(line, into: &out) }
        binder.finish(into: &out)
        #expect(out.count == before)
    }
}
