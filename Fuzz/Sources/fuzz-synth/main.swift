import FuzzSupport
import Tactile
import TactileTesting

/// `tactile synth` on arbitrary bytes as a gesture script (`GestureScript.parse`): a script
/// is read, or refused with a bad-data `TactileError` naming the file and the line, never a
/// trap. A script's `device: {from: FILE}` is answered here, from memory, as the command
/// answers it from the recording FILE: the target never opens a file, whatever the script
/// names. A script read is played into its frames, as synth then does, when it gives at
/// most a few thousand of them (a script may give 600 000, too slow for a fuzzer's input).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: FuzzInput(data, size).remaining, as: UTF8.self)
    let script: GestureScript
    do {
        script = try GestureScript.parse(text, file: "fuzz.yaml", devices: device(from:))
    } catch {
        checkRefusal(error, file: "fuzz.yaml", kind: .badData, text: text)
        return 0
    }
    let seconds = script.steps.reduce(0) { $0 + duration($1) + script.gap.seconds }
    if seconds * script.rate <= 5000 {
        let frames = script.frames()
        for (a, b) in zip(frames, frames.dropFirst()) {
            precondition(a.time <= b.time, "frames go back in time: \(a.time) then \(b.time)")
        }
    }
    return 0
}

/// The description `{from: PATH}` takes, made up rather than read, by the path's name (as
/// GestureScriptTests names them): a file that cannot be read (`gone`), a kernel
/// description without a size (`bare`), or one whose size comes from its resolution, so a
/// script may not give one.
private func device(from path: String) throws(TactileError) -> DeviceDescription {
    if path.contains("gone") { throw TactileError(.noInput, file: path, "no such file") }
    let kernel = !path.contains("bare")
    let d = DeviceDescription(id: 3, name: "Fuzz panel", kind: kernel ? .touchscreen : .touchpad,
                              size: kernel ? Size(width: 155, height: 87) : nil, slots: 16,
                              sizeSource: kernel ? .resolution : nil, evdev: EvdevCapabilities())
    return try GestureScript.device(from: InputDevices(devices: [d]), path: path)
}

/// An upper bound on how long a step plays, in seconds.
private func duration(_ step: GestureScript.Step) -> Double {
    switch step {
    case .hold(_, let d, _), .pan(_, _, let d, _), .swipe(_, _, _, let d, _), .edgeSwipe(_, _, let d),
         .pinch(_, _, let d, _), .rotate(_, _, let d, _), .pinchRotate(_, _, _, let d, _), .press(_, let d, _),
         .move(_, let d), .spread(_, let d), .turn(_, let d), .spreadTurn(_, _, let d), .pressTo(_, let d), .wait(let d),
         .pen(_, _, let d):
        return d.seconds + 0.5
    case .tap(_, let taps, _): return Double(taps) * 0.2 + 0.5
    case .click, .down, .button, .lift: return 0.5
    }
}

@_cdecl("fuzz_synth_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
