import Foundation
import Tactile
import Testing

/// Every edge of the pinch and rotate diagram: one shape, two measures.
struct TwoFingerRecognizerTests {
    @Test func pinchBeginsPastItsSlopChangesAndEndsWhenAFingerLifts() {
        var d = Driving(PinchRecognizer(), settings: .unsettled)
        d.frame(0, [(1, 40, 30), (2, 60, 30)])
        #expect(d.frame(10, [(1, 38, 30), (2, 62, 30)]).event == nil, "span +4 mm: within the 5 mm slop")
        let began = d.frame(20, [(1, 36, 30), (2, 64, 30)])
        #expect(began.phase == .began)
        if case .pinch(let scale, let delta, _)? = began.event?.detail {
            #expect(Swift.abs(scale - 28.0 / 20) < 1e-9, "scale from the span at touch-down")
            #expect(scale == delta)
        }
        #expect(d.frame(30, [(1, 30, 30), (2, 70, 30)]).phase == .changed)
        #expect(d.frame(40, [(1, 30, 30)]).phase == .ended)
    }

    /// Issue #48, finding 3: an ended line says two fingers and is where both were, the one
    /// that lifted included, not on the finger still down (UIKit's location at `.ended`).
    @Test func aPinchEndedAsOneFingerLiftsIsBetweenBothFingers() {
        var d = Driving(PinchRecognizer(), settings: .unsettled)
        d.frame(0, [(1, 40, 30), (2, 60, 30)])
        d.frame(20, [(1, 36, 30), (2, 64, 30)])
        d.frame(30, [(1, 30, 30), (2, 70, 34)])
        let ended = d.frame(40, [(1, 30, 30)])
        #expect(ended.phase == .ended)
        #expect(ended.event?.fingers == 2)
        #expect(ended.event?.location == Point(x: 50, y: 32), "the centroid of (30, 30) and where finger 2 lifted, (70, 34)")
    }

    @Test func rotateBeginsPastItsSlopAndSumsItsDeltas() {
        var d = Driving(RotateRecognizer(), settings: .unsettled)
        d.frame(0, [(1, 40, 30), (2, 60, 30)])
        var lines: [GestureEvent] = []
        for k in 1...6 {
            let a = Angle(degrees: Double(k) * 4).radians
            let dx: Double = 10 * cos(a), dy: Double = 10 * sin(a)
            let fingers = [(1, 50 - dx, 30 - dy), (2, 50 + dx, 30 + dy)]
            if let e = d.frame(Double(k) * 10, fingers).event {
                lines.append(e)
            }
        }
        #expect(lines.first?.phase == .began, "12° passes the 10° slop")
        var sum = 0.0, last = 0.0
        for case .rotate(let rotation, let delta, _) in lines.map(\.detail) { sum += delta.radians; last = rotation.radians }
        #expect(sum == last)
        #expect(Swift.abs(last - Angle(degrees: 24).radians) < 1e-9)
    }

    @Test func liftedWithoutPassingTheSlopFailsWithItsReason() {
        var pinch = Driving(PinchRecognizer(), settings: .unsettled)
        pinch.frame(0, [(1, 40, 30), (2, 60, 30)])
        #expect(pinch.frame(50).why == "lifted without pinching")
        var rotate = Driving(RotateRecognizer(), settings: .unsettled)
        rotate.frame(0, [(1, 40, 30), (2, 60, 30)])
        #expect(rotate.frame(50).why == "lifted without turning")
    }

    @Test func underWayLossOrForceCancels() {
        var d = Driving(PinchRecognizer(), settings: .unsettled)
        d.frame(0, [(1, 40, 30), (2, 60, 30)])
        d.frame(10, [(1, 30, 30), (2, 70, 30)])
        #expect(d.fail()?.phase == .cancelled)
        var lost = Driving(PinchRecognizer(), settings: .unsettled)
        lost.frame(0, [(1, 40, 30), (2, 60, 30)])
        lost.frame(10, [(1, 30, 30), (2, 70, 30)])
        #expect(lost.frame(20, [(2, 70, 30)], lost: [1]).phase == .cancelled)
    }
}
