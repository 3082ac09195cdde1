import Tactile

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Plays a `GestureScript` into frames: the fingers down, the time, the noise.
struct ScriptPlayer {
    let script: GestureScript
    private(set) var frames: [TouchFrame] = []
    private var time = TimeSpan.milliseconds(0)
    private var fingers: [(id: Int, position: Point)] = []
    /// The pen on the surface (`pen` step), drawn after the fingers in each frame.
    private var pen: (id: Int, position: Point)?
    private var pressure: Double?
    private var buttons: PhysicalButtons = []
    private var nextID = 1
    private var random: SeededRandom

    init(script: GestureScript) {
        self.script = script
        random = SeededRandom(seed: script.seed)
    }

    private var interval: TimeSpan { .seconds(1 / Swift.max(1, Swift.min(script.rate, 10_000))) }

    /// Where `n` fingers of a hand rest around `centre`: in a row 15 mm apart, as fingers
    /// of one hand land.
    func hand(_ n: Int, around centre: Point) -> [Point] {
        let n = Swift.max(1, Swift.min(n, 10))
        return (0..<n).map { k in Point(x: centre.x + 15 * (Double(k) - Double(n - 1) / 2), y: centre.y) }
    }

    mutating func play(_ step: GestureScript.Step) {
        let middle = script.middle
        switch step {
        case .tap(let fingers, let taps, let at):
            for k in 0..<Swift.max(1, Swift.min(taps, 10)) {
                if k > 0 { wait(.milliseconds(120)) }
                down(hand(fingers, around: at ?? middle), pressure: nil)
                wait(.milliseconds(60))
                liftAll()
            }
        case .hold(let fingers, let duration, let at):
            down(hand(fingers, around: at ?? middle), pressure: nil)
            wait(duration)
            liftAll()
        case .pan(let fingers, let by, let duration, let at):
            down(hand(fingers, around: at ?? middle), pressure: nil)
            wait(.milliseconds(40))  // the landing settles, as a hand's does
            move(by: by, duration: duration)
            liftAll()
        case .swipe(let fingers, let direction, let distance, let duration, let at):
            let d = distance.value
            let by: Vector
            switch direction {
            case .left: by = Vector(x: -d, y: 0)
            case .right: by = Vector(x: d, y: 0)
            case .up: by = Vector(x: 0, y: -d)
            case .down: by = Vector(x: 0, y: d)
            }
            // Start so that the stroke ends as far past the middle as it started before it.
            let start = (at ?? middle) - by * 0.5
            down(hand(fingers, around: start), pressure: nil)
            wait(.milliseconds(40))
            move(by: by, duration: duration)
            liftAll()
        case .edgeSwipe(let edge, let distance, let duration):
            let size = script.device.size ?? Size(width: 100, height: 60)
            let w = size.width.value, h = size.height.value, d = distance.value
            let (from, by): (Point, Vector)
            switch edge {
            case .left: (from, by) = (Point(x: 1, y: h / 2), Vector(x: d, y: 0))
            case .right: (from, by) = (Point(x: w - 1, y: h / 2), Vector(x: -d, y: 0))
            case .top: (from, by) = (Point(x: w / 2, y: 1), Vector(x: 0, y: d))
            case .bottom: (from, by) = (Point(x: w / 2, y: h - 1), Vector(x: 0, y: -d))
            }
            down([from], pressure: nil)
            move(by: by, duration: duration)
            liftAll()
        case .pinch(let fingers, let scale, let duration, let at):
            // A 40 mm span, smaller where a pinch out would leave a small surface.
            down(ring(fingers, around: at ?? middle, radius: Swift.min(20, reach / Swift.max(1, scale))), pressure: nil)
            wait(.milliseconds(40))
            spread(scale: scale, duration: duration)
            liftAll()
        case .rotate(let fingers, let degrees, let duration, let at):
            down(ring(fingers, around: at ?? middle, radius: Swift.min(20, reach)), pressure: nil)
            wait(.milliseconds(40))
            turn(degrees: degrees, duration: duration)
            liftAll()
        case .pinchRotate(let fingers, let scale, let degrees, let duration, let at):
            down(ring(fingers, around: at ?? middle, radius: Swift.min(20, reach / Swift.max(1, scale))), pressure: nil)
            wait(.milliseconds(40))
            spreadTurn(scale: scale, degrees: degrees, duration: duration)
            liftAll()
        case .press(let p, let duration, let at):
            down([at ?? middle], pressure: 0.1)
            wait(.milliseconds(40))
            pressTo(p, duration: duration)
            wait(.milliseconds(200))
            liftAll()
        case .click(let fingers, let at):
            down(hand(fingers, around: at ?? middle), pressure: nil)
            wait(.milliseconds(60))
            setButton(true)
            wait(.milliseconds(100))
            setButton(false)
            wait(.milliseconds(60))
            liftAll()
        case .down(let points, let p): down(points, pressure: p)
        case .move(let by, let duration): move(by: by, duration: duration)
        case .spread(let scale, let duration): spread(scale: scale, duration: duration)
        case .turn(let degrees, let duration): turn(degrees: degrees, duration: duration)
        case .spreadTurn(let scale, let degrees, let duration): spreadTurn(scale: scale, degrees: degrees, duration: duration)
        case .pressTo(let p, let duration): pressTo(p, duration: duration)
        case .wait(let duration): wait(duration)
        case .button(let down): setButton(down)
        case .pen(let at, let by, let duration): draw(at: at, by: by, duration: duration)
        case .lift: liftAll()
        }
    }

