import Tactile
import Testing
import TestSupport

/// Gestures on hardware nobody here wrote: the real evemu recordings beside the repository.
@Suite(.needsSharedRecordings)
struct RealRecordingGestureTests {
    func gestures(_ r: SharedRecording) throws -> [GestureEvent] {
        let (header, events) = try readAll(r.path, description: r.descriptionPath)
        let lines = recognize(header, events)
        #expect(gestureProblems(lines).isEmpty, "\(gestureProblems(lines).prefix(3))")
        return lines
    }

    @Test func wacomTwoFingerTapIsOneTwoFingerTap() throws {
        let lines = try gestures(.wacom2fgTap)
        #expect(lines.count == 1)
        #expect(lines.first?.detail == .tap(taps: 1))
        #expect(lines.first?.fingers == 2)
    }

    @Test func wacomDoubleTapIsOneDoubleTap() throws {
        let lines = try gestures(.wacomDoubleTap)
        #expect(lines.map(\.detail) == [.tap(taps: 2)])
        #expect(lines.first?.fingers == 1)
    }

    @Test func atmelFourFingerDragIsAFourFingerPanOrSwipeDown() throws {
        let lines = try gestures(.atmelDrag)
        let downward = lines.filter { e in
            switch e.detail {
            case .pan(let translation, _, _): return e.phase == .ended && translation.y > 20 && Swift.abs(translation.x) < translation.y / 4
            case .swipe(let direction, _): return direction == .down
            default: return false
            }
        }
        #expect(!downward.isEmpty)
        #expect(lines.contains { ($0.kind == .pan || $0.kind == .swipe) && $0.fingers == 4 })
        #expect(!lines.contains { $0.kind == .pinch || $0.kind == .rotate || $0.kind == .tap })
    }

    @Test func wacomTwoFingerScrollIsATwoFingerPanWithoutPinchOrRotate() throws {
        let lines = try gestures(.wacomScroll)
        #expect(lines.contains { $0.kind == .pan && $0.phase == .began && $0.fingers == 2 })
        #expect(!lines.contains { $0.kind == .pinch || $0.kind == .rotate })
    }

    @Test func tenFinger3MRecordingRuns() throws {
        let lines = try gestures(.threeM)
        #expect(!lines.isEmpty)
    }

    @Test(arguments: SharedRecording.allCases)
    func everyRecordingGivesWellFormedLines(_ r: SharedRecording) throws {
        _ = try gestures(r)
    }
}
