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

/// What a parser of a person's text must do with text it refuses: a `TactileError` of its
/// `kind` that names `file` and (unless `line` is false) a line of `text`, or the one just
/// past its end, so the person can find what is wrong.
public func checkRefusal(_ error: any Error, file: String, kind: TactileError.Kind, text: String, line needsLine: Bool = true) {
    guard let e = error as? TactileError else { fatalError("refused with \(type(of: error)), not a TactileError: \(error)") }
    precondition(e.kind == kind, "refused as \(e.kind), not \(kind): \(e)")
    precondition(e.file == file, "the error names \(e.file ?? "no file"), not \(file): \(e)")
    guard needsLine || e.line != nil else { return }
    guard let line = e.line else { fatalError("the error names no line: \(e)") }
    // YAML breaks lines at CR, LF, NEL, LS and PS: as many lines as those, at most.
    let lines = text.unicodeScalars.count { [0x0a, 0x0d, 0x85, 0x2028, 0x2029].contains($0.value) } + 1
    precondition(line >= 1 && line <= lines + 1, "the error names line \(line) of \(lines): \(e)")
    if let column = e.column { precondition(column >= 1, "the error names column \(column): \(e)") }
}
