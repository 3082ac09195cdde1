/// A list with its storage inline: appending never allocates, copying copies bytes.
///
/// The per-frame path uses it for the contacts of a frame, so a frame is a plain value
/// with no heap buffer behind it.
public struct FixedList<let capacity: Int, Element>: RandomAccessCollection, MutableCollection {
    @usableFromInline var storage: InlineArray<capacity, Element?>
    @usableFromInline var _count: Int = 0
    @inlinable public var count: Int { _count }

    @inlinable public init() { storage = InlineArray(repeating: nil) }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }
    @inlinable public var isFull: Bool { count == capacity }

    @inlinable public subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < count, "FixedList index out of range")
            // Through a span: reading the inline array directly can copy all of it.
            return storage.span[position]!
        }
        set {
            precondition(position >= 0 && position < count, "FixedList index out of range")
            storage[position] = newValue
        }
    }

    /// Appends unless full; returns whether it did.
    @inlinable @discardableResult
    public mutating func append(_ element: Element) -> Bool {
        guard count < capacity else { return false }
        storage[count] = element
        _count += 1
        return true
    }

    @inlinable public mutating func removeAll() {
        for i in 0..<count { storage[i] = nil }
        _count = 0
    }

    /// Removes the last `k` elements.
    @inlinable public mutating func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= count, "FixedList: cannot remove more than it holds")
        for i in (count - k)..<count { storage[i] = nil }
        _count -= k
    }

    /// Removes the element at `index`, keeping the order of the rest.
    @inlinable public mutating func remove(at index: Int) {
        precondition(index >= 0 && index < count, "FixedList index out of range")
        var i = index
        while i + 1 < count { storage[i] = storage[i + 1]; i += 1 }
        storage[count - 1] = nil
        _count -= 1
    }
}

// Searching by index, not through Sequence's iterator: an iterator holds a copy of the
// list, which for a frame's contacts is a kilobyte copied per search.
extension FixedList {
    @inlinable public func firstIndex(where predicate: (Element) throws -> Bool) rethrows -> Int? {
        var i = 0
        while i < count {
            if try predicate(storage.span[i]!) { return i }
            i += 1
        }
        return nil
    }
    @inlinable public func first(where predicate: (Element) throws -> Bool) rethrows -> Element? {
        try firstIndex(where: predicate).map { storage.span[$0]! }
    }
    @inlinable public func contains(where predicate: (Element) throws -> Bool) rethrows -> Bool {
        try firstIndex(where: predicate) != nil
    }
    @inlinable public func allSatisfy(_ predicate: (Element) throws -> Bool) rethrows -> Bool {
        try firstIndex(where: { try !predicate($0) }) == nil
    }
}

extension FixedList: Equatable where Element: Equatable {
    @inlinable public static func == (a: Self, b: Self) -> Bool {
        guard a.count == b.count else { return false }
        let x = a.storage.span, y = b.storage.span
        var i = 0
        while i < a.count {
            if x[i] != y[i] { return false }
            i += 1
        }
        return true
    }
}
extension FixedList: Hashable where Element: Hashable {
    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for e in self { hasher.combine(e) }
    }
}
extension FixedList: Sendable where Element: Sendable {}
extension FixedList: CustomStringConvertible {
    public var description: String { "[" + map { "\($0)" }.joined(separator: ", ") + "]" }
}
