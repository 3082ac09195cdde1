import Tactile
import TactileTesting

/// SplitMix64 (TactileTesting's): a small, fast, seedable generator, so every random test
/// replays exactly.
typealias SplitMix64 = SeededRandom

/// Random but valid trace content: headers and events of every kind, with awkward
/// numbers (tiny, huge, negative zero, many digits).
struct RandomTraces {
    var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func awkwardDouble(_ range: ClosedRange<Double>) -> Double {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return 0
        case 1: return Double.random(in: range, using: &rng).rounded()
        case 2: return (Double.random(in: range, using: &rng) * 1000).rounded() / 1000
        case 3: return range.lowerBound
        default: return Double.random(in: range, using: &rng)
        }
    }

    mutating func header() -> InputDevices {
        var devices = [
            DeviceDescription(id: 0, name: "Screen \"α\"\n", kind: .touchscreen, size: Size(width: 150, height: 90.5),
                              pressure: true, slots: 10),
            DeviceDescription(id: 3, name: "Accel", kind: .accelerometer),
        ]
        if Bool.random(using: &rng) { devices[0].evdev = DeviceFixtures.touchscreen.evdev }
        return InputDevices(devices: devices, origin: Bool.random(using: &rng) ? Timestamp(microseconds: 1_330_496_004_684_626) : nil)
    }

    mutating func events(count: Int) -> [InputEvent] {
        var t: Int64 = 0
        var out: [InputEvent] = []
        for _ in 0..<count {
            t += Int64.random(in: 0...20_000, using: &rng)
            let time = Timestamp(microseconds: t)
            switch Int.random(in: 0..<3, using: &rng) {
            case 0:
                var f = TouchFrame(time: time, device: 0)
                let n = Int.random(in: 0...TouchFrame.capacity, using: &rng)
                var ids = Set<Int>()
                for _ in 0..<n {
                    var id = Int.random(in: 0...1_000_000, using: &rng)
                    while ids.contains(id) { id += 1 }
                    ids.insert(id)
                    var c = Contact(id: id, position: Point(x: awkwardDouble(-10...2000), y: awkwardDouble(0...1e6)))
                    if Bool.random(using: &rng) { c.pressure = Pressure(awkwardDouble(0...1)) }
                    if Bool.random(using: &rng) { c.major = Millimetres(awkwardDouble(0...30)) }
                    if Bool.random(using: &rng) { c.minor = Millimetres(awkwardDouble(0...30)) }
                    c.tool = [Tool.finger, .finger, .pen, .palm].randomElement(using: &rng)!
                    f.contacts.append(c)
                }
                if Int.random(in: 0..<5, using: &rng) == 0 { f.fingers = Int.random(in: 0...5, using: &rng) }
                if Int.random(in: 0..<5, using: &rng) == 0 { f.cancelled.append(Int.random(in: 0...99, using: &rng)) }
                out.append(.touches(f))
            case 1:
                out.append(.accel(AccelerometerSample(time: time, device: 3, force: SpecificForce(
                    x: awkwardDouble(-40...40), y: awkwardDouble(-40...40), z: awkwardDouble(-40...40)))))
            default:
                var events: [EvdevEvent] = []
                for _ in 0..<Int.random(in: 0...12, using: &rng) {
                    let skew = Bool.random(using: &rng) ? 0 : Int64.random(in: -50...0, using: &rng)
                    events.append(EvdevEvent(
                        type: EventType.abs, code: UInt16.random(in: 0...AbsCode.max, using: &rng),
                        value: Int32.random(in: .min ... .max, using: &rng), time: time + TimeSpan(microseconds: skew)))
                }
                events.append(EvdevEvent(type: 0, code: 0, value: 0, time: time))
                out.append(.evdev(device: 0, frame: EvdevFrame(events: events)))
            }
        }
        return out
    }
}
