import Foundation
import Tactile
import Testing
import TestSupport

/// The bundled raw recordings (`Recordings/*.evdev.jsonl`) assemble into exactly the frames
/// checked in beside them, and those frames are the touches the raw events were made from,
/// to within the virtual device's 0.05 mm step.
struct RecordedFramesTests {
    static let raw: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Paths.recordings.path)) ?? []
        return names.filter { $0.hasSuffix(".evdev.jsonl") }.map { String($0.dropLast(".evdev.jsonl".count)) }.sorted()
    }()

    @Test func thereAreRawRecordingsForOneToFiveFingersAndAnAccelerometer() {
        #expect(Set(Self.raw).isSuperset(of: ["tap", "pinch-rotate", "swipe-3finger-up-touchpad", "swipe-4finger-down",
                                              "pan-5finger-touchpad", "peek-pop", "accelerometer-turn"]))
    }

    func assemble(_ name: String) throws -> (InputDevices, [InputEvent]) {
        let (header, events) = try readAll(Paths.recordings.appendingPathComponent(name + ".evdev.jsonl").path)
        var assembler = Assembler(header: header)
        return (assembler.header, events.compactMap { assembler.process($0) })
    }

    @Test(arguments: raw)
    func framesMatchTheGoldenFile(_ name: String) throws {
        let (header, frames) = try assemble(name)
        let golden = try String(contentsOf: Paths.recordings.appendingPathComponent(name + ".evdev.frames.jsonl"), encoding: .utf8)
        var produced = String(decoding: header.encoded(), as: UTF8.self) + "\n"
        for f in frames { produced += f.jsonLine + "\n" }
        let a = produced.split(separator: "\n"), b = golden.split(separator: "\n")
        #expect(a.count == b.count)
        for (i, (x, y)) in zip(a, b).enumerated() where x != y {
            Issue.record("line \(i + 1) differs:\n got \(x)\nwant \(y)")
            break
        }
    }

    @Test(arguments: raw)
    func framesAreTheTouchesTheyWereMadeFrom(_ name: String) throws {
        let (_, frames) = try assemble(name)
        let (_, source) = try readAll(Paths.recordings.appendingPathComponent(name + ".jsonl").path)
        let byTime = Dictionary(source.map { ($0.time, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(!frames.isEmpty)
        for event in frames {
            let original = try #require(byTime[event.time], "no source frame at \(event.time)")
            switch (event, original) {
            case (.touches(let got), .touches(let want)):
                #expect(got.contacts.count == want.contacts.count)
                for (g, w) in zip(got.contacts, want.contacts) {
                    #expect(g.position.distance(to: w.position).value <= 0.5 / 20 * 2.0.squareRoot() + 1e-9)
                    if let wp = w.pressure { #expect(abs((g.pressure?.value ?? -1) - wp.value) <= 0.5 / 1024 + 1e-9) }
                }
            case (.accel(let got), .accel(let want)):
                let step = SpecificForce.standardGravity / 16384
                #expect(abs(got.force.x - want.force.x) <= step && abs(got.force.y - want.force.y) <= step
                        && abs(got.force.z - want.force.z) <= step)
            default:
                Issue.record("kinds differ at \(event.time)")
            }
        }
    }
}