    /// The farthest a finger may be from the middle and stay on the surface: half its
    /// shorter side, less 2 mm.
    var reach: Double {
        let size = script.device.size ?? Size(width: 100, height: 60)
        return Swift.max(5, Swift.min(size.width.value, size.height.value) / 2 - 2)
    }

    /// Fingers evenly around a circle (two: a diameter, level).
    func ring(_ n: Int, around c: Point, radius r: Double) -> [Point] {
        let n = Swift.max(2, Swift.min(n, 10))
        return (0..<n).map { k in
            let a = Double.pi * (1 + 2 * Double(k) / Double(n))
            return Point(x: c.x + r * cos(a), y: c.y + r * sin(a))
        }
    }

    // MARK: Primitives

    mutating func down(_ points: [Point], pressure p: Double?) {
        for point in points.prefix(Swift.max(0, 10 - fingers.count)) {
            fingers.append((nextID, point))
            nextID += 1
        }
        if let p { pressure = p } else if script.device.pressure && pressure == nil { pressure = 0.3 }
        emit()
    }

    /// Frames over `duration` while `shape(fraction)` moves the fingers from where they were.
    private mutating func animate(_ duration: TimeSpan, _ shape: (Point, Double) -> Point, pressure target: Double? = nil) {
        let start = fingers.map(\.position), from = pressure
        let steps = Swift.max(1, Int((duration.seconds / interval.seconds).rounded()))
        for k in 1...steps {
            let s = Double(k) / Double(steps)
            time = time + .seconds(duration.seconds / Double(steps))
            for i in fingers.indices { fingers[i].position = shape(start[i], s) }
            if let target { pressure = (from ?? 0) + (target - (from ?? 0)) * s }
            emit()
        }
    }

    mutating func move(by: Vector, duration: TimeSpan) {
        animate(duration) { p, s in p + by * s }
    }

    private var centre: Point {
        guard !fingers.isEmpty else { return script.middle }
        let sum = fingers.reduce(Point(x: 0, y: 0)) { $0 + $1.position }
        return sum * (1 / Double(fingers.count))
    }

    mutating func spread(scale: Double, duration: TimeSpan) {
        spreadTurn(scale: scale, degrees: 0, duration: duration)
    }

    mutating func turn(degrees: Double, duration: TimeSpan) {
        spreadTurn(scale: 1, degrees: degrees, duration: duration)
    }

    /// The span grows linearly to `scale` while the fingers turn steadily by `degrees`
    /// (clockwise on screen, y down), both about the fingers' centre.
    mutating func spreadTurn(scale: Double, degrees: Double, duration: TimeSpan) {
        let c = centre, k = scale.isFinite && scale > 0 ? scale : 1
        let total = Angle(degrees: degrees.isFinite ? degrees : 0).radians
        animate(duration) { p, s in
            let a = total * s, d = (p - c) * (1 + (k - 1) * s)
            return c + Point(x: d.x * cos(a) - d.y * sin(a), y: d.x * sin(a) + d.y * cos(a))
        }
    }

    mutating func pressTo(_ p: Double, duration: TimeSpan) {
        animate(duration, { p0, _ in p0 }, pressure: Swift.max(0, Swift.min(1, p)))
    }

    mutating func wait(_ duration: TimeSpan) {
        if fingers.isEmpty {
            time = time + duration
        } else {
            animate(duration) { p, _ in p }
        }
    }

    /// The pen lands, is drawn in a straight line and lifts; the fingers stay still.
    mutating func draw(at: Point, by: Vector, duration: TimeSpan) {
        pen = (nextID, at)
        nextID += 1
        time = time + interval
        emit()
        let steps = Swift.max(1, Int((duration.seconds / interval.seconds).rounded()))
        for k in 1...steps {
            time = time + .seconds(duration.seconds / Double(steps))
            pen!.position = at + by * (Double(k) / Double(steps))
            emit()
        }
        pen = nil
        time = time + interval
        emit()
    }

    mutating func setButton(_ down: Bool) {
        buttons = down ? .left : []
        time = time + interval
        emit()
    }

    mutating func liftAll() {
        guard !fingers.isEmpty else { return }
        fingers.removeAll()
        buttons = []
        pressure = nil
        time = time + interval
        emit()
    }

    /// One frame of the fingers down now, each with its noise.
    private mutating func emit() {
        var f = TouchFrame(time: Timestamp(microseconds: time.microseconds), device: script.device.id)
        f.buttons = buttons
        let size = script.device.size
        for finger in fingers {
            var p = finger.position
            if script.noise.value > 0 {
                p = p + Point(x: random.gaussian() * script.noise.value, y: random.gaussian() * script.noise.value)
            }
            if let size {  // on the surface, as a device reports it
                p = Point(x: Swift.max(0, Swift.min(size.width.value, p.x)), y: Swift.max(0, Swift.min(size.height.value, p.y)))
            }
            let pr = script.device.pressure ? pressure.map { Pressure($0) } : nil
            f.contacts.append(Contact(id: finger.id, position: p, pressure: pr))
        }
        if let pen, f.contacts.count < TouchFrame.capacity {
            var p = pen.position
            if let size { p = Point(x: Swift.max(0, Swift.min(size.width.value, p.x)), y: Swift.max(0, Swift.min(size.height.value, p.y))) }
            f.contacts.append(Contact(id: pen.id, position: p, pressure: script.device.pressure ? Pressure(0.5) : nil, tool: .pen))
        }
        frames.append(f)
    }
}
