import Foundation
import Tactile
import TactileJSON

/// The inputs the benchmarks run on, made in memory from seeded formulas.
enum Workloads {
    static let screen = DeviceDescription(id: 0, name: "Bench touchscreen", kind: .touchscreen,
                                          size: Size(width: 155, height: 87), pressure: true, slots: 10)

    /// One touch cycle of two fingers at 120 Hz: land, pinch and rotate while drifting,
    /// lift, pause; `frames` frames long. Gestures begin and end every cycle.
    static func twoFingerCycle(frames: Int = 600) -> [TouchFrame] {
        var out: [TouchFrame] = []
        for i in 0..<frames {
            let t = Timestamp(microseconds: Int64(i) * 8_333)
            var f = TouchFrame(time: t, device: 0)
            if i < frames - 60 {
                let u = Double(i) / Double(frames - 60)
                let span = 30 + 30 * sin(u * Double.pi)
                let angle = 4 * u
                let cx = 70 + 10 * u, cy = 43 + 5 * sin(u * 6)
                for (k, sign) in [(1, 1.0), (2, -1.0)] {
                    let p = Point(x: cx + sign * span / 2 * cos(angle), y: cy + sign * span / 2 * sin(angle))
                    f.contacts.append(Contact(id: k, position: p, pressure: Pressure(0.3 + 0.1 * u)))
                }
            }
            out.append(f)
        }
        return out
    }

    /// The same cycle as raw protocol B events of a virtual device, flattened.
    static func twoFingerEvents() -> (DeviceDescription, [EvdevEvent], TimeSpan) {
        var synth = EvdevSynthesizer(device: screen)
        let device = DeviceDescription(id: 0, name: screen.name, evdev: synth.caps)
        let cycle = twoFingerCycle()
        var events: [EvdevEvent] = []
        for f in cycle { events += synth.events(for: f).events }
        return (device, events, TimeSpan(microseconds: Int64(cycle.count) * 8_333))
    }

    /// Accelerometer samples at 100 Hz of a device turning back and forth.
    static func accelerometerSamples(count: Int) -> [AccelerometerSample] {
        (0..<count).map { i in
            let t = Double(i) / 100
            let roll = (Double.pi / 2) * (0.5 + 0.5 * sin(t / 3))
            let g = SpecificForce.standardGravity
            return AccelerometerSample(time: Timestamp(seconds: t), device: 1,
                                       force: SpecificForce(x: sin(roll) * g * 0.9, y: cos(roll) * g * 0.9, z: 0.43 * g))
        }
    }

    /// A trace of `frames` two-finger frames as JSON Lines text.
    static func twoFingerTraceText(frames: Int) -> [UInt8] {
        var text = InputDevices(devices: [screen]).encoded() + [0x0a]
        let cycle = twoFingerCycle()
        let length = TimeSpan(microseconds: Int64(cycle.count) * 8_333)
        var out = JSONOutput(capacity: 1 << 16)
        text.reserveCapacity(frames * 120)
        for i in 0..<frames {
            var f = cycle[i % cycle.count]
            f.time = f.time + length * Int64(i / cycle.count)
            out.clear()
            InputEvent.touches(f).encode(into: &out)
            out.byte(0x0a)
            text += out.bytes
        }
        return text
    }
}
