/// The text the last gesture line gave its time and device, and its location, kept to be
/// copied into the next line when they are the same: the lines of one frame (a pan, a
/// pinch and a rotate under way together) share both, and copying a few words is cheaper
/// than writing the numbers again. A cache of values, not of positions in an output, so
/// it stays right across outputs and batches. Used only by the thread that writes.
public struct GestureLineMemo {
    /// Room for either text: `{"t":` and the longest seconds and device number; `[x,y]`
    /// with the longest two numbers.
    static let size = 64

    var time = Int64.min, device = Int.min
    var prefix = Text()
    var x: UInt64 = 0, y: UInt64 = 0
    var hasLocation = false
    var location = Text()

    public init() {}

    /// Up to `size` bytes of text and how many there are.
    struct Text {
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0

        /// Takes the bytes from `start` up to `end` (at most `size`).
        @inline(__always) mutating func keep(_ start: UnsafeMutablePointer<UInt8>, _ end: UnsafeMutablePointer<UInt8>) {
            count = start.distance(to: end)
            withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: start, byteCount: GestureLineMemo.size) }
        }

        /// Writes the text at `p` (with scratch up to `size` bytes) and returns its end.
        @inline(__always) func write(at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
            withUnsafeBytes(of: words) { UnsafeMutableRawPointer(p).copyMemory(from: $0.baseAddress!, byteCount: GestureLineMemo.size) }
            return p + count
        }
    }
}
