import ExampleWindow
import Testing

/// SDL's finger and mouse events as the touches down in the window, in pixels.
struct PointerTouchesTests {
    typealias Finger = WindowEvent.Finger
    typealias Touches = (points: [(id: Int, x: Double, y: Double)], seconds: Double)

    /// The touches after `event`, which must move one.
    func step(_ pointers: inout PointerTouches, _ event: WindowEvent) throws -> Touches {
        let after = pointers.update(event)
        return try #require(after)
    }

    @Test func fingersAreInPixelsAndKeepTheirIdsWhileDown() throws {
        var pointers = PointerTouches(width: 800, height: 400)
        // Two fingers on one touch device (SDL: normalized to the window), then the first lifts.
        let a = try step(&pointers, .finger(Finger(device: 3, id: 10, x: 0.25, y: 0.5, down: true, seconds: 1)))
        let b = try step(&pointers, .finger(Finger(device: 3, id: 11, x: 0.75, y: 0.5, down: true, seconds: 1.01)))
        #expect(a.points.map { $0.x } == [200] && a.points.map { $0.y } == [200])
        #expect(b.points.map { $0.x } == [200, 600] && b.seconds == 1.01)
        let moved = try step(&pointers, .finger(Finger(device: 3, id: 11, x: 0.5, y: 0.25, down: true, seconds: 1.02)))
        #expect(moved.points.map { $0.id } == b.points.map { $0.id } && moved.points[1].x == 400 && moved.points[1].y == 100)
        let lifted = try step(&pointers, .finger(Finger(device: 3, id: 10, x: 0.25, y: 0.5, down: false, seconds: 1.03)))
        #expect(lifted.points.map { $0.id } == [b.points[1].id])
        // A finger that lifts and comes down again is a new contact.
        let again = try step(&pointers, .finger(Finger(device: 3, id: 10, x: 0.1, y: 0.1, down: true, seconds: 1.04)))
        #expect(Set(again.points.map { $0.id }).count == 2 && !again.points.map { $0.id }.contains(a.points[0].id))
    }

    @Test func theMouseIsOneFingerWhileItsButtonIsHeld() throws {
        var pointers = PointerTouches(width: 800, height: 400)
        // Moving with the button up touches nothing.
        #expect(pointers.update(.mouse(x: 10, y: 10, down: false, seconds: 0.5)) == nil)
        let down = try step(&pointers, .mouse(x: 100, y: 50, down: true, seconds: 1))
        #expect(down.points.count == 1 && down.points[0].x == 100 && down.points[0].y == 50)
        let drag = try step(&pointers, .mouse(x: 150, y: 60, down: true, seconds: 1.1))
        #expect(drag.points.map { $0.id } == down.points.map { $0.id } && drag.points[0].x == 150)
        let up = try step(&pointers, .mouse(x: 150, y: 60, down: false, seconds: 1.2))
        #expect(up.points.isEmpty)
        #expect(pointers.update(.mouse(x: 160, y: 60, down: false, seconds: 1.3)) == nil)
        #expect(pointers.update(.close) == nil)
    }
}
