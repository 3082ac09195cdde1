/// The members of an output line beyond its time, device, gesture, state, fingers and
/// place, as read (`RecognizedEvent.decode`): what each gesture's detail and an
/// orientation line are made from. Read generically, so a gesture says what its detail is
/// made of beside the way it is written (`GestureEvent.Detail.init(_:_:)`), and the reader
/// needs no change for a new one.
public struct GestureLineMembers: Sendable {
    /// A member's value: the kinds of value the output format writes.
    public enum Value: Sendable {
        /// A number.
        case number(Double)
        /// A text.
        case text(String)
        /// A list of numbers: a point, a pair, a transform.
        case numbers([Double])
    }

    /// What is missing or wrong, in words.
    public struct Problem: Error, Sendable {
        /// The problem.
        public var message: String
        /// A problem.
        public init(message: String) { self.message = message }
    }

    /// Key and value, in the line's order (the last of a repeated key wins, as for the line's other members).
    public var values: [(key: String, value: Value)] = []

    /// No members.
    public init() {}

    /// Whether the line has `key`.
    public func has(_ key: String) -> Bool { values.contains { $0.key == key } }

    /// `key`'s number.
    public func number(_ key: String) throws(Problem) -> Double {
        guard case .number(let v) = try value(key, "a number") else { throw wrong(key, "a number") }
        return v
    }

    /// `key`'s whole number.
    public func int(_ key: String) throws(Problem) -> Int {
        guard case .number(let v) = try value(key, "a whole number"), let i = Int(exactly: v) else { throw wrong(key, "a whole number") }
        return i
    }

    /// `key`'s text.
    public func text(_ key: String) throws(Problem) -> String {
        guard case .text(let v) = try value(key, "a text") else { throw wrong(key, "a text") }
        return v
    }

    /// `key`'s list of numbers.
    public func numbers(_ key: String) throws(Problem) -> [Double] {
        guard case .numbers(let v) = try value(key, "a list of numbers") else { throw wrong(key, "a list of numbers") }
        return v
    }

    /// `key`'s pair `[x, y]`.
    public func pair(_ key: String) throws(Problem) -> Point {
        let v = try numbers(key)
        guard v.count == 2 else { throw Problem(message: "\"\(key)\": expected a pair [x, y], found \(v.count) numbers") }
        return Point(x: v[0], y: v[1])
    }

    /// `key`'s text as one of `T`'s names.
    public func name<T: RawRepresentable<String>>(_: T.Type, _ key: String) throws(Problem) -> T {
        let text = try text(key)
        guard let value = T(rawValue: text) else { throw Problem(message: "\"\(key)\": \"\(text)\" is not one of its names") }
        return value
    }

    /// `key`'s text as one of `T`'s names, or nil when the line has no `key`.
    public func optionalName<T: RawRepresentable<String>>(_: T.Type, _ key: String) throws(Problem) -> T? {
        has(key) ? try name(T.self, key) : nil
    }

    private func value(_ key: String, _ what: String) throws(Problem) -> Value {
        guard let v = values.last(where: { $0.key == key }) else { throw Problem(message: "the line has no \"\(key)\" (\(what))") }
        return v.value
    }

    private func wrong(_ key: String, _ what: String) -> Problem {
        Problem(message: "\"\(key)\" is not \(what)")
    }
}
