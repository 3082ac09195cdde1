import TactileJSON
/// Reading a trace header: every field checked, every problem named with its path
/// (`devices[1].size`), unknown fields ignored so newer writers stay readable.
extension InputDevices {
    /// The devices of a trace's header line; throws what is wrong with it.
    public static func decode(_ line: UnsafeBufferPointer<UInt8>) throws(HeaderError) -> InputDevices {
        var scanner = JSONScanner(line)
        let value: JSONValue
        do {
            value = try scanner.value()
            try scanner.expectEnd()
        } catch {
            throw HeaderError("not a trace header: \(error.message) (column \(error.column))")
        }
        guard case .object = value else { throw HeaderError("the header must be a JSON object") }
        guard value["format"] == .string(format) else {
            throw HeaderError("not a tactile trace: the header has no \"format\":\"tactile-trace\"")
        }
        guard case .number(let v)? = value["version"] else { throw HeaderError("the header has no version") }
        guard v == Double(version) else {
            throw HeaderError("trace version \(v) is not supported (this tactile reads version \(version))")
        }
        var origin: Timestamp?
        if let o = value["origin"] {
            origin = Timestamp(seconds: try number(o, "origin"))
        }
        guard case .array(let list)? = value["devices"] else {
            throw HeaderError("the header has no \"devices\" array")
        }
        var devices: [DeviceDescription] = []
        for (i, item) in list.enumerated() {
            let d = try DeviceDescription.decode(item, path: "devices[\(i)]")
            if devices.contains(where: { $0.id == d.id }) {
                throw HeaderError("devices[\(i)].id: device id \(d.id) is listed twice")
            }
            devices.append(d)
        }
        return InputDevices(devices: devices, origin: origin)
    }
}

/// A problem in a header: the message names the field.
public struct HeaderError: Error, Sendable {
    /// What is wrong with the header.
    public var message: String
    init(_ message: String) { self.message = message }
}

func number(_ v: JSONValue, _ path: String) throws(HeaderError) -> Double {
    guard case .number(let n) = v else { throw HeaderError("\(path) must be a number, not \(v.typeName)") }
    return n
}

func integer<T: FixedWidthInteger>(_ v: JSONValue, _ path: String, as: T.Type = T.self) throws(HeaderError) -> T {
    let n = try number(v, path)
    guard n == n.rounded(), let i = T(exactly: n) else {
        throw HeaderError("\(path) must be a whole number from \(T.min) to \(T.max), not \(n)")
    }
    return i
}

func integers<T: FixedWidthInteger>(_ v: JSONValue, _ path: String, as: T.Type = T.self) throws(HeaderError) -> [T] {
    guard case .array(let items) = v else { throw HeaderError("\(path) must be an array, not \(v.typeName)") }
    var out: [T] = []
    for (i, item) in items.enumerated() { out.append(try integer(item, "\(path)[\(i)]", as: T.self)) }
    return out
}

/// An object whose keys are decimal numbers (`"3": [...]`), as codes and absinfo are.
func numberedMembers(_ v: JSONValue, _ path: String) throws(HeaderError) -> [(UInt16, JSONValue)] {
    guard case .object(let members) = v else { throw HeaderError("\(path) must be an object, not \(v.typeName)") }
    var out: [(UInt16, JSONValue)] = []
    for m in members {
        guard let k = UInt16(m.key) else { throw HeaderError("\(path): key \"\(m.key)\" is not a number") }
        out.append((k, m.value))
    }
    return out
}

