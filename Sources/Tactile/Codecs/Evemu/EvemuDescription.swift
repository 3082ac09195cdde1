/// The device part of an evemu recording (`N: I: P: B: A: L: S:` lines), gathered into
/// evdev capabilities.
struct EvemuDescriptionBuilder {
    var name: String?
    var inputID: InputID?
    var propertyBytes: [UInt8] = []
    var typeBytes: [UInt16: [UInt8]] = [:]
    var absinfo: [UInt16: AbsInfo] = [:]
    var leds: [UInt16: Int32] = [:]
    var switches: [UInt16: Int32] = [:]

    var isEmpty: Bool { name == nil && inputID == nil && typeBytes.isEmpty && absinfo.isEmpty }

    /// Takes one description line (prefix already recognised). Throws a message.
    mutating func take(_ prefix: UInt8, _ fields: [Substring], rest: Substring) throws(EvemuLineError) {
        switch prefix {
        case UInt8(ascii: "N"):
            name = String(rest)
        case UInt8(ascii: "I"):
            guard fields.count == 4 else { throw EvemuLineError("I: needs bustype, vendor, product and version in hex") }
            let v = try fields.map { (f) throws(EvemuLineError) -> UInt16 in try hex16(f) }
            inputID = InputID(bustype: v[0], vendor: v[1], product: v[2], version: v[3])
        case UInt8(ascii: "P"):
            for f in fields { propertyBytes.append(try hex8(f)) }
        case UInt8(ascii: "B"):
            guard let first = fields.first else { throw EvemuLineError("B: needs an event type") }
            let type = UInt16(try hex8(first))
            guard type <= EventType.max else { throw EvemuLineError("B: event type \(type) does not exist") }
            for f in fields.dropFirst() { typeBytes[type, default: []].append(try hex8(f)) }
            if typeBytes[type, default: []].count > 1024 { throw EvemuLineError("B: too many bitmask bytes for type \(type)") }
        case UInt8(ascii: "A"):
            guard fields.count == 5 || fields.count == 6 else {
                throw EvemuLineError("A: needs code, min, max, fuzz, flat and optionally resolution")
            }
            let code = UInt16(try hex8(fields[0]))
            guard code <= AbsCode.max else { throw EvemuLineError("A: axis \(code) is beyond ABS_MAX") }
            let n = try fields.dropFirst().map { (f) throws(EvemuLineError) -> Int32 in try int32(f) }
            guard n[0] <= n[1] else { throw EvemuLineError("A: minimum \(n[0]) is above maximum \(n[1])") }
            absinfo[code] = AbsInfo(
                minimum: n[0], maximum: n[1], fuzz: n[2], flat: n[3], resolution: n.count > 4 ? n[4] : 0)
        case UInt8(ascii: "L"), UInt8(ascii: "S"):
            guard fields.count == 2 else { throw EvemuLineError("\(Character(Unicode.Scalar(prefix))): needs a code and a value") }
            let code = UInt16(try hex8(fields[0]))
            let value = try int32(fields[1])
            if prefix == UInt8(ascii: "L") { leds[code] = value } else { switches[code] = value }
        default:
            throw EvemuLineError("unknown line type")
        }
    }

    func capabilities() -> EvdevCapabilities {
        var caps = EvdevCapabilities()
        caps.inputID = inputID ?? InputID(bustype: 0, vendor: 0, product: 0, version: 0)
        caps.properties = bits(propertyBytes).filter { $0 <= InputProperty.max }
        for (type, bytes) in typeBytes {
            let limit = EventCodeLimits.maxCode(forType: type) ?? 0
            let codes = bits(bytes).filter { $0 <= limit }
            if !codes.isEmpty { caps.codes[type] = codes }
        }
        // Axes described by A: lines but missing from the bitmask still exist.
        caps.absinfo = absinfo
        if !absinfo.isEmpty {
            caps.codes[EventType.abs] = Array(Set(caps.codes[EventType.abs, default: []]).union(absinfo.keys)).sorted()
        }
        caps.ledStates = leds
        caps.switchStates = switches
        return caps
    }

    private func bits(_ bytes: [UInt8]) -> [UInt16] {
        var out: [UInt16] = []
        for (i, b) in bytes.enumerated() where b != 0 {
            for j in 0..<8 where b & (1 << j) != 0 { out.append(UInt16(i * 8 + j)) }
        }
        return out
    }
}

struct EvemuLineError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

func hex8(_ s: Substring) throws(EvemuLineError) -> UInt8 {
    guard let v = UInt8(s, radix: 16) else { throw EvemuLineError("'\(s)' is not a hex byte") }
    return v
}

func hex16(_ s: Substring) throws(EvemuLineError) -> UInt16 {
    guard let v = UInt16(s, radix: 16) else { throw EvemuLineError("'\(s)' is not a 16-bit hex number") }
    return v
}

func int32(_ s: Substring) throws(EvemuLineError) -> Int32 {
    guard let v = Int32(s) else { throw EvemuLineError("'\(s)' is not a 32-bit number") }
    return v
}
