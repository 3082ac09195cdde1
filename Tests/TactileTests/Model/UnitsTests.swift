import Foundation
import Tactile
import Testing

/// The unit types the lines carry: conversions that the output's digits rely on, and the
/// arithmetic that keeps places, moves and speeds apart.
struct UnitsTests {
    @Test func degreesAndRadiansConvertAsTheOutputAlwaysDid() {
        for degrees in [0.0, 10, 30, 45, 90, -90, 180, 200, 360, 1e-9, 123.456] {
            #expect(Angle(degrees: degrees).radians == degrees * Double.pi / 180)
            let radians = degrees / 7
            #expect(Angle(radians: radians).degrees == radians * 180 / Double.pi)
        }
        #expect(Angle(degrees: 180).radians == Double.pi)
        #expect(Angle(degrees: 30).degrees.rounded() == 30, "a setting reads back as written")
        #expect(AngularVelocity(radiansPerSecond: Double.pi).degreesPerSecond == 180)
    }

    @Test func anglesAddSubtractAndCompareInRadians() {
        let a = Angle(radians: 0.5), b = Angle(radians: -0.25)
        #expect((a + b).radians == 0.25)
        #expect((a - b).radians == 0.75)
        #expect((-a).radians == -0.5)
        #expect(b < a)
        #expect(b.magnitude == Angle(radians: 0.25))
    }

    /// The step between two `atan2` directions that straddle ±180° is the small one.
    @Test func aTurnTakenTheShortWayIsWithinAHalfTurn() {
        #expect(Angle(degrees: 350).shortWay.degrees.rounded() == -10)
        #expect(Angle(degrees: -350).shortWay.degrees.rounded() == 10)
        #expect(Angle(degrees: 170).shortWay == Angle(degrees: 170))
        #expect(Angle(radians: .pi).shortWay == Angle(radians: .pi), "a half turn stays as it is")
        let across = Angle(radians: atan2(-0.01, -1)) - Angle(radians: atan2(0.01, -1))
        #expect(across.magnitude.degrees > 358)
        #expect(across.shortWay.magnitude.degrees < 1.2)
    }

    @Test func theMoveBetweenTwoPointsIsAVectorThatTakesOneToTheOther() {
        let from = Point(x: 10, y: 20), to = Point(x: 13, y: 24)
        let move = to - from
        #expect(move == Vector(x: 3, y: 4))
        #expect(move == Vector(from: from, to: to))
        #expect(from + move == to)
        #expect(to - move == from)
        #expect(move.length == Millimetres(5))
        #expect((move + move - Vector(x: 1, y: 1)) * 2 == Vector(x: 10, y: 14))
    }

    @Test func aVelocitysSpeedIsItsLengthWhicheverWay() {
        #expect(Velocity(x: -30, y: 40).speed == Speed(millimetresPerSecond: 50))
        #expect(Velocity.zero.speed == Speed(millimetresPerSecond: 0))
        #expect(Speed(millimetresPerSecond: 149) < GestureSettings().swipeMinVelocity)
    }
}
