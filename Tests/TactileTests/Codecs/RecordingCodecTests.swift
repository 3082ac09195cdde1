import Foundation
import Tactile
import Testing

/// The one list of formats (`Recordings.codecs`): each told from its first line, and a
/// format the list does not have refused, never a crash.
struct RecordingCodecTests {
    @Test(arguments: [
        ("{\"format\":\"tactile-trace\"}", RecordingFormat.trace),
        ("# EVEMU 1.3\nN: x", .evemu),
        ("\u{FEFF}  # a comment\nN: Demo", .evemu),
        ("# libinput record\nversion: 1", .libinputRecord),
        ("add device 1: /dev/input/event2", .getevent),
        ("[   12.000100] /dev/input/event2: 0003 0035 00000100", .getevent),
    ])
    func eachFormatIsToldFromItsFirstLine(_ text: String, _ format: RecordingFormat) {
        #expect(RecordingFormat.detect(Array(text.utf8)) == format)
    }

    @Test func proseIsNoFormat() {
        #expect(RecordingFormat.detect(Array("hello\n{".utf8)) == nil)
        #expect(RecordingFormat.detect(Array("# only a comment\n".utf8)) == nil)
    }

    @Test func everyFormatInTheListHasItsCodec() {
        #expect(RecordingFormat.allCases.map(\.rawValue) == ["trace", "evemu", "libinput-record", "getevent"])
        for f in RecordingFormat.allCases { #expect(f.codec?.format == f && RecordingFormat(rawValue: f.rawValue) == f) }
        #expect(RecordingFormat(rawValue: "wav") == nil)
    }

    @Test func aFormatTheListDoesNotHaveIsAUsageErrorNotACrash() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("codec-\(getpid()).bin").path
        let unknown = RecordingFormat("wav")
        #expect(unknown.codec == nil && unknown.extensions.isEmpty)
        let error = #expect(throws: TactileError.self) {
            _ = try Recordings().writer(unknown, to: try OutputFile(path: path), header: InputDevices(devices: []))
        }
        #expect(error?.kind == .usage && "\(error!)".contains("no format named wav"), "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: path), "a refused writer leaves no file")
    }
}
