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

    /// A pinch line: scale and the velocity derived from it.
    static func pinch(t: Double = 1.3, scale: String = "2.0", velocity: String = "0.0", state: String = "ended") -> String {
        #"{"t":\#(t),"dev":0,"gesture":"pinch","state":"\#(state)","fingers":2,"location":[77.5,43.5],"scale":\#(scale),"scaleDelta":1.0,"velocity":\#(velocity)}"#
    }

    /// Issue #48: "off by 0.01, tolerance 0.01". A difference equal to its tolerance passes
    /// (numbers read from text, tolerances in other units), one past it says by how much,
    /// in as many decimals as show it is past.
    @Test func aDifferenceEqualToItsTolerancePassesAndOnePastItReadsPastIt() {
        let degree = Double.pi / 180
        let equal: [(String, String)] = [
            (Self.pinch(scale: "1.24"), Self.pinch(scale: "1.25")),
            (Self.pinch(scale: "0.3"), Self.pinch(scale: "0.31")),
            (Self.pinch(t: 0.31), Self.pinch(t: 0.315)),
            (Self.rotation(1)[0], Self.rotation(1)[0].replacingOccurrences(of: "[77.5,43.5]", with: "[78.0,43.0]")),
            (Self.rotation(1)[0], Self.rotation(1)[0].replacingOccurrences(of: #""rotation":0.02,"#, with: #""rotation":\#(0.02 + degree),"#)),
            (Self.rotation(1)[0].replacingOccurrences(of: #""rotation":0.02,"#, with: #""rotation":\#(2.3 + degree),"#),
             Self.rotation(1)[0].replacingOccurrences(of: #""rotation":0.02,"#, with: #""rotation":2.3,"#)),
        ]
        for (e, a) in equal {
            #expect(LineComparison.differences(expected: [e], actual: [a]).isEmpty, "\(e) \(a)")
            #expect(LineComparison.differences(expected: [a], actual: [e]).isEmpty, "\(a) \(e)")
        }
        let past = LineComparison.differences(expected: [Self.pinch(scale: "1.2")], actual: [Self.pinch(scale: "1.21004")]).map(\.description)
        #expect(past.count == 1)
        #expect(past.first?.hasSuffix("scale is 1.21, expected 1.2: off by 0.01004, tolerance 0.01") == true, "\(past)")
        // A velocity a hair past its 10%: both said to the decimal that tells them apart.
        let fast = LineComparison.differences(expected: [Self.pinch(scale: "1.2", velocity: "2.6203")], actual: [Self.pinch(scale: "1.3", velocity: "2.9126")])
        #expect(fast.map(\.description).contains { $0.hasSuffix("velocity is 2.9126, expected 2.6203: off by 0.2923, tolerance 0.29226") }, "\(fast)")
    }

    /// Issue #48: a near-zero pinch velocity was flagged when only an angle changed. A
    /// velocity or delta is compared only when what it comes from is off; `exact` compares
    /// every number; a velocity without its source in the line (a swipe's) is compared.
    @Test func aVelocityOrDeltaIsComparedOnlyWhenItsSourceIsOff() {
        let still = Self.pinch(velocity: "0.0"), drifting = Self.pinch(velocity: "0.0213")
        #expect(LineComparison.differences(expected: [still], actual: [drifting]).isEmpty)
        #expect(LineComparison.differences(expected: [still], actual: [drifting], tolerance: .exact).map(\.quantity) == [.speed])
        let grown = Self.pinch(scale: "2.5", velocity: "0.0213")
        #expect(Set(LineComparison.differences(expected: [still], actual: [grown]).compactMap(\.quantity)) == [.scale, .speed])
        // A rotation within its degree, with a step 1.5° off: the step follows the rotation.
        let line = Self.rotation(1)[0]
        let stepped = line.replacingOccurrences(of: #""rotation":0.02,"rotationDelta":0.02"#, with: #""rotation":0.03,"rotationDelta":0.0462"#)
        #expect(LineComparison.differences(expected: [line], actual: [stepped]).isEmpty)
        let swipe = #"{"t":0.22,"dev":0,"gesture":"swipe","state":"recognized","fingers":1,"location":[71.25,45.0],"direction":"left","velocity":[-237.0,0.0]}"#
        let slower = swipe.replacingOccurrences(of: "-237.0", with: "-180.0")
        #expect(LineComparison.differences(expected: [swipe], actual: [slower]).map(\.quantity) == [.speed])
        // The alignment agrees: a run whose velocities alone differ pairs line for line.
        let run = (0..<10).map { Self.pinch(t: 0.3 + 0.01 * Double($0), scale: "\(1 + 0.05 * Double($0))", velocity: "5", state: "changed") }
        let slow = run.map { $0.replacingOccurrences(of: #""velocity":5"#, with: #""velocity":3"#) }
        #expect(LineComparison.differences(expected: run, actual: slow).isEmpty)
    }

    /// The story first: per gesture, lines matched, missing and extra, and the worst
    /// difference of each quantity with its tolerance and where it is.
    @Test func theReportSaysPerGestureWhatMatchedAndTheWorstDifference() {
        let tap = #"{"t":0.1,"dev":0,"gesture":"tap","state":"recognized","fingers":1,"location":[70.0,40.0],"taps":1}"#
        let expected = [tap] + Self.rotation(20)
        var actual = [tap] + Self.rotation(20).enumerated().map { k, line in
            // Turned further and further: 0.5° more each line, up to 9.5°.
            line.replacingOccurrences(of: #""rotation":\#(0.02 * Double(k + 1)),"#,
                                      with: #""rotation":\#(0.02 * Double(k + 1) + Double(k) * 0.5 * Double.pi / 180),"#)
        }
        actual.remove(at: 5)
        let report = LineComparison.report(expected: expected, actual: actual)
        #expect(report.gestures.map(\.name) == ["tap", "rotate"])
        let rotate = report.gestures[1]
        #expect((rotate.matched, rotate.missing, rotate.extra) == (19, 1, 0))
        // Expected lines 5 to 21 are more than 1° off (line 4 is off by 1° exactly), and
        // line 6 is missing.
        #expect(rotate.off == 16)
        #expect(rotate.quantities.map(\.quantity) == [.angle])
        #expect(rotate.quantities.first?.count == 16)
        #expect(rotate.quantities.first?.worst.expectedLine == 21)
        #expect(report.gestures[0].agrees && report.gestures[0].matched == 1)
        #expect(report.headline() == "17 differences, in 1 of 2 gestures")
        #expect(report.summary == [
            "  rotate: 19 lines matched, 16 of them off; 1 missing, 0 extra",
            "    angle: 16 values off, by up to 9.5° (tolerance 1°): rotation, expected line 21 (rotate changed 2 fingers at 0.452 s)",
            "  as expected: tap (1 line)",
        ])
        #expect(report.description.hasPrefix("17 differences, in 1 of 2 gestures:\n  rotate: "))
        #expect(report.differences == LineComparison.differences(expected: expected, actual: actual))
    }

    /// A number without a tolerance (taps, fingers) that differs is in the summary too,
    /// as a value not equal.
    @Test func theReportCountsNumbersThatMustBeEqual() {
        let tap = #"{"t":0.1,"dev":0,"gesture":"tap","state":"recognized","fingers":1,"location":[70.0,40.0],"taps":1}"#
        let report = LineComparison.report(expected: [tap], actual: [tap.replacingOccurrences(of: #""taps":1"#, with: #""taps":2"#)])
        #expect(report.gestures.first?.unequal == 1)
        #expect(report.summary == [
            "  tap: 1 line matched, 1 of them off; 0 missing, 0 extra",
            "    exact: 1 value not equal, the first at expected line 1 (tap recognized 1 finger at 0.1 s): taps is 2, expected 1",
        ])
    }
}
