import Foundation
@testable import Tactile
import Testing
import TactileJSON

/// A gesture line is written into room made once for its longest form
/// (`GestureEvent.maxJSONLength`): every kind with its longest values must fit, and read
/// back as the JSON it stands for.
struct GestureEventJSONTests {
    static let longest = -1.2345678901234567e-300
    static let longPoint = Point(x: longest, y: longest)
    static let longVector = Vector(x: longest, y: longest), longVelocity = Velocity(x: longest, y: longest)

    static var longestLines: [GestureEvent] {
        let details: [GestureEvent.Detail] = [
            .tap(taps: .min), .longPress,
            .pan(translation: longVector, delta: longVector, velocity: longVelocity),
            .swipe(direction: .right, velocity: longVelocity), .edgeSwipe(edge: .bottom, direction: .down),
            .pinch(scale: longest, scaleDelta: longest, velocity: longest),
            .rotate(rotation: Angle(radians: longest), rotationDelta: Angle(radians: longest), velocity: AngularVelocity(radiansPerSecond: longest)),
            .peek(stage: .peek, pressure: Pressure(longest)),
        ]
        return details.map {
            GestureEvent(time: Timestamp(microseconds: .min + 1), device: .min, phase: .recognized, fingers: .min,
                         location: Point(x: -1e300, y: -1e300), detail: $0)
        }
    }

    @Test func theLongestLinesFitTheirRoomAndParse() throws {
        for event in Self.longestLines {
            var out = JSONOutput(capacity: 64)
            out.raw("x")
            event.encode(into: &out)
            #expect(out.count - 1 <= GestureEvent.maxJSONLength)
            let object = try JSONSerialization.jsonObject(with: Data(out.bytes.dropFirst())) as? [String: Any]
            #expect(object?["gesture"] as? String == event.kind.rawValue)
            #expect(object?["fingers"] as? Int == Int.min)
        }
    }

    @Test func everyKindAndStateIsNamed() throws {
        for event in Self.longestLines {
            for phase in [GesturePhase.recognized, .began, .changed, .ended, .cancelled] {
                var e = event
                e.phase = phase
                let object = try JSONSerialization.jsonObject(with: Data(e.jsonLine.utf8)) as? [String: Any]
                #expect(object?["gesture"] as? String == e.kind.rawValue)
                #expect(object?["state"] as? String == phase.rawValue)
            }
        }
    }

    /// Lines written one after another with a memo (what `tactile recognize` does) are the
    /// lines each writes alone: the time, device and location are copied only when they
    /// are the last line's, the longest texts included.
    @Test func linesWrittenWithAMemoAreTheLinesWrittenAlone() {
        var rng = SplitMix64(seed: 11)
        let times: [Int64] = [0, 16_000, 16_000, .min + 1, 1_234_567_890_123]
        let places = [Point(x: 1.5, y: 2), Point(x: 1.5, y: 2.00001), Point(x: -0.0, y: 0), Point(x: 0, y: 0),
                      Point(x: -1e300, y: 1e300), Point(x: 70.4815, y: 44.4244)]
        var events = Self.longestLines
        for _ in 0..<2_000 {
            var e = events[Int(rng.next() % UInt64(events.count))]
            if rng.next() % 2 == 0 { e.time = Timestamp(microseconds: times[Int(rng.next() % UInt64(times.count))]) }
            if rng.next() % 3 == 0 { e.device = Int(rng.next() % 3) }
            if rng.next() % 2 == 0 { e.location = places[Int(rng.next() % UInt64(places.count))] }
            events.append(e)
        }
        var memo = GestureLineMemo()
        var out = JSONOutput()
        for (k, e) in events.enumerated() {
            out.clear()
            if k % 2 == 0 {
                e.encode(into: &out, memo: &memo)
                #expect(String(decoding: out.bytes, as: UTF8.self) == e.jsonLine)
            } else {
                RecognizedEvent.gesture(e).encodeLine(into: &out, memo: &memo)
                #expect(String(decoding: out.bytes, as: UTF8.self) == e.jsonLine + "\n")
            }
        }
    }

    /// docs/gestures.md's precision, field by field (issue #48, finding 6): over every
    /// golden, `t` has at most 6 decimals, `location`, `velocity` and `pressure` at most 4,
    /// and the cumulative values are written in full (some have more than 4).
    @Test func everyGoldenLineHasThePrecisionTheFormatPromises() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Recordings")
        let goldens = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".expected.jsonl") }
        #expect(goldens.count > 10)
        func decimals(_ number: Substring) -> Int {
            guard let dot = number.firstIndex(of: ".") else { return 0 }
            return number[number.index(after: dot)...].prefix { $0.isNumber }.count
        }
        var full = 0, lines = 0
        for name in goldens {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("\"gesture\"") {
                lines += 1
                for m in line.matches(of: /"t":(-?[0-9.]+)[,}]/) { #expect(decimals(m.1) <= 6, "\(name): \(line)") }
                for m in line.matches(of: /"(?:location|velocity)":\[(-?[0-9.]+),(-?[0-9.]+)\]/) {
                    #expect(decimals(m.1) <= 4 && decimals(m.2) <= 4, "\(name): \(line)")
                }
                for m in line.matches(of: /"(?:velocity|pressure)":(-?[0-9.]+)[,}]/) { #expect(decimals(m.1) <= 4, "\(name): \(line)") }
                for m in line.matches(of: /"(?:translation|delta)":\[(-?[0-9.]+),(-?[0-9.]+)\]/) where decimals(m.1) > 4 || decimals(m.2) > 4 { _ = m; full += 1 }
            }
        }
        #expect(lines > 100)
        #expect(full > 0, "translations and deltas are written in full")
    }

    @Test func namesAreTheRawValuesInQuotes() {
        for d in [SwipeDirection.left, .right, .up, .down] { #expect("\(d.quoted)" == "\"\(d.rawValue)\"") }
        for e in [ScreenEdge.left, .right, .top, .bottom] { #expect("\(e.quoted)" == "\"\(e.rawValue)\"") }
        for s in [PeekStage.peek, .pop] { #expect("\(s.quoted)" == "\"\(s.rawValue)\"") }
    }
}
