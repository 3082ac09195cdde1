import TactileJSON
/// What a subscriber of `tactile serve` asks for: the first line it sends, a JSON object
/// whose members each narrow what it receives (docs/service.md).
///
///     {"devices":[0],"gestures":["tap","pan","orientation"],"states":["recognized","ended"]}
///
/// A member left out means every one: `{}` receives every line. `hold` names the long press
/// as bindings do (`longPress`, as lines write it, too). Unknown members, names that
/// are not a gesture or a state, empty lists and anything but an object are refused with a
/// message naming the member, so a client's typo is an error it sees rather than silence.
/// A device id need not be present yet: it may be one plugged in later.
public struct SubscriptionFilter: Hashable, Sendable {
    /// Device ids (the `dev` of a line); nil for all.
    public var devices: Set<Int>?
    /// Gesture kinds; nil for all.
    public var gestures: Set<GestureKind>?
    /// Whether orientation lines are wanted (`"orientation"` among `gestures`, or no
    /// `gestures` member at all).
    public var orientation: Bool
    /// Gesture phases (`state` of a gesture line); nil for all. Orientation lines have none
    /// and are not narrowed by it.
    public var states: Set<GesturePhase>?
    /// Whether the client is told the devices (`{"device":…}` and `{"removed":ID}` lines,
    /// `"describe":true`): off by default, so a client that does not ask gets exactly
    /// recognize's lines, as before devices were described.
    public var describe: Bool = false

    /// The filter that lets every line through.
    public static let everything = SubscriptionFilter(devices: nil, gestures: nil, orientation: true, states: nil)

    /// A filter from its parts.
    public init(devices: Set<Int>?, gestures: Set<GestureKind>?, orientation: Bool, states: Set<GesturePhase>?,
                describe: Bool = false) {
        self.devices = devices; self.gestures = gestures; self.orientation = orientation; self.states = states
        self.describe = describe
    }

    /// The longest filter line a server reads: past it the client is refused.
    public static let maxLineLength = 4096

    /// Parses a filter line (without its newline); the error says what is wrong and where.
    public init(parsing line: some Collection<UInt8>) throws(SubscriptionError) {
        let value: JSONValue
        do throws(JSONScanner.Failure) {
            value = try JSONValue.parse(line)
        } catch {
            throw SubscriptionError("the filter is not JSON: column \(error.column): \(error.message)")
        }
        guard case .object(let members) = value else {
            throw SubscriptionError("the filter must be a JSON object such as {\"gestures\":[\"tap\"]}, not \(value.typeName)")
        }
        var filter = SubscriptionFilter.everything
        for (key, member) in members {
            switch key {
            case "devices":
                var ids = Set<Int>()
                for v in try Self.array(member, key) {
                    guard case .number(let n) = v, n >= 0, n == n.rounded(), n < Double(Int32.max) else {
                        throw SubscriptionError("\"devices\": \(Self.describe(v)) is not a device id (a whole number from 0)")
                    }
                    ids.insert(Int(n))
                }
                filter.devices = ids
            case "gestures":
                var kinds = Set<GestureKind>()
                var orientation = false
                for name in try Self.strings(member, key) {
                    if name == "orientation" { orientation = true; continue }
                    guard let kind = GestureKind(named: name) else {
                        throw SubscriptionError("\"gestures\": \"\(name)\" is not one of \(Self.gestureNames)")
                    }
                    kinds.insert(kind)
                }
                filter.gestures = kinds
                filter.orientation = orientation
            case "states":
                var phases = Set<GesturePhase>()
                for name in try Self.strings(member, key) {
                    guard let phase = GesturePhase(rawValue: name) else {
                        throw SubscriptionError("\"states\": \"\(name)\" is not one of recognized, began, changed, ended, cancelled")
                    }
                    phases.insert(phase)
                }
                filter.states = phases
            case "describe":
                guard case .bool(let on) = member else {
                    throw SubscriptionError("\"describe\" must be true or false, not \(member.typeName)")
                }
                filter.describe = on
            default:
                throw SubscriptionError("unknown member \"\(key)\"; a filter has devices, gestures, states and describe")
            }
        }
        self = filter
    }

    /// Whether the client is told about device `id` (it asked for devices, and this one).
    public func describes(device id: Int) -> Bool {
        describe && (devices?.contains(id) ?? true)
    }

    /// Whether `line` passes.
    public func matches(_ line: RecognizedEvent) -> Bool {
        switch line {
        case .gesture(let g):
            if let devices, !devices.contains(g.device) { return false }
            if let gestures, !gestures.contains(g.kind) { return false }
            if let states, !states.contains(g.phase) { return false }
            return true
        case .orientation(let o):
            if let devices, !devices.contains(o.device) { return false }
            return orientation
        }
    }

    /// The filter as the server confirms it: every member written out, sorted.
    public func encode(into out: inout JSONOutput) {
        out.raw("{")
        var first = true
        if let devices {
            out.key("devices", first: first); first = false
            out.raw("[")
            for (i, d) in devices.sorted().enumerated() {
                if i > 0 { out.raw(",") }
                out.int(d)
            }
            out.raw("]")
        }
        if gestures != nil || !orientation {
            var names = (gestures ?? Set(GestureKind.allCases)).map(\.rawValue).sorted()
            if orientation { names.append("orientation") }
            out.key("gestures", first: first); first = false
            Self.encode(names, into: &out)
        }
        if let states {
            out.key("states", first: first); first = false
            Self.encode(states.map(\.rawValue).sorted(), into: &out)
        }
        if describe {
            out.key("describe", first: first)
            out.raw("true")
        }
        out.raw("}")
    }

    private static func encode(_ names: [String], into out: inout JSONOutput) {
        out.raw("[")
        for (i, n) in names.enumerated() {
            if i > 0 { out.raw(",") }
            out.string(n)
        }
        out.raw("]")
    }

    private static var gestureNames: String {
        (GestureKind.allCases.map(\.rawValue) + ["orientation"]).joined(separator: ", ")
    }

    private static func array(_ v: JSONValue, _ key: String) throws(SubscriptionError) -> [JSONValue] {
        guard case .array(let items) = v else {
            throw SubscriptionError("\"\(key)\" must be an array, not \(v.typeName)")
        }
        guard !items.isEmpty else {
            throw SubscriptionError("\"\(key)\" is empty, so nothing would match; leave it out for every one")
        }
        return items
    }

    private static func strings(_ v: JSONValue, _ key: String) throws(SubscriptionError) -> [String] {
        var out: [String] = []
        for item in try array(v, key) {
            guard case .string(let s) = item else {
                throw SubscriptionError("\"\(key)\": \(describe(item)) is not a name (a string)")
            }
            out.append(s)
        }
        return out
    }

    private static func describe(_ v: JSONValue) -> String {
        switch v {
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        case .string(let s): return "\"\(s)\""
        default: return v.typeName
        }
    }
}

/// Why a subscriber's filter was refused, in words the client is sent.
public struct SubscriptionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
