import Foundation
import Tactile
import Testing
import TestSupport

/// Output lines read back (`RecognizedEvent.decode`) write the same bytes: what `tactile
/// bind --socket` runs on is what `tactile recognize` had. The golden files are
/// recognize's lines for every recording (GoldenGestureTests holds them to it).
struct RecognizedEventDecodingTests {
    @Test(arguments: GoldenGestureTests.names)
    func everyGoldenLineRoundTrips(_ name: String) throws {
        let text = try String(contentsOf: Paths.recordings.appendingPathComponent(name + ".expected.jsonl"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(!lines.isEmpty)
        for (i, line) in lines.enumerated() {
            let event = try RecognizedEvent.decode(Array(line.utf8))
            #expect(event.jsonLine == String(line), "\(name) line \(i + 1)")
        }
    }

    @Test func keysInAnyOrderAndUnknownKeysRead() throws {
        let line = #"{"gesture":"tap","future":[1,{"x":2}],"state":"recognized","dev":3,"t":1.5,"fingers":2,"location":[1,2],"taps":1}"#
        let event = try RecognizedEvent.decode(Array(line.utf8))
        #expect(event.jsonLine == #"{"t":1.5,"dev":3,"gesture":"tap","state":"recognized","fingers":2,"location":[1.0,2.0],"taps":1}"#)
    }

    @Test(arguments: [
        (#"{"dev":0,"gesture":"tap"}"#, "no time \"t\""),
        (#"{"t":1,"dev":0,"gesture":"wave","state":"recognized"}"#, "\"wave\" is not a gesture"),
        (#"{"t":1,"dev":0,"gesture":"tap","state":"recognized","fingers":1,"location":[0,0]}"#, "no \"taps\""),
        (#"{"t":1,"dev":0,"gesture":"swipe","state":"recognized","fingers":1,"location":[0,0],"direction":"sideways","velocity":[0,0]}"#, "\"sideways\""),
        (#"{"t":1,"dev":0}"#, "neither a gesture"),
        (#"{"t":1,"dev":0,"orientation":"portrait","previous":"unknown","pose":"portrait","rotation":0,"rotationDelta":0,"bounds":[1,2],"transform":[1,0]}"#, "not 6"),
        ("garbage", "expected"),
    ])
    func badLinesSayWhatIsWrong(_ line: String, _ words: String) {
        expectRefused(line, saying: words, by: RecognizedEvent.decode)
    }
}
