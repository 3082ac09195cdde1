import Foundation
import Tactile
import Testing
import TestSupport

/// Every recording in `Recordings/` recognizes to exactly its checked-in gesture lines,
/// and those lines say what the recording is of (the review, written down).
struct GoldenGestureTests {
    static let names: [String] = {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: Paths.recordings.path)) ?? []
        return all.filter { $0.hasSuffix(".expected.jsonl") }.map { String($0.dropLast(".expected.jsonl".count)) }.sorted()
    }()

    @Test(arguments: names)
    func outputMatchesTheGoldenFile(_ name: String) throws {
        let (header, events) = try readAll(Paths.recordings.appendingPathComponent(name + ".jsonl").path)
        let lines = recognizeAll(header, events).map(\.jsonLine)
        let golden = try String(contentsOf: Paths.recordings.appendingPathComponent(name + ".expected.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(lines.count == golden.count)
        for (i, (got, want)) in zip(lines, golden).enumerated() where got != want {
            Issue.record("\(name) line \(i + 1):\n got \(got)\nwant \(want)")
            break
        }
    }

    /// What a person checked each golden file for: the decisive lines, in order.
    static let review: [String: [String]] = [
        "tap": ["tap recognized taps=1 fingers=1"],
        "double-tap": ["tap recognized taps=2 fingers=1"],
        "triple-tap": ["tap recognized taps=3 fingers=1"],
        "two-finger-tap": ["tap recognized taps=1 fingers=2"],
        "three-finger-tap-touchpad": ["tap recognized taps=1 fingers=3"],
        "long-press": ["longPress began fingers=1", "longPress ended fingers=1"],
        "pan-slow": ["pan began fingers=1", "pan ended fingers=1"],
        "flick-left": ["pan began fingers=1", "pan ended fingers=1", "swipe recognized left fingers=1"],
        "swipe-3finger-up-touchpad": ["pan began fingers=3", "swipe recognized up fingers=3", "pan ended fingers=1"],
        // The pan begins once the last finger's landing settled: with all four (it began
        // with three before the landing settle, #29).
        "swipe-4finger-down": ["pan began fingers=4", "swipe recognized down fingers=4", "pan ended fingers=1"],
        "pan-5finger-touchpad": ["pan began fingers=5", "pan ended fingers=5"],
        "pan-finger-added": ["pan began fingers=1", "pan ended fingers=1"],
        "edge-swipe-left": ["pan began fingers=1", "edgeSwipe recognized left→right fingers=1", "pan ended fingers=1"],
        "pinch-rotate": ["rotate began fingers=2", "pinch began fingers=2", "pinch ended fingers=2", "rotate ended fingers=2"],
        "pinch-in": ["pinch began fingers=2", "pinch ended fingers=2"],
        "peek-pop": ["peek began peek fingers=1", "peek changed pop fingers=1", "peek ended pop fingers=1"],
        "accelerometer-turn": ["orientation portrait (first)", "orientation landscapeLeft turn +90°"],
        "orientation-turn-left": ["orientation portrait (first)", "orientation landscapeLeft turn +90°"],
        "orientation-turn-right": ["orientation portrait (first)", "orientation landscapeRight turn -90°"],
        "orientation-half-turn": ["orientation portrait (first)", "orientation portraitUpsideDown turn -180°"],
        "orientation-walking": ["orientation portrait (first)"],
        "orientation-shake": ["orientation portrait (first)"],
        "orientation-table-taps": ["orientation portrait (first)", "pose faceUp, orientation portrait kept"],
        // Touchpads (issue: real hardware).
        // The holds begin 180 ms after the last finger landed (libinput's hold timeout, #44).
        "hold-then-move-touchpad": ["longPress began fingers=1", "longPress cancelled fingers=1", "pan began fingers=1", "pan ended fingers=1"],
        "scroll-drift-edge-touchpad": ["pan began fingers=2", "pan ended fingers=2"],
        "click-1finger-touchpad": ["click recognized left fingers=1"],
        "click-2finger-touchpad": ["click recognized right fingers=2"],
        // The thumb alone is still for 180 ms before the finger lands: a hold (libinput's
        // hold timeout, #44), cancelled as the finger moves; the pan is the finger's.
        "thumb-resting-touchpad": ["longPress began fingers=1", "longPress cancelled fingers=1", "pan began fingers=1", "pan ended fingers=1"],
        "drumroll-touchpad": Array(repeating: "tap recognized taps=1 fingers=1", count: 6),
        "semi-mt-pinch-touchpad": ["pinch began fingers=2", "pinch ended fingers=2"],
        // For the example apps (Examples/).
        "frame-edit": ["rotate began fingers=2", "pinch began fingers=2", "pinch ended fingers=2", "rotate ended fingers=2",
                       "pan began fingers=1", "pan ended fingers=1"],
        "three-taps": Array(repeating: "tap recognized taps=1 fingers=1", count: 3),
        // Holds of 2, 3 and 4 fingers, each resting 0.8 s: one hold each, with its count,
        // beginning 0.5 s after the group's last finger landed; the same on a touchscreen.
        "holds-touchpad": ["longPress began fingers=2", "longPress ended fingers=2", "longPress began fingers=3",
                           "longPress ended fingers=3", "longPress began fingers=4", "longPress ended fingers=4"],
        "holds-touchscreen": ["longPress began fingers=2", "longPress ended fingers=2", "longPress began fingers=3",
                              "longPress ended fingers=3", "longPress began fingers=4", "longPress ended fingers=4"],
        // Taps at 0.5 and 7.8 s; portrait, a quarter turn counter-clockwise, face up and held
        // up again in landscapeLeft, half a turn clockwise, a quarter more.
        "phone-session": ["tap recognized taps=1 fingers=1", "tap recognized taps=1 fingers=1",
                          "orientation portrait (first)", "orientation landscapeLeft turn +90°",
                          "pose faceUp, orientation landscapeLeft kept", "pose landscapeLeft, orientation landscapeLeft kept",
                          "orientation landscapeRight turn -180°", "orientation portraitUpsideDown turn -90°"],
        "force-after-long-press": ["longPress began fingers=1", "longPress cancelled fingers=1", "peek began peek fingers=1",
                                   "peek changed pop fingers=1", "peek ended pop fingers=1"],
    ]

    static func summary(_ o: OrientationEvent) -> String {
        if o.previous == nil { return "orientation \(o.orientation.rawValue) (first)" }
        if o.previous == o.orientation { return "pose \(o.pose.rawValue), orientation \(o.orientation.rawValue) kept" }
        let turn = Int(o.rotationDelta.degrees.rounded())
        return "orientation \(o.orientation.rawValue) turn \(turn > 0 ? "+" : "")\(turn)°"
    }

    static func summary(_ e: GestureEvent) -> String? {
        var words = [e.kind.rawValue, e.phase.rawValue]
        switch e.detail {
        case .tap(let taps): words.append("taps=\(taps)")
        case .swipe(let d, _): words.append(d.rawValue)
        case .edgeSwipe(let edge, let d, let corner): words.append("\(corner?.rawValue ?? edge.rawValue)→\(d.rawValue)")
        case .peek(let stage, _): words.append(stage.rawValue)
        case .click(let button): words.append(button.rawValue)
        default: break
        }
        words.append("fingers=\(e.fingers)")
        return words.joined(separator: " ")
    }

    @Test(arguments: names)
    func goldenFileSaysWhatTheRecordingIsOf(_ name: String) throws {
        let expected = try #require(Self.review[name], "no review written down for \(name)")
        let (header, events) = try readAll(Paths.recordings.appendingPathComponent(name + ".jsonl").path)
        let all = recognizeAll(header, events)
        let lines = all.compactMap(\.gesture)
        var decisive = lines.filter { $0.phase != .changed }.compactMap(Self.summary)
        decisive += all.compactMap(\.orientation).map(Self.summary)
        // A peek's stage change is decisive too.
        if name == "peek-pop" || name == "force-after-long-press" {
            decisive = lines.filter { e in
                if case .peek(.pop, _) = e.detail, e.phase == .changed { return true }
                return e.phase != .changed
            }.compactMap(Self.summary)
            decisive = decisive.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        }
        #expect(decisive == expected)
    }

    @Test func measuredValuesAreWhatTheGeneratorDrew() throws {
        func last(_ name: String, _ kind: GestureKind) throws -> GestureEvent {
            let lines = try recognizeFile(Paths.recordings.appendingPathComponent(name + ".jsonl").path)
            return try #require(lines.last { $0.kind == kind && $0.phase == .ended })
        }
        // tools/gen-recordings.py: span 30 → 60 mm turning 200°; span 60 → 24 mm; 40 mm right.
        guard case .pinch(let scale, _, _) = try last("pinch-rotate", .pinch).detail,
              case .rotate(let rotation, _, _) = try last("pinch-rotate", .rotate).detail,
              case .pinch(let inScale, _, _) = try last("pinch-in", .pinch).detail,
              case .pan(let translation, _, _) = try last("pan-slow", .pan).detail
        else { Issue.record("wrong details"); return }
        #expect(Swift.abs(scale - 2) < 0.002)
        #expect(Swift.abs((rotation - Angle(degrees: 200)).radians) < 0.002, "past 180°, unwrapped")
        #expect(Swift.abs(inScale - 0.4) < 0.002)
        #expect(Swift.abs(translation.x - 40) < 0.01 && Swift.abs(translation.y) < 0.01)
    }

    /// What the generator drew for the touchpad recordings, checked without the goldens.
    @Test func touchpadRecordingsGiveWhatTheGeneratorDrew() throws {
        func lines(_ name: String) throws -> [GestureEvent] {
            try recognizeFile(Paths.recordings.appendingPathComponent(name + ".jsonl").path)
        }
        // Clicks at the press (0.16 s, 0.17 s), where the fingers are.
        let click = try #require(try lines("click-1finger-touchpad").first)
        #expect(click.time == Timestamp(microseconds: 160_000) && click.location.distance(to: Point(x: 50, y: 40)) < Millimetres(1))
        // Drumroll: taps at each finger's lift, alternately at x 40 and 62 mm.
        let taps = try lines("drumroll-touchpad")
        #expect(taps.map { Int($0.location.x.rounded()) } == [40, 62, 40, 62, 40, 62])
        #expect(taps.prefix(5).map(\.time.microseconds) == [250_000, 360_000, 470_000, 581_408, 690_000].map(Int64.init))
        // Hold: began 0.18 s (libinput's hold timeout) after the 0.1 s touch; the pan
        // carries the whole 30 mm.
        let hold = try lines("hold-then-move-touchpad")
        #expect(hold.first?.time == Timestamp(microseconds: 280_000))
        guard case .pan(let t, _, _)? = hold.last?.detail else { Issue.record("no pan"); return }
        #expect(Swift.abs(t.x - 30) < 0.1 && Swift.abs(t.y) < 0.1)
        // Thumb: the finger's 40 mm right and 3 mm up, not half of it (the thumb is not averaged in).
        guard case .pan(let th, _, _)? = try lines("thumb-resting-touchpad").last?.detail else { Issue.record("no pan"); return }
        #expect(Swift.abs(th.x - 40) < 1.5 && Swift.abs(th.y + 3) < 0.5)
        // Force: the long press is cancelled where the pressure (0.2, ramping 0.75 in 0.6 s
        // from 0.8 s) reaches 0.5, at 1.04 s.
        let force = try lines("force-after-long-press")
        let cancelled = try #require(force.first { $0.kind == .longPress && $0.phase == .cancelled })
        #expect(Swift.abs(cancelled.time.seconds - 1.04) < 0.02)
    }

    /// The raw evdev form of a recording (through a virtual protocol B device) gives the
    /// same gestures as the touch frames it was made from, and the same orientation lines
    /// to the byte (an accelerometer's raw counts are scaled back exactly).
    @Test(arguments: RecordedFramesTests.raw)
    func rawEvdevFormGivesTheSameLines(_ name: String) throws {
        func lines(_ file: String) throws -> [RecognizedEvent] {
            let (header, events) = try readAll(Paths.recordings.appendingPathComponent(file).path)
            return recognizeAll(header, events)
        }
        let touch = try lines(name + ".jsonl"), raw = try lines(name + ".evdev.jsonl")
        #expect(!raw.isEmpty, "nothing recognized: the comparison would be empty with empty")
        func decisive(_ l: [RecognizedEvent]) -> [String] { l.compactMap(\.gesture).filter { $0.phase != .changed }.compactMap(Self.summary) }
        #expect(decisive(raw) == decisive(touch))
        #expect(raw.compactMap(\.orientation).map(\.jsonLine) == touch.compactMap(\.orientation).map(\.jsonLine))
    }
}
