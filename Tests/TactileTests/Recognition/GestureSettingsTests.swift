import Tactile
import Testing

struct GestureSettingsTests {
    @Test func everyKeyCanBeSet() throws {
        var s = GestureSettings()
        for (name, _) in GestureSettings.keys { try s.set(name, name == "clickButtonAreas" ? 1 : 0.5) }
        #expect(s.touchSlop == Millimetres(0.5))
        #expect(s.tapMaxDuration == .milliseconds(0.5))
    }

    @Test func badSettingsAreNamed() {
        var s = GestureSettings()
        #expect(throws: GestureSettings.SettingError.self) { try s.set("tuchSlop", 1) }
        #expect(throws: GestureSettings.SettingError.self) { try s.set("peekPressure", 2) }
        #expect(throws: GestureSettings.SettingError.self) { try s.set("touchSlop", -1) }
        #expect(throws: GestureSettings.SettingError.self) { try s.set("touchSlop", .nan) }
    }

    @Test func aSmallerSlopTurnsATapIntoAPan() throws {
        let (header, events) = try readAll(Paths.recordings.appendingPathComponent("tap.jsonl").path)
        var strict = GestureSettings()
        try strict.set("touchSlop", 0.1)
        let kinds = Set(recognize(header, events, settings: strict).map(\.kind))
        #expect(kinds == [.pan], "the tap moves 0.36 mm")
        #expect(recognize(header, events).map(\.kind) == [.tap])
    }
}
