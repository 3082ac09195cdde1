/// A generic JSON value, for the few places that are not on the per-frame path: trace
/// headers and configuration files.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// Members in file order (duplicate keys are rejected by the parser).
    case object([(key: String, value: JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n): hasher.combine(n)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let o):
            for (k, v) in o { hasher.combine(k); hasher.combine(v) }
        }
    }

    /// The member `key` of an object; nil for a missing key or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// What kind of value this is, for messages (`a string`, `an object`...).
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension JSONScanner {
    /// Reads any value into a tree, to a bounded depth.
    public mutating func value(depth: Int = 0) throws(Failure) -> JSONValue {
        guard depth < Self.maxDepth else { throw fail("nested deeper than \(Self.maxDepth) levels") }
        guard let c = peek() else { throw fail("expected a value but the line ended") }
        switch c {
        case 0x7b:
            index += 1
            var members: [(key: String, value: JSONValue)] = []
            var cursor = JSONMembers(closing: 0x7d)
            while let key = try cursor.nextKey(&self) {
                let k = key.string
                if members.contains(where: { $0.key == k }) { throw fail("duplicate key \"\(k)\"") }
                members.append((k, try value(depth: depth + 1)))
            }
            return .object(members)
        case 0x5b:
            index += 1
            var items: [JSONValue] = []
            var members = JSONMembers(closing: 0x5d)
            while try members.next(&self) {
                items.append(try value(depth: depth + 1))
            }
            return .array(items)
        case 0x22: return .string(try string())
        case 0x74, 0x66: return .bool(try bool())
        case 0x6e:
            if null() { return .null }
            throw fail("expected null")
        case 0x4e, 0x49:  // NaN, Infinity: the number reader says they are not JSON
            return .number(try double())
        case _ where (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a:
            throw fail("expected a JSON value (an object, array, string, number, true, false or null), found a word")
        default: return .number(try double())
        }
    }
}

extension JSONValue {
    /// Parses one complete JSON text.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONScanner.Failure) -> JSONValue {
        let array = Array(bytes)
        return try array.withUnsafeBufferPointer { (buffer) throws(JSONScanner.Failure) -> JSONValue in
            var scanner = JSONScanner(buffer)
            let v = try scanner.value()
            try scanner.expectEnd()
            return v
        }
    }
}
