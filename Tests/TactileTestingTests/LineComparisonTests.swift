import Foundation
import Testing
import Tactile
import TactileTesting

/// The comparison `tactile check` and `TactileTesting` users rely on: what it forgives,
/// what it reports, and that one missing line is one missing line.
struct LineComparisonTests {
    /// A rotate run: lines alike in words, apart in numbers, 8 ms apart.
    static func rotation(_ count: Int, at t0: Double = 0.3) -> [String] {
        (0..<count).map { k in
            let state = k == 0 ? "began" : "changed"
            return #"{"t":\#(t0 + 0.008 * Double(k)),"dev":0,"gesture":"rotate","state":"\#(state)","fingers":2,"location":[77.5,43.5],"rotation":\#(0.02 * Double(k + 1)),"rotationDelta":0.02,"velocity":2.5}"#
        }
    }

    @Test func identicalLinesAgree() {
        #expect(LineComparison.differences(expected: Self.rotation(20), actual: Self.rotation(20)).isEmpty)
    }

    @Test func valuesWithinTheirTolerancesAgreeAndPastThemAreOffByHowMuch() {
        var moved = Self.rotation(5)
        moved[2] = moved[2].replacingOccurrences(of: "[77.5,43.5]", with: "[77.9,43.5]")   // 0.4 mm: within 0.5
        #expect(LineComparison.differences(expected: Self.rotation(5), actual: moved).isEmpty)
        moved[3] = moved[3].replacingOccurrences(of: "[77.5,43.5]", with: "[77.5,44.3]")   // 0.8 mm
        let d = LineComparison.differences(expected: Self.rotation(5), actual: moved)
        try? #require(d.count == 1)
        #expect(d.first?.expectedLine == 4)
        #expect(d.first?.description == "off: expected line 4 (rotate changed 2 fingers at 0.324 s): location[1] is 44.3mm, expected 43.5mm: off by 0.8mm, tolerance 0.5mm")
    }

    @Test func anglesAreComparedAndSaidInDegrees() {
        var turned = Self.rotation(3)
        turned[1] = turned[1].replacingOccurrences(of: #""rotation":0.04"#, with: #""rotation":0.1"#)
        let d = LineComparison.differences(expected: Self.rotation(3), actual: turned)
        #expect(d.map(\.description) == ["off: expected line 2 (rotate changed 2 fingers at 0.308 s): rotation is 5.7296°, expected 2.2918°: off by 3.4377°, tolerance 1°"])
    }

    @Test func oneLineGoneFromARunOfAlikeLinesIsThatLineAlone() {
        let all = Self.rotation(30)
        var fewer = all
        fewer.remove(at: 17)
        let missing = LineComparison.differences(expected: all, actual: fewer)
        #expect(missing.map(\.kind) == [.missing])
        #expect(missing.first?.expectedLine == 18)
        let extra = LineComparison.differences(expected: fewer, actual: all)
        #expect(extra.map(\.kind) == [.extra])
        #expect(extra.first?.actualLine == 18)
    }

    @Test func wordsMustBeEqual() {
        var other = Self.rotation(3)
        other[2] = other[2].replacingOccurrences(of: "changed", with: "ended")
        let d = LineComparison.differences(expected: Self.rotation(3), actual: other)
        #expect(d.map(\.kind) == [.missing, .extra])
        #expect(LineComparison.differences(expected: ["not json"], actual: []).map(\.kind) == [.unreadable("not a JSON object: not json")])
    }

    @Test func bindActionsCompareTheirVariablesAndArgvNumbersInTheirUnits() {
        let line = #"{"t":0.25,"line":20,"argv":["move","-33.75"],"env":{"TACTILE_GESTURE":"swipe","TACTILE_DY":"-33.75","TACTILE_SCALE":"1"}}"#
        let near = line.replacingOccurrences(of: "-33.75", with: "-33.5")
        #expect(LineComparison.differences(expected: [line], actual: [near]).isEmpty)
        let far = line.replacingOccurrences(of: "-33.75", with: "-30")
        let d = LineComparison.differences(expected: [line], actual: [far]).map(\.description)
        #expect(d.count == 2)
        #expect(d.contains { $0.contains("argv[1] is -30mm, expected -33.75mm: off by 3.75mm, tolerance 0.5mm") })
        #expect(d.contains { $0.contains("env.TACTILE_DY is -30mm") })
        var exact = LineTolerance.exact
        #expect(!LineComparison.differences(expected: [line], actual: [near], tolerance: exact).isEmpty)
        exact.position = Millimetres(1)
        #expect(LineComparison.differences(expected: [line], actual: [near], tolerance: exact).isEmpty)
    }
}
