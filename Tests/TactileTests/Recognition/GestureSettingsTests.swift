import Foundation
import Tactile
import Testing
import TestSupport

struct GestureSettingsTests {
    @Test func everyKeyCanBeSet() throws {
        var s = GestureSettings()
        for (name, unit) in GestureSettings.keys { try s.set(name, name == "clickButtonAreas" || unit == "count" ? 1 : 0.5) }
        #expect(s.touchSlop == Millimetres(0.5))
        #expect(s.tapMaxDuration == .milliseconds(0.5))
    }

    /// A count is whole and within its range: a half tap or eleven taps in a row is refused
    /// with the setting's name.
    @Test func aCountIsWholeAndInRange() throws {
        var s = GestureSettings()
        for bad in [0.5, 0, 11] {
            #expect { try s.set("maxTaps", bad) } throws: { "\($0)".contains("maxTaps is a whole number from 1 to 10") }
        }
        try s.set("maxTaps", 1)
        #expect(s.maxTaps == 1)
    }

    /// The one list is complete and each entry reaches its own value: written in its unit,
    /// a setting reads back the same, and changes nothing else.
    @Test func everySettingReadsBackWhatWasWritten() throws {
        let names = GestureSettings.all.map(\.name)
        #expect(Set(names).count == names.count, "a name listed twice")
        for setting in GestureSettings.all {
            var s = GestureSettings()
            let value = setting.unit == "0 or 1" ? 1.0 : setting.unit == "0...1" ? 0.25 : 7.0
            #expect(setting.read(s) != value, "\(setting.name): pick a value that is not the default")
            try s.set(setting.name, value)
            #expect(setting.read(s) == value, "\(setting.name) read back \(setting.read(s))")
            for other in GestureSettings.all where other.name != setting.name {
                #expect(other.read(s) == other.read(GestureSettings()), "setting \(setting.name) changed \(other.name)")
            }
        }
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

    /// A JSON file, then `--set` items over it; errors name the file or the item.
    @Test func settingsLoadFromAFileAndOverrides() throws {
        let file = Paths.scratch().appendingPathComponent("thresholds.json").path
        try Data(#"{"touchSlop": 2, "tapMaxDuration": 250}"#.utf8).write(to: URL(fileURLWithPath: file))
        let s = try GestureSettings.load(config: file, overrides: ["touchSlop=3"])
        #expect(s.touchSlop == Millimetres(3))  // the override wins
        #expect(s.tapMaxDuration == .milliseconds(250))
        #expect(try GestureSettings.load(config: nil, overrides: []) == GestureSettings())

        for (text, message) in [("[1]", "must be a JSON object"), (#"{"touchSlop": "2"}"#, "touchSlop must be a number"),
                                (#"{"touchSlop": 2"#, "not valid JSON"), (#"{"nope": 2}"#, "nope")] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            do {
                _ = try GestureSettings.load(config: file, overrides: [])
                Issue.record("\(text) was accepted")
            } catch let error as TactileError {
                #expect(error.description.contains(file) && error.description.contains(message), "\(error)")
            }
        }
        var t = GestureSettings()
        #expect(throws: TactileError.self) { try t.apply(["touchSlop"]) }
        #expect(throws: TactileError.self) { try t.apply(["noSuchSetting=1"]) }
    }

    @Test func theTableListsEverySettingWithItsDefault() {
        let rows = GestureSettings.table.split(separator: "\n")
        #expect(rows.count == GestureSettings.all.count)
        #expect(rows.first?.hasPrefix("touchSlop             1.5     ") == true, "\(rows.first ?? "")")
    }
}
