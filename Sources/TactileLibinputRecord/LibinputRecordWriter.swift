import Tactile

/// Writes `libinput record` YAML version 1, laid out as libinput writes it, so libinput's
/// own tools (`libinput replay`, `libinput analyze ...`) read it.
///
/// The YAML has every device's events under that device, so frames are gathered per
/// device in memory until `finish()`; times are seconds and microseconds since the trace's
/// start, as libinput records them.
public struct LibinputRecordWriter {
    private let output: OutputFile
    private let devices: [DeviceDescription]
    private var synthesizers: [Int: EvdevSynthesizer] = [:]
    private var frames: [Int: [EvdevFrame]] = [:]

    /// A writer of `header`'s devices to `output`.
    public init(output: OutputFile, header: InputDevices) {
        self.output = output
        self.devices = header.devices
        for d in header.devices where d.evdev == nil { synthesizers[d.id] = EvdevSynthesizer(device: d) }
    }

    /// Adds one event; touch frames and samples are turned into evdev events first.
    public mutating func write(_ event: InputEvent) {
        switch event {
        case .evdev(let device, let frame):
            frames[device, default: []].append(frame)
        case .touches(let frame):
            guard var s = synthesizers[frame.device] else { return }
            frames[frame.device, default: []].append(s.events(for: frame))
            synthesizers[frame.device] = s
        case .accel(let sample):
            guard var s = synthesizers[sample.device] else { return }
            frames[sample.device, default: []].append(s.events(for: sample))
            synthesizers[sample.device] = s
        }
    }

    /// Writes the YAML and puts the file in place.
    public func finish() throws {
        var y = "# libinput record\n# written by tactile\nversion: 1\nndevices: \(devices.count)\n"
        y += "libinput:\n  version: \"1.22.1\"\n  git: \"unknown\"\n"
        y += "system:\n  os: \"unknown\"\n  kernel: \"unknown\"\n  dmi: \"unknown\"\n"
        y += "devices:\n"
        try output.write(y)
        for d in devices {
            let caps = d.evdev ?? synthesizers[d.id]!.caps
            var text = "- node: /dev/input/event\(d.id)\n  evdev:\n"
            // As libinput record writes it; a name with control characters (a newline would
            // end the comment) in its quoted form.
            let plain = !d.name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f }
            text += "    # Name: \(plain ? d.name : quoted(d.name))\n"
            text += "    name: \(quoted(d.name))\n"
            let id = caps.inputID
            text += "    id: [\(id.bustype), \(id.vendor), \(id.product), \(id.version)]\n"
            text += "    codes:\n"
            for type in caps.codes.keys.sorted() where !(caps.codes[type] ?? []).isEmpty {
                text += "      \(type): [\(caps.codes[type]!.map(String.init).joined(separator: ", "))]\n"
            }
            if !caps.absinfo.isEmpty {
                text += "    absinfo:\n"
                for code in caps.absinfo.keys.sorted() {
                    let a = caps.absinfo[code]!
                    text += "      \(code): [\(a.minimum), \(a.maximum), \(a.fuzz), \(a.flat), \(a.resolution)]\n"
                }
            }
            text += "    properties: [\(caps.properties.map(String.init).joined(separator: ", "))]\n"
            text += "  udev:\n    properties:\n    - ID_INPUT=1\n"
            switch d.kind {
            case .touchscreen: text += "    - ID_INPUT_TOUCHSCREEN=1\n"
            case .touchpad: text += "    - ID_INPUT_TOUCHPAD=1\n"
            case .accelerometer: text += "    - ID_INPUT_ACCELEROMETER=1\n"
            case .other: break
            }
            text += "  events:\n"
            try output.write(text)
            var line: [UInt8] = []
            for frame in frames[d.id] ?? [] {
                line.removeAll(keepingCapacity: true)
                line.append(contentsOf: "  - evdev:\n".utf8)
                for e in frame.events {
                    let us = Swift.max(0, e.time.microseconds)
                    line.append(contentsOf: "    - [\(pad(us / 1_000_000, 3)), \(pad(us % 1_000_000, 6)), "
                        .utf8)
                    line.append(contentsOf: "\(pad(e.type, 3)), \(pad(e.code, 3)), \(pad(e.value, 6))]\n".utf8)
                }
                try output.write(line)
            }
        }
        try output.commit()
    }

    private func pad<T: BinaryInteger>(_ v: T, _ width: Int) -> String {
        let s = String(v)
        return s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
    }

    private func quoted(_ s: String) -> String { YAMLQuoting.doubleQuoted(s) }
}
