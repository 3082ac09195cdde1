import Tactile

/// Which live sources a session reads: the nodes named, or the whole seat (every touch
/// device and accelerometer, evdev and IIO), through libevdev or libinput.
public enum LiveDiscovery {
    /// The sources for `options`. The seat's nodes that cannot be read are skipped; when
    /// none could be and one was denied, that denial is the error (exit 77 says what to do).
    public static func sources(_ o: LiveSession.Options) throws(TactileError) -> [any LiveSource] {
        if !o.devices.isEmpty {
            switch o.backend {
            case .libevdev:
                var s: [any LiveSource] = []
                for path in o.devices { s.append(try EvdevSource(path: path)) }
                return s
            case .libinput:
                // libinput ignores accelerometers: those are read through libevdev.
                var s: [any LiveSource] = []
                var touch: [String] = []
                for path in o.devices {
                    let source = try EvdevSource(path: path)
                    if source.kind == .accelerometer { s.append(source) } else { touch.append(path) }
                }
                if !touch.isEmpty { s.append(try LibinputSource(paths: touch)) }
                return s
            }
        }
        // The whole seat.
        var s: [any LiveSource] = []
        var denied: TactileError?
        for node in InputNodes.all() {
            do throws(TactileError) {
                let source = try EvdevSource(path: node)
                if reads(source, o) { s.append(source) }
            } catch {
                if error.kind == .noPermission { denied = error }
            }
        }
        if o.backend == .libinput { s.append(try LibinputSource(seat: "seat0")) }
        // A convertible's base accelerometer says nothing of how the screen is held (as
        // iio-sensor-proxy, only the display's is read).
        for dir in IIOAccelerometer.discover() {
            let a = try IIOAccelerometer(directory: dir, rate: o.accelRate)
            if a.location == .display { s.append(a) }
        }
        if s.isEmpty, let denied { throw denied }
        return s
    }

    /// A node that appeared while following: opened when it is one the session reads (and,
    /// with named devices, one of them).
    public static func follow(_ node: String, options o: LiveSession.Options) -> (any LiveSource)? {
        if !o.devices.isEmpty && !o.devices.contains(node) { return nil }
        if o.backend == .libinput {
            if !o.devices.isEmpty { return try? LibinputSource(paths: [node]) }
            // The seat's libinput context picks touch devices up by itself.
        }
        guard let source = try? EvdevSource(path: node), reads(source, o) else { return nil }
        return source
    }

    /// Whether a node is read through libevdev: accelerometers always (libinput ignores
    /// them), touch devices when libevdev is the backend, pen nodes when asked (`pens`).
    private static func reads(_ source: EvdevSource, _ o: LiveSession.Options) -> Bool {
        let backend = o.backend
        // A pass-through's copy is never read from the seat: its touches are a device's
        // already read (and a pass-through of it would copy it again).
        if DeviceCopy.isCopy(name: source.device.name) { return false }
        switch source.kind {
        case .accelerometer: return true
        case .touchscreen, .touchpad: return backend == .libevdev
        case .other: return o.pens && DeviceCopy.isPen(source.device.capabilities)
        }
    }
}
