/// Turns one device's raw values into the event model's units: positions and contact
/// sizes to millimetres, pressure to 0...1, accelerometer counts to m/s².
struct AxisScale {
    var geometry: DeviceGeometry?
    var pressureMin: Double = 0
    var pressureSpan: Double = 1
    var hasPressure = false
    /// Units per millimetre of ABS_MT_TOUCH_MAJOR / MINOR.
    var majorUnitsPerMM: Double = 1
    var minorUnitsPerMM: Double = 1
    /// m/s² per accelerometer unit, per axis.
    var accelScale: (Double, Double, Double) = (0, 0, 0)

    /// Accelerometer resolution fallback: a device that gives no resolution is assumed to
    /// span ±2 g over its axis range, the most common full-scale setting.
    static let assumedAccelerometerRange = 2.0

    init(caps: EvdevCapabilities, size: Size?) {
        var g = caps.geometry
        if let size, let current = g { g = current.resized(to: size) }
        geometry = g
        if let p = caps.pressureAxis {
            hasPressure = true
            pressureMin = Double(p.minimum)
            pressureSpan = p.span
        }
        // Contact size has the resolution of its own axis, else of the x axis.
        let xPerMM = g?.unitsPerMMX ?? 1
        if let major = caps.absinfo[AbsCode.mtTouchMajor] {
            majorUnitsPerMM = major.resolution > 0 ? Double(major.resolution) : xPerMM
        }
        if let minor = caps.absinfo[AbsCode.mtTouchMinor] {
            minorUnitsPerMM = minor.resolution > 0 ? Double(minor.resolution) : xPerMM
        }
        func perUnit(_ code: UInt16) -> Double {
            guard let a = caps.absinfo[code] else { return 0 }
            let unitsPerG = a.resolution > 0
                ? Double(a.resolution)
                : Swift.max(1, Double(Swift.max(a.maximum.magnitude, a.minimum.magnitude))) / Self.assumedAccelerometerRange
            return SpecificForce.standardGravity / unitsPerG
        }
        accelScale = (perUnit(AbsCode.x), perUnit(AbsCode.y), perUnit(AbsCode.z))
    }

    @inline(__always) func pressure(_ raw: Int32) -> Pressure {
        Pressure((Double(raw) - pressureMin) / pressureSpan)
    }
}
