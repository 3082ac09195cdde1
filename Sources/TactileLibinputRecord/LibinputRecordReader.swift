import Tactile
import TactileYAML
import Yams

/// Reads `libinput record` YAML (version 1): every device with its evdev description and
/// its frames, merged into one time-ordered stream. Keys it does not know are ignored, as
/// libinput's own tools do.
///
/// The YAML is read whole (a YAML document has no line-by-line form); recordings are a
/// few megabytes at most, and `tactile convert` turns big ones into streaming traces.
public enum LibinputRecordReader {
    /// The `libinput record` format version read (`version: 1`).
    public static let supportedVersion = 1

    /// Reads a whole recording. The event lists, which are nearly all of a recording, are
    /// read line by line into compact arrays; only the rest (the device descriptions) goes
    /// through the YAML parser, whose tree would otherwise take 30 times the file's size.
    public static func read(_ bytes: [UInt8], name: String) throws -> (InputDevices, [DecodedFrame]) {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw TactileError(.badData, file: name, "not valid UTF-8, so not a libinput recording")
        }
        let split = try EventLines.split(text, name: name)
        guard let root = try YAMLDocument.compose(split.yaml, file: name, kind: .badData, line: { split.originalLine($0) }) else {
            throw TactileError(.badData, file: name, line: 1, "the file is empty")
        }
        func fail(_ node: Node?, _ message: String) -> TactileError {
            TactileError(.badData, file: name, line: split.originalLine(node?.mark?.line ?? 1), message)
        }
        guard case .mapping = root else { throw fail(root, "a libinput recording is a YAML mapping") }
        guard let versionNode = root["version"] else { throw fail(root, "no version: this is not a libinput recording") }
        guard let version = integer(versionNode) else { throw fail(versionNode, "version must be a number") }
        guard version == supportedVersion else {
            throw fail(versionNode, "libinput record version \(version) is not supported (this tactile reads version 1)")
        }
        guard let devicesNode = root["devices"], case .sequence(let devices) = devicesNode else {
            throw fail(root, "no devices list")
        }
        var descriptions: [DeviceDescription] = []
        var perDevice: [[DecodedFrame]] = []
        for (index, deviceNode) in devices.enumerated() {
            guard let evdev = deviceNode["evdev"] else { throw fail(deviceNode, "device \(index) has no evdev section") }
            let caps = try capabilities(evdev, fail: fail)
            descriptions.append(DeviceDescription(id: index, name: evdev["name"]?.string ?? "", evdev: caps))
            var frames: [DecodedFrame] = []
            var pending: [EvdevEvent] = []
            var last: Timestamp?
            let events = index < split.events.count ? split.events[index] : []
            for (k, e) in events.enumerated() {
                pending.append(e)
                guard e.isSynReport else { continue }
                let frame = EvdevFrame(events: pending)
                if let last, frame.time < last {
                    throw TactileError(.badData, file: name, line: split.eventLines[index][k], "time goes backwards")
                }
                last = frame.time
                frames.append(DecodedFrame(device: index, frame: frame))
                pending.removeAll(keepingCapacity: true)
            }
            if !pending.isEmpty { frames.append(DecodedFrame(device: index, frame: EvdevFrame(events: pending))) }
            perDevice.append(frames)
        }
        return (InputDevices(devices: descriptions), merge(perDevice))
    }

    /// Merges per-device streams by time; ties keep device order.
    static func merge(_ streams: [[DecodedFrame]]) -> [DecodedFrame] {
        if streams.count == 1 { return streams[0] }
        var indices = [Int](repeating: 0, count: streams.count)
        var out: [DecodedFrame] = []
        out.reserveCapacity(streams.reduce(0) { $0 + $1.count })
        while true {
            var best = -1
            for s in streams.indices where indices[s] < streams[s].count {
                if best < 0 || streams[s][indices[s]].frame.time < streams[best][indices[best]].frame.time { best = s }
            }
            guard best >= 0 else { return out }
            out.append(streams[best][indices[best]])
            indices[best] += 1
        }
    }

    static func capabilities(_ evdev: Node, fail: (Node?, String) -> TactileError) throws -> EvdevCapabilities {
        var caps = EvdevCapabilities()
        if let id = evdev["id"] {
            let v = id.array().compactMap(integer).compactMap { UInt16(exactly: $0) }
            guard v.count == 4 else { throw fail(id, "id must be [bustype, vendor, product, version]") }
            caps.inputID = InputID(bustype: v[0], vendor: v[1], product: v[2], version: v[3])
        }
        if let codes = evdev["codes"], case .mapping(let m) = codes {
            for (k, v) in m {
                guard let type = integer(k).flatMap({ UInt16(exactly: $0) }), let limit = EventCodeLimits.maxCode(forType: type) else {
                    throw fail(k, "codes: \(k.string ?? "?") is not an event type")
                }
                let list = v.array().compactMap(integer).compactMap { UInt16(exactly: $0) }.filter { $0 <= limit }
                caps.codes[type] = Array(Set(list)).sorted()
            }
        }
        if let absinfo = evdev["absinfo"], case .mapping(let m) = absinfo {
            for (k, v) in m {
                guard let code = integer(k).flatMap({ UInt16(exactly: $0) }), code <= AbsCode.max else {
                    throw fail(k, "absinfo: \(k.string ?? "?") is not an axis")
                }
                let f = v.array().compactMap(integer).compactMap { Int32(exactly: $0) }
                guard f.count == 5, f[0] <= f[1] else { throw fail(v, "absinfo must be [min, max, fuzz, flat, resolution]") }
                caps.absinfo[code] = AbsInfo(minimum: f[0], maximum: f[1], fuzz: f[2], flat: f[3], resolution: f[4])
            }
        }
        if let props = evdev["properties"] {
            caps.properties = Array(Set(props.array().compactMap(integer).compactMap { UInt16(exactly: $0) }
                .filter { $0 <= InputProperty.max })).sorted()
        }
        return caps
    }

    /// A decimal (or 0x hex) integer scalar. Yams' own `Node.int` also reads YAML 1.1
    /// sexagesimal numbers (`1:30`) and traps when they overflow, so untrusted scalars are
    /// read here instead.
    static func integer(_ node: Node) -> Int? {
        guard case .scalar(let scalar) = node else { return nil }
        let text = scalar.string
        if text.hasPrefix("0x") || text.hasPrefix("0X") { return Int(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("-0x") { return Int(text.dropFirst(3), radix: 16).map { -$0 } }
        return Int(text)
    }
}
