/// A list of at most `capacity` elements, with value semantics, whose storage is made once
/// and then reused: appending, removing and overwriting never allocate, and neither does
/// copying the list.
///
/// Why not inline storage: a frame's contacts inline are a kilobyte, and Swift passes and
/// reads such a value by copying it, often several times per access (reading one element
/// of an `InlineArray` reached through a borrowed value copied the whole array, in a loop
/// once per element). Here the elements sit in one buffer of `capacity` slots, allocated
/// when the first element is added and kept for the list's life; a copy of the list shares
/// it, and the first change to a shared buffer copies it (copy-on-write). On the per-frame
/// path every list is changed where it lies (the assembler's frame, the tracker's fingers),
/// so the buffer is never shared when it changes and nothing is allocated per frame — the
/// benchmark's malloc counter checks that.
public struct FixedList<let capacity: Int, Element>: RandomAccessCollection, MutableCollection {
    @usableFromInline var buffer: FixedListBuffer<Element>?

    /// An empty list.
    @inlinable public init() {}

    /// Read through a pointer: `header`, a class's stored property, would be checked for
    /// exclusive access at run time on every read.
    @inlinable public var count: Int {
        guard let b = buffer else { return 0 }
        return b.withUnsafeMutablePointerToHeader { $0.pointee }
    }
    /// Whether no more elements fit.
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }
    /// Whether no more elements fit.
    @inlinable public var isFull: Bool { count == capacity }

    @inlinable public subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < count, "FixedList index out of range")
            return buffer.unsafelyUnwrapped.withUnsafeMutablePointerToElements { $0[position] }
        }
        set {
            precondition(position >= 0 && position < count, "FixedList index out of range")
            makeUnique()
            buffer.unsafelyUnwrapped.withUnsafeMutablePointerToElements { $0[position] = newValue }
        }
    }

    /// Appends unless full; returns whether it did.
    @inlinable @discardableResult
    /// Appends `element` when there is room; returns false (and keeps the list) when full.
    public mutating func append(_ element: Element) -> Bool {
        guard count < capacity else { return false }
        makeUnique()
        let b = buffer.unsafelyUnwrapped
        b.withUnsafeMutablePointers { n, elements in
            (elements + n.pointee).initialize(to: element)
            n.pointee += 1
        }
        return true
    }

    /// Empties the list, keeping its storage.
    @inlinable public mutating func removeAll() {
        guard count > 0 else { return }
        // A shared buffer is left to its other owners rather than copied only to be emptied.
        guard isKnownUniquelyReferenced(&buffer) else {
            buffer = nil
            return
        }
        buffer.unsafelyUnwrapped.withUnsafeMutablePointers { n, elements in
            elements.deinitialize(count: n.pointee)
            n.pointee = 0
        }
    }

    /// Removes the last `k` elements.
    @inlinable public mutating func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= count, "FixedList: cannot remove more than it holds")
        guard k > 0 else { return }
        makeUnique()
        buffer.unsafelyUnwrapped.withUnsafeMutablePointers { n, elements in
            (elements + (n.pointee - k)).deinitialize(count: k)
            n.pointee -= k
        }
    }

    /// Removes the element at `index`, keeping the order of the rest.
    @inlinable public mutating func remove(at index: Int) {
        precondition(index >= 0 && index < count, "FixedList index out of range")
        makeUnique()
        buffer.unsafelyUnwrapped.withUnsafeMutablePointers { n, elements in
            (elements + index).deinitialize(count: 1)
            (elements + index).moveInitialize(from: elements + index + 1, count: n.pointee - index - 1)
            n.pointee -= 1
        }
    }

    /// Makes the buffer this list's own before a change: made on first use, copied when shared.
    @inlinable mutating func makeUnique() {
        if buffer == nil {
            buffer = FixedListBuffer<Element>.make(capacity: capacity)
        } else if !isKnownUniquelyReferenced(&buffer) {
            let copy = FixedListBuffer<Element>.make(capacity: capacity)
            buffer.unsafelyUnwrapped.withUnsafeMutablePointers { n, source in
                copy.withUnsafeMutablePointers { m, target in
                    target.initialize(from: source, count: n.pointee)
                    m.pointee = n.pointee
                }
            }
            buffer = copy
        }
    }
}

/// The storage of a `FixedList`: the count, then `capacity` element slots.
@usableFromInline
final class FixedListBuffer<Element>: ManagedBuffer<Int, Element> {
    @inlinable static func make(capacity: Int) -> FixedListBuffer<Element> {
        unsafeDowncast(create(minimumCapacity: capacity) { _ in 0 }, to: FixedListBuffer<Element>.self)
    }

    @inlinable deinit {
        withUnsafeMutablePointers { n, elements in _ = elements.deinitialize(count: n.pointee) }
    }
}

extension FixedList {
    /// The elements as a buffer, valid only inside `body`: one access to the storage for a
    /// whole loop (the tracker reads every frame's contacts this way).
    @inlinable public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        guard buffer != nil else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try buffer.unsafelyUnwrapped.withUnsafeMutablePointers { n, elements in
            try body(UnsafeBufferPointer(start: elements, count: n.pointee))
        }
    }
}

// Searching by index, not through Sequence's iterator (which would hold a copy).
extension FixedList {
    /// The index of the first element that satisfies `predicate`.
    @inlinable public func firstIndex(where predicate: (Element) throws -> Bool) rethrows -> Int? {
        var i = 0
        let n = count
        while i < n {
            if try predicate(self[i]) { return i }
            i += 1
        }
        return nil
    }
    /// The first element that satisfies `predicate`.
    @inlinable public func first(where predicate: (Element) throws -> Bool) rethrows -> Element? {
        try firstIndex(where: predicate).map { self[$0] }
    }
    /// Whether an element satisfies `predicate`.
    @inlinable public func contains(where predicate: (Element) throws -> Bool) rethrows -> Bool {
        try firstIndex(where: predicate) != nil
    }
    /// Whether every element satisfies `predicate`.
    @inlinable public func allSatisfy(_ predicate: (Element) throws -> Bool) rethrows -> Bool {
        try firstIndex(where: { try !predicate($0) }) == nil
    }
}

extension FixedList: Equatable where Element: Equatable {
    @inlinable public static func == (a: Self, b: Self) -> Bool {
        guard a.count == b.count else { return false }
        if a.buffer === b.buffer { return true }
        var i = 0
        while i < a.count {
            if a[i] != b[i] { return false }
            i += 1
        }
        return true
    }
}
extension FixedList: Hashable where Element: Hashable {
    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for i in indices { hasher.combine(self[i]) }
    }
}
// The buffer is only changed while uniquely referenced (copy-on-write), so a list of
// Sendable elements may be sent to another thread like any value.
extension FixedList: @unchecked Sendable where Element: Sendable {}
extension FixedList: CustomStringConvertible {
    public var description: String { "[" + map { "\($0)" }.joined(separator: ", ") + "]" }
}
