import FuzzSupport
import Tactile
import TactileBindings

/// `tactile bind import` on arbitrary bytes (`BindingImport.translate(_:file:)`): the four
/// formats (touchégg's XML, fusuma's YAML, libinput-gestures' lines, a lisgd command line)
/// are told apart by content, as the command tells them, so one target reaches all four and
/// a mutation may carry an input from one to another. A refusal is a bad-data
/// `TactileError` naming the file (not always a line: "none of the four" is the whole
/// file's). What an import writes is read back by the bindings parser as `bind --check`
/// would, which may refuse it (the same gesture given twice is kept once and control
/// characters in comments become `?` since issue #47, but an arbitrary input can still make
/// a value the bindings refuse) but must refuse it as it refuses any text: a configuration
/// error with a line, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: FuzzInput(data, size).remaining, as: UTF8.self)
    let imported: ImportedConfig
    do {
        imported = try BindingImport.translate(text, file: "fuzz.conf")
    } catch {
        checkRefusal(error, file: "fuzz.conf", kind: .badData, text: text, line: false)
        return 0
    }
    let yaml = imported.yaml
    do {
        _ = try BindingConfig.parse(yaml, file: "imported.yaml")
    } catch {
        checkRefusal(error, file: "imported.yaml", kind: .config, text: yaml)
    }
    return 0
}

@_cdecl("fuzz_import_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
