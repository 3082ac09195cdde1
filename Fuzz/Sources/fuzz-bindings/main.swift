import FuzzSupport
import Tactile
import TactileBindings

/// `tactile bind --check` on arbitrary bytes as a bindings configuration
/// (`BindingConfig.parse(_:file:)`, valid YAML or not): a configuration is read, or refused
/// with a configuration error (exit 78) that names the file and the line, never a trap.
/// What `--check` says of one it reads is asked too: its warnings (with a file system of
/// answers given here, so nothing on the disk is looked at), its summary and its notes on
/// a recording's devices.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: FuzzInput(data, size).remaining, as: UTF8.self)
    let config: BindingConfig
    do {
        config = try BindingConfig.parse(text, file: "fuzz.yaml")
    } catch {
        checkRefusal(error, file: "fuzz.yaml", kind: .config, text: text)
        return 0
    }
    _ = config.warnings(searchPath: "/usr/bin", isExecutable: { $0.hasPrefix("/usr/bin/x") }, exists: { $0.hasSuffix("0") })
    _ = config.summary
    _ = config.notes(for: devices, recording: "fuzz.jsonl", focusedApplication: nil)
    _ = config.notes(for: devices, recording: "fuzz.jsonl", focusedApplication: ["firefox"])
    return 0
}

private let devices = InputDevices(devices: [
    DeviceDescription(id: 0, name: "Fuzz touchscreen", kind: .touchscreen, size: Size(width: 150, height: 90), slots: 10),
    DeviceDescription(id: 1, name: "Fuzz touchpad", kind: .touchpad, size: Size(width: 100, height: 60), slots: 5),
    DeviceDescription(id: 2, name: "Fuzz accelerometer", kind: .accelerometer),
])

@_cdecl("fuzz_bindings_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
