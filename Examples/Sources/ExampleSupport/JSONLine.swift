import Tactile
import TactileJSON

/// One output line of an example app, a JSON object built field by field in the order
/// given (numbers written shortest-exact by Tactile's `JSONOutput`).
public struct JSONLine {
    private var out = JSONOutput(capacity: 512)
    private var first = true

    /// A line about `time` (seconds, to the microsecond) saying what happened (`event`).
    public init(_ event: String, at time: Timestamp) {
        out.byte(UInt8(ascii: "{"))
        out.raw("\"t\":")
        out.seconds(time.microseconds)
        first = false
        add("event", event)
    }

    private mutating func key(_ name: String) {
        if !first { out.byte(UInt8(ascii: ",")) }
        first = false
        out.string(name)
        out.byte(UInt8(ascii: ":"))
    }

    public mutating func add(_ name: String, _ value: String) { key(name); out.string(value) }
    public mutating func add(_ name: String, _ value: Bool) { key(name); if value { out.raw("true") } else { out.raw("false") } }
    public mutating func add(_ name: String, _ value: Int) { key(name); out.int(value) }
    public mutating func add(_ name: String, _ value: Double) { key(name); out.double(value) }
    public mutating func add(_ name: String, _ values: [Double]) {
        key(name)
        out.byte(UInt8(ascii: "["))
        for (i, v) in values.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            out.double(v)
        }
        out.byte(UInt8(ascii: "]"))
    }
    public mutating func add(_ name: String, _ p: Point) { add(name, [p.x, p.y]) }
    public mutating func add(_ name: String, _ s: Size) { add(name, [s.width.value, s.height.value]) }
    /// `[x, y, width, height]`.
    public mutating func add(_ name: String, _ r: Rect) { add(name, [r.x, r.y, r.width, r.height]) }
    /// `[a, b, c, d, tx, ty]`, as Tactile's orientation lines write a transform.
    public mutating func add(_ name: String, _ t: AffineTransform) { add(name, t.components) }
    /// An array of arrays: keyframes, cells.
    public mutating func add(_ name: String, rows: [[Double]]) {
        key(name)
        out.byte(UInt8(ascii: "["))
        for (i, row) in rows.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            out.byte(UInt8(ascii: "["))
            for (j, v) in row.enumerated() {
                if j > 0 { out.byte(UInt8(ascii: ",")) }
                out.double(v)
            }
            out.byte(UInt8(ascii: "]"))
        }
        out.byte(UInt8(ascii: "]"))
    }

    /// Writes the line to standard output.
    public func write() {
        var done = out
        done.byte(UInt8(ascii: "}"))
        print(String(decoding: done.bytes, as: UTF8.self))
    }
}
