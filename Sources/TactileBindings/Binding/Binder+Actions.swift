import Tactile

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A run of a binding as what it does: its command's argv, environment and standard
/// input, with the values it names.
extension Binder {
    func action(_ index: Int, _ r: Reading, _ device: Device, sign: Int, steps: Int) -> BoundAction {
        let b = config.bindings[index]
        guard case .gesture(let t) = b.trigger else { preconditionFailure("a gesture action of an orientation binding") }
        let g = r.event
        let progress: Double
        if let every = t.every {
            let step = stepSize(every, t, r, device, direction: t.direction ?? r.direction)
            let v = Swift.abs(measure(t, r, device, direction: t.direction ?? r.direction))
            progress = step > 0 ? (v / step).truncatingRemainder(dividingBy: 1) : 1
        } else if let threshold = t.threshold {
            let direction = t.direction ?? r.direction
            let goal: Double
            switch threshold.dimension {
            case .length: goal = length(threshold, device, direction: direction)
            case .scale: goal = threshold.value > 1 ? log(threshold.value) : 0
            case .angle, .time: goal = threshold.value
            }
            // Along the binding's direction, motion the other way is no progress; with none,
            // either way counts (a pinch without `in` or `out` as far as it went).
            let along = measure(t, r, device, direction: direction)
            let reached = t.direction == nil ? Swift.abs(along) : Swift.max(0, along)
            progress = goal > 0 ? Swift.min(1, reached / goal) : 1
        } else {
            progress = 1
        }
        func value(_ p: Placeholder) -> String? {
            switch p {
            case .time: return Self.seconds(g.time)
            case .device: return device.description.name
            case .gesture: return r.gesture.rawValue
            case .state: return r.phase.rawValue
            case .fingers: return String(r.fingers)
            case .direction: return r.direction?.rawValue
            case .edge: return r.corner?.rawValue ?? r.edge?.rawValue
            case .button: return r.button?.rawValue
            case .taps: return r.taps.map(String.init)
            case .x: return Self.number(g.location.x)
            case .y: return Self.number(g.location.y)
            case .dx: return r.gesture.measure == .length ? Self.number(r.translation.x) : nil
            case .dy: return r.gesture.measure == .length ? Self.number(r.translation.y) : nil
            case .scale: return r.gesture.measure == .scale ? Self.number(r.scale) : nil
            case .rotation: return r.gesture.measure == .angle ? Self.number(r.degrees) : nil
            case .pressure: return r.pressure.map(Self.number)
            case .progress: return Self.number(progress)
            case .sign: return sign >= 0 ? "+" : "-"
            case .steps: return String(steps)
            case .app: return focusedApplication?.first
            case .orientation, .previous, .angle, .xrandr, .transform, .libinputMatrix, .x11Matrix: return nil
            }
        }
        return Self.make(index, b, time: g.time, value, stdin: RecognizedEvent.gesture(g).jsonLine)
    }

    func orientationAction(_ index: Int, _ o: OrientationEvent, _ device: Device) -> BoundAction {
        let outputs = OrientationOutputs(o.orientation)
        func value(_ p: Placeholder) -> String? {
            switch p {
            case .time: return Self.seconds(o.time)
            case .device: return device.description.name
            case .orientation: return o.orientation.rawValue
            case .previous: return o.previous?.rawValue ?? "unknown"
            case .angle: return String(outputs.angle)
            case .xrandr: return outputs.xrandr
            case .transform: return outputs.swayTransform
            case .libinputMatrix: return OrientationOutputs.text(outputs.libinputMatrix)
            case .x11Matrix: return OrientationOutputs.text(outputs.x11Matrix)
            default: return nil
            }
        }
        return Self.make(index, config.bindings[index], time: o.time, value, stdin: RecognizedEvent.orientation(o).jsonLine)
    }

    static func make(_ index: Int, _ b: Binding, time: Timestamp, _ value: (Placeholder) -> String?,
                             stdin: @autoclosure () -> String) -> BoundAction {
        var environment: [CommandInvocation.Variable] = []
        for p in Placeholder.allCases {
            if let v = value(p) { environment.append(.init(name: p.environmentName, value: v)) }
        }
        guard let command = b.command else { preconditionFailure("a command action of a binding without one") }
        let invocation = CommandInvocation(argv: command.argv { value($0) ?? "" }, environment: environment,
                                           stdin: command.stdinJSON ? stdin() + "\n" : nil, label: "line \(b.line)", eventTime: time)
        return BoundAction(time: time, binding: index, line: b.line, effect: .command(invocation))
    }

    /// Seconds with microseconds, as the output lines write time.
    static func seconds(_ t: Timestamp) -> String {
        let us = t.microseconds
        let sign = us < 0 ? "-" : ""
        let a = us.magnitude
        let frac = String(a % 1_000_000)
        return sign + String(a / 1_000_000) + "." + String(repeating: "0", count: 6 - frac.count) + frac
    }

    /// A value rounded to 4 decimals, written shortest (`12.5`, `-3`, `0.3333`).
    static func number(_ v: Double) -> String {
        let r = (v * 10_000).rounded() / 10_000
        if r == r.rounded() && Swift.abs(r) < 1e15 { return String(Int(r)) }
        return String(r)
    }
}
