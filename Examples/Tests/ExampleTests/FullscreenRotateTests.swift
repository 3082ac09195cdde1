import Foundation
import Testing

/// Tap to fullscreen, rotate in fullscreen, on `phone-session` (tools/gen-recordings.py
/// says what the phone does and when: portrait, landscapeLeft, face up from 2.5 to 5.0 s,
/// half a turn clockwise to landscapeRight, a quarter more to upside down, a tap at 0.5 s on
/// the inline view and one at 7.8 s).
@Suite struct FullscreenRotateTests {
    let screen = (68.0, 151.0)
    let lines: [[String: Any]]

    init() throws {
        lines = try Example.lines("fullscreen-rotate", [Example.recording("phone-session.jsonl")])
    }

    @Test func aTapZoomsToFullscreenAndATapReturns() throws {
        #expect(lines.map { $0.string("event") } == ["start", "fullscreen", "rotate", "rotate", "rotate", "inline"])
        #expect(lines.map { $0.bool("fullscreen") } == [false, true, true, true, true, false])
        // Inline and back inline: the same frame, upright.
        #expect(close(lines[0].numbers("transform"), lines[5].numbers("transform")))
        #expect(lines[0].numbers("transform")[0] == 1 && lines[0].numbers("transform")[3] == 1)
    }

    @Test func faceUpKeepsTheLastOrientation() {
        // Lying flat from 2.5 to 5.0 s changes nothing on screen: no line, and the next turn
        // starts from landscapeLeft.
        #expect(!lines.contains { (2.5...5.0).contains($0.number("t")) })
        let right = lines[3]
        #expect(right.string("orientation") == "landscapeRight")
        #expect(close(right.rows("keyframes").first![2], Double.pi / 2))
    }

    @Test func aLandscapeTurnSwapsTheBoundsAndCentresTheView() {
        for line in lines where line.string("orientation").hasPrefix("landscape") {
            #expect(line.numbers("bounds") == [screen.1, screen.0])
            let t = line.numbers("transform")
            let (bw, bh) = (screen.1, screen.0)
            // The bounds' centre on the screen's centre, and every corner on a corner.
            let c = apply(t, (bw / 2, bh / 2))
            #expect(close(c.0, screen.0 / 2) && close(c.1, screen.1 / 2))
            for corner in [(0.0, 0.0), (bw, 0), (0, bh), (bw, bh)] {
                let p = apply(t, corner)
                #expect([0, screen.0].contains { close(p.0, $0) } && [0, screen.1].contains { close(p.1, $0) })
            }
            // Turned by a quarter turn: ±90 degrees.
            #expect(close(abs(remainder(line.number("rotation"), 2 * Double.pi)), Double.pi / 2))
        }
        let upsideDown = lines[4]
        #expect(upsideDown.numbers("bounds") == [screen.0, screen.1])
        #expect(close(abs(remainder(upsideDown.number("rotation"), 2 * Double.pi)), Double.pi))
        #expect(close(upsideDown.numbers("transform"), [-1, 0, 0, -1, screen.0, screen.1]))
    }

    @Test func theAnimationTurnsTheWayTheDeviceTurned() {
        // Counter-clockwise to landscapeLeft: content turns clockwise (rotation grows); then
        // clockwise through portrait to landscapeRight and on to upside down: it shrinks.
        let steps = [(2, 1.0, Double.pi / 2), (3, -1.0, Double.pi), (4, -1.0, Double.pi / 2)]
        for (index, sign, size) in steps {
            let turns = lines[index].rows("keyframes").map { $0[2] }
            #expect(turns.count >= 3)
            #expect(zip(turns, turns.dropFirst()).allSatisfy { ($1 - $0) * sign > 0 })
            #expect(close(abs(turns.last! - turns.first!), size))
        }
    }
}
