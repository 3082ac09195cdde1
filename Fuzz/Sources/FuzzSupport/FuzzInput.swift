import Tactile

/// Reads structured values out of a fuzzer's bytes: each call takes what it needs and
/// returns zero once the bytes run out, so every input decodes to something.
public struct FuzzInput {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    }

    public var isEmpty: Bool { index >= bytes.count }

    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }
    public mutating func u16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }
    public mutating func i32() -> Int32 { Int32(bitPattern: UInt32(u16()) | UInt32(u16()) << 16) }
    public mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(u16()) / 65535
    }
    /// A raw double from 8 bytes: NaN, infinities and subnormals included.
    public mutating func anyDouble() -> Double {
        var bits: UInt64 = 0
        for k in 0..<8 { bits |= UInt64(byte()) << (8 * UInt64(k)) }
        return Double(bitPattern: bits)
    }
    public var remaining: [UInt8] { index < bytes.count ? Array(bytes[index...]) : [] }
}

/// Assembles a recording's frames, each on its device, as `frames` and `recognize` would.
public func assemble(_ header: InputDevices, _ frames: [DecodedFrame]) {
    var assembler = Assembler(header: header)
    for f in frames { _ = assembler.process(.evdev(device: f.device, frame: f.frame)) }
}

/// Reads every event of a recording given as bytes, ignoring the error a bad one gives.
public func drain(_ reader: () throws -> InputEvent?) {
    while true {
        do {
            guard try reader() != nil else { return }
        } catch {
            return
        }
    }
}

/// libFuzzer's driver: SwiftPM makes the executable's `main` its own symbol, so each
/// target's main hands over to libFuzzer with the test function.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

public func runFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                      _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, callback)
}
