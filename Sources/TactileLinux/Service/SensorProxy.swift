import Tactile

/// iio-sensor-proxy's D-Bus interface, `net.hadess.SensorProxy`, answered from Tactile's
/// orientation lines, so a desktop that rotates the screen with iio-sensor-proxy (mutter,
/// KWin, Phosh) uses Tactile's filter unchanged. Its members are iio-sensor-proxy's own
/// (3.x): the accelerometer is served; ambient light, proximity and the compass are
/// reported absent, and claiming them succeeds with nothing to report, as it does there on
/// a machine without them.
///
/// The orientation is that of the first accelerometer that decides one (a machine has one).
public final class SensorProxy {
    /// The bus name, object paths and interfaces, as iio-sensor-proxy exports them.
    public static let busName = "net.hadess.SensorProxy"
    /// The main object.
    public static let path = "/net/hadess/SensorProxy"
    /// The main interface.
    public static let interface = "net.hadess.SensorProxy"
    /// The compass object (only Geoclue may use it there).
    public static let compassPath = "/net/hadess/SensorProxy/Compass"
    /// The compass interface.
    public static let compassInterface = "net.hadess.SensorProxy.Compass"

    private let connection: DBusConnection
    /// Whether an accelerometer is there.
    public private(set) var hasAccelerometer: Bool
    /// The orientation served.
    public private(set) var orientation = SensorProxyOrientation.undefined
    /// The accelerometer whose orientation is served, once one has decided.
    public private(set) var device: Int?
    /// The bus names holding a claim on the accelerometer.
    public private(set) var claims: Set<String> = []

    /// Exports the objects on `connection` and takes the bus name (after exporting, so a
    /// client that sees the name appear finds the objects).
    public init(connection: DBusConnection, hasAccelerometer: Bool) throws(TactileError) {
        self.connection = connection
        self.hasAccelerometer = hasAccelerometer
        let main = DBusObject(
            path: Self.path, interface: Self.interface,
            properties: [("HasAccelerometer", "b"), ("AccelerometerOrientation", "s"), ("HasAmbientLight", "b"),
                         ("LightLevelUnit", "s"), ("LightLevel", "d"), ("HasProximity", "b"), ("ProximityNear", "b")],
            methods: ["ClaimAccelerometer", "ReleaseAccelerometer", "ClaimLight", "ReleaseLight", "ClaimProximity",
                      "ReleaseProximity"],
            get: { [unowned self] name in self.value(of: name) },
            call: { [unowned self] (method: String, sender: String) throws(DBusCallError) in self.call(method, from: sender) })
        let compass = DBusObject(
            path: Self.compassPath, interface: Self.compassInterface,
            properties: [("HasCompass", "b"), ("CompassHeading", "d")],
            methods: ["ClaimCompass", "ReleaseCompass"],
            get: { name in name == "HasCompass" ? .bool(false) : .double(-1) },
            call: { (_: String, _: String) throws(DBusCallError) in })
        try connection.export(main)
        try connection.export(compass)
        // A client that exits without releasing its claim (or crashes) loses it, as in
        // iio-sensor-proxy.
        try connection.onNameVanished { [unowned self] name in self.claims.remove(name) }
        try connection.requestName(Self.busName)
    }

    /// A property's value, as iio-sensor-proxy gives it on a machine with only an
    /// accelerometer.
    func value(of property: String) -> DBusValue {
        switch property {
        case "HasAccelerometer": return .bool(hasAccelerometer)
        case "AccelerometerOrientation": return .string(orientation.rawValue)
        case "LightLevelUnit": return .string("lux")
        case "LightLevel": return .double(0)
        default: return .bool(false)  // HasAmbientLight, HasProximity, ProximityNear
        }
    }

    func call(_ method: String, from sender: String) {
        switch method {
        case "ClaimAccelerometer": claims.insert(sender)
        case "ReleaseAccelerometer": claims.remove(sender)
        default: break  // light and proximity: nothing to read, nothing to hold
        }
    }

    /// An accelerometer appeared or the last one went away.
    public func setHasAccelerometer(_ present: Bool) throws(TactileError) {
        guard present != hasAccelerometer else { return }
        hasAccelerometer = present
        var changed = ["HasAccelerometer"]
        if !present {
            device = nil
            if orientation != .undefined { orientation = .undefined; changed.append("AccelerometerOrientation") }
        }
        try connection.emitPropertiesChanged(path: Self.path, interface: Self.interface, names: changed)
    }

    /// Takes an orientation line; emits PropertiesChanged when the served value changes.
    public func update(_ line: OrientationEvent) throws(TactileError) {
        if device == nil { device = line.device }
        guard line.device == device else { return }
        let value = SensorProxyOrientation(line.orientation)
        guard value != orientation else { return }
        orientation = value
        try connection.emitPropertiesChanged(path: Self.path, interface: Self.interface, names: ["AccelerometerOrientation"])
    }
}
