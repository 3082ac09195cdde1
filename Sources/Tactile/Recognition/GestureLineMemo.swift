/// The text the last gesture line gave its time and device, and its location, kept to be
/// copied into the next line when they are the same: the lines of one frame (a pan, a
/// pinch and a rotate under way together) share both, and copying a few words is cheaper
/// than writing the numbers again. A cache of values, not of positions in an output, so
/// it stays right across outputs and batches. Used only by the thread that writes.
public struct GestureLineMemo {
    /// Room for either text: `{"t":` and the longest seconds and device number; `[x,y]`
    /// with the longest two numbers.
    static let size = 64

    // The values each text was written for; a text of no bytes is none kept yet.
    var time: Int64 = 0, device = 0
    var prefix = Text()
    var x: UInt64 = 0, y: UInt64 = 0
    var location = Text()

    /// Nothing remembered.
    public init() {}

    /// Up to `size` bytes of text and how many there are.
    struct Text {
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0

        /// Takes the bytes from `start` up to `end` (at most `size`), as eight words (a call
        /// to `memcpy` cost more than the copy).
        @inline(__always) mutating func keep(_ start: UnsafeMutablePointer<UInt8>, _ end: UnsafeMutablePointer<UInt8>) {
            count = start.distance(to: end)
            let p = UnsafeRawPointer(start)
            words = (p.loadUnaligned(as: UInt64.self), p.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                     p.loadUnaligned(fromByteOffset: 16, as: UInt64.self), p.loadUnaligned(fromByteOffset: 24, as: UInt64.self),
                     p.loadUnaligned(fromByteOffset: 32, as: UInt64.self), p.loadUnaligned(fromByteOffset: 40, as: UInt64.self),
                     p.loadUnaligned(fromByteOffset: 48, as: UInt64.self), p.loadUnaligned(fromByteOffset: 56, as: UInt64.self))
        }

        /// Writes the text at `p` (with scratch up to `size` bytes) and returns its end.
        @inline(__always) func write(at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
            let q = UnsafeMutableRawPointer(p)
            q.storeBytes(of: words.0, as: UInt64.self)
            q.storeBytes(of: words.1, toByteOffset: 8, as: UInt64.self)
            q.storeBytes(of: words.2, toByteOffset: 16, as: UInt64.self)
            q.storeBytes(of: words.3, toByteOffset: 24, as: UInt64.self)
            q.storeBytes(of: words.4, toByteOffset: 32, as: UInt64.self)
            q.storeBytes(of: words.5, toByteOffset: 40, as: UInt64.self)
            q.storeBytes(of: words.6, toByteOffset: 48, as: UInt64.self)
            q.storeBytes(of: words.7, toByteOffset: 56, as: UInt64.self)
            return p + count
        }
    }
}
