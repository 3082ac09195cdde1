import ArgumentParser
import Tactile
import TactileLinux
import TactileJSON

#if canImport(Glibc)
import Glibc
#endif

struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List touchscreens, touchpads and accelerometers.",
        discussion: """
            Evdev nodes under /dev/input (read through libevdev) and IIO accelerometers \
            under /sys/bus/iio/devices, with the surface size in mm, slots, pressure range \
            and resolution (units per mm; per g for evdev accelerometers). Nodes that \
            cannot be opened are reported on standard error; if none can, the exit code is \
            77 with what to do. When there is no device to list, it says so on standard error \
            and exits 69.
            """)

    @Flag(help: "Write JSON Lines even on a terminal.")
    var json = false

    @Flag(help: "List every input device, not only touch and motion ones.")
    var all = false

    func run() throws {
        try reportingErrors {
            let found = DeviceInventory.take(all: all)
            for problem in found.problems { printError("tactile: \(problem)") }
            if let denied = found.denied, found.opened == 0 { throw denied }
            if found.denied != nil { printError("tactile: some devices could not be opened (permission denied): run as a member of the `input` group") }
            let rows = found.entries
            // None found is said on standard error and exits 69, as recognize does; standard
            // output stays the list (empty), so a script reads it as ever.
            if rows.isEmpty {
                let what = all ? "no input device" : "no touch device or accelerometer"
                throw TactileError(.unavailable, "\(what) found\(found.nodes == 0 ? " (/dev/input has no event nodes)" : "")")
            }
            if !json && isatty(1) == 1 {
                printLine(pad("NODE", 28) + pad("KIND", 14) + pad("SIZE mm", 14) + pad("SLOTS", 6) + pad("PRESSURE", 12) + pad("RES", 8) + "NAME")
                for r in rows { printLine(tableRow(r)) }
            } else {
                for r in rows { printLine(jsonRow(r)) }
            }
        }
    }

    private func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }

    private func tableRow(_ r: DeviceInventory.Entry) -> String {
        let d = r.description
        let size = d.size.map { "\($0.width.value.tenths)x\($0.height.value.tenths)" } ?? "-"
        let pressure = d.evdev?.pressureAxis.map { "\($0.minimum)..\($0.maximum)" } ?? "-"
        return pad(r.node, 28) + pad(d.kind.rawValue, 14) + pad(size, 14) + pad(d.slots.map(String.init) ?? "-", 6)
            + pad(pressure, 12) + pad(d.axisResolution.map(String.init) ?? "-", 8) + d.name.terminalSafe
    }

    private func jsonRow(_ r: DeviceInventory.Entry) -> String {
        let d = r.description
        var out = JSONOutput()
        out.raw("{\"node\":"); out.string(r.node)
        out.raw(",\"name\":"); out.string(d.name)
        out.raw(",\"kind\":"); out.string(d.kind.rawValue)
        if let s = d.size { out.raw(",\"size\":["); out.double(s.width.value); out.byte(0x2c); out.double(s.height.value); out.byte(0x5d) }
        if let s = d.sizeSource { out.raw(",\"sizeSource\":"); out.string(s.rawValue) }
        if let n = d.slots { out.raw(",\"slots\":"); out.int(n) }
        if let p = d.evdev?.pressureAxis { out.raw(",\"pressure\":["); out.int(p.minimum); out.byte(0x2c); out.int(p.maximum); out.byte(0x5d) }
        if let res = d.axisResolution { out.raw(",\"resolution\":"); out.int(res) }
        if let m = r.mountMatrix { out.raw(",\"mountMatrix\":"); out.string(m.description) }
        out.byte(0x7d)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}