extension DeviceDescription {
    static func decode(_ v: JSONValue, path: String) throws(HeaderError) -> DeviceDescription {
        guard case .object = v else { throw HeaderError("\(path) must be an object") }
        guard let idValue = v["id"] else { throw HeaderError("\(path) has no id") }
        let id: Int = try integer(idValue, "\(path).id")
        guard id >= 0 else { throw HeaderError("\(path).id must not be negative") }
        var name = ""
        if let n = v["name"] {
            guard case .string(let s) = n else { throw HeaderError("\(path).name must be a string") }
            name = s
        }
        guard case .string(let kindText)? = v["kind"] else { throw HeaderError("\(path) has no kind") }
        guard let kind = DeviceKind(rawValue: kindText) else {
            throw HeaderError("\(path).kind \"\(kindText)\" is not one of touchscreen, touchpad, accelerometer, other")
        }
        var size: Size?
        if let s = v["size"] {
            guard case .array(let wh) = s, wh.count == 2 else {
                throw HeaderError("\(path).size must be [width, height] in mm")
            }
            let w = try number(wh[0], "\(path).size[0]"), h = try number(wh[1], "\(path).size[1]")
            guard w > 0, h > 0, w.isFinite, h.isFinite else {
                throw HeaderError("\(path).size must be positive, not [\(w), \(h)]")
            }
            size = Size(width: w, height: h)
        }
        var pressure = false
        if let p = v["pressure"] {
            guard case .bool(let b) = p else { throw HeaderError("\(path).pressure must be true or false") }
            pressure = b
        }
        var slots: Int?
        if let s = v["slots"] {
            slots = try integer(s, "\(path).slots")
            guard slots! >= 0 && slots! <= 1024 else { throw HeaderError("\(path).slots must be 0...1024") }
        }
        var semiMT = false
        if case .bool(let b)? = v["semiMT"] { semiMT = b }
        var sizeSource: SizeSource?
        if let s = v["sizeSource"] {
            guard case .string(let text) = s, let source = SizeSource(rawValue: text) else {
                throw HeaderError("\(path).sizeSource must be one of resolution, assumed, given, display")
            }
            sizeSource = source
        }
        var evdev: EvdevCapabilities?
        if let e = v["evdev"] { evdev = try EvdevCapabilities.decode(e, path: "\(path).evdev") }
        var device = DeviceDescription(
            id: id, name: name, kind: kind, size: size, pressure: pressure, slots: slots,
            semiMT: semiMT, sizeSource: sizeSource, evdev: evdev)
        if case .bool(true)? = v["inferred"] { device.inferred = true }
        return device
    }
}

extension EvdevCapabilities {
    static func decode(_ v: JSONValue, path: String) throws(HeaderError) -> EvdevCapabilities {
        guard case .object = v else { throw HeaderError("\(path) must be an object") }
        var caps = EvdevCapabilities()
        if let idv = v["id"] {
            let ids: [UInt16] = try integers(idv, "\(path).id")
            guard ids.count == 4 else { throw HeaderError("\(path).id must be [bustype, vendor, product, version]") }
            caps.inputID = InputID(bustype: ids[0], vendor: ids[1], product: ids[2], version: ids[3])
        }
        if let p = v["properties"] {
            caps.properties = try integers(p, "\(path).properties", as: UInt16.self).sorted()
            if let bad = caps.properties.first(where: { $0 > InputProperty.max }) {
                throw HeaderError("\(path).properties: \(bad) is beyond INPUT_PROP_MAX")
            }
        }
        if let c = v["codes"] {
            for (type, list) in try numberedMembers(c, "\(path).codes") {
                guard let limit = EventCodeLimits.maxCode(forType: type) else {
                    throw HeaderError("\(path).codes: event type \(type) does not exist")
                }
                let codes: [UInt16] = try integers(list, "\(path).codes.\(type)")
                if let bad = codes.first(where: { $0 > limit }) {
                    throw HeaderError("\(path).codes.\(type): code \(bad) is beyond the type's maximum \(limit)")
                }
                caps.codes[type] = Array(Set(codes)).sorted()
            }
        }
        if let a = v["absinfo"] {
            for (code, list) in try numberedMembers(a, "\(path).absinfo") {
                guard code <= AbsCode.max else { throw HeaderError("\(path).absinfo: axis \(code) is beyond ABS_MAX") }
                let f: [Int32] = try integers(list, "\(path).absinfo.\(code)")
                guard f.count >= 5 else {
                    throw HeaderError("\(path).absinfo.\(code) must be [min, max, fuzz, flat, resolution]")
                }
                guard f[0] <= f[1] else {
                    throw HeaderError("\(path).absinfo.\(code): minimum \(f[0]) is above maximum \(f[1])")
                }
                caps.absinfo[code] = AbsInfo(
                    value: f.count > 5 ? f[5] : 0, minimum: f[0], maximum: f[1],
                    fuzz: f[2], flat: f[3], resolution: f[4])
            }
        }
        for (name, keyPath) in [("leds", \EvdevCapabilities.ledStates), ("switches", \EvdevCapabilities.switchStates)] {
            guard let s = v[name] else { continue }
            for (code, value) in try numberedMembers(s, "\(path).\(name)") {
                caps[keyPath: keyPath][code] = try integer(value, "\(path).\(name).\(code)")
            }
        }
        return caps
    }
}
