import Foundation
import Tactile
import Testing
import TestSupport

/// What a subscriber reads back: every notice the server writes decodes to itself, device
/// lines carry the trace header's description, and what is not the protocol is an error.
struct ServiceLineTests {
    static func header(_ name: String) throws -> InputDevices {
        let text = try String(contentsOf: Paths.recordings.appendingPathComponent(name), encoding: .utf8)
        let first = Array(text.split(separator: "\n", maxSplits: 1)[0].utf8)
        return try first.withUnsafeBufferPointer { try InputDevices.decode($0) }
    }

    @Test func everyNoticeDecodesToItself() throws {
        let devices = try Self.header("phone-session.jsonl").devices + Self.header("click-2finger-touchpad.jsonl").devices
        #expect(devices.count >= 3)
        var notices: [SubscriptionNotice] = [
            .subscribed(SubscriptionFilter(devices: [1], gestures: [.tap], orientation: true, states: nil, describe: true)),
            .missed(12), .error("too many \"clients\""), .end, .removed(4),
        ]
        for (i, d) in devices.enumerated() { notices.append(.device(d, node: i == 0 ? nil : "/dev/input/event\(i)")) }
        for notice in notices {
            let line = notice.line
            #expect(line.last == 0x0a)
            #expect(try ServiceLine.decode(line.dropLast()) == .notice(notice), "\(String(decoding: line, as: UTF8.self))")
        }
    }

    @Test func aDeviceLineIsTheHeadersDescription() {
        let d = DeviceDescription(id: 3, name: "Pad", kind: .touchpad, size: Size(width: 100, height: 60))
        let line = String(decoding: SubscriptionNotice.device(d, node: "/dev/input/event7").line, as: UTF8.self)
        #expect(line == #"{"device":{"id":3,"name":"Pad","kind":"touchpad","size":[100.0,60.0],"pressure":false},"node":"/dev/input/event7"}"# + "\n")
    }

    @Test func recognizedLinesDecodeAsLines() throws {
        let line = #"{"t":1.5,"dev":0,"gesture":"tap","state":"recognized","fingers":1,"location":[1.0,2.0],"taps":2}"#
        guard case .recognized(let event) = try ServiceLine.decode(Array(line.utf8)) else { Issue.record("not a line"); return }
        #expect(event.jsonLine == line)
    }

    @Test(arguments: [
        ("{}", "empty object"),
        (#"{"hello":1}"#, #""hello" does not start a line"#),
        (#"{"device":{"id":-1,"kind":"touchpad"}}"#, "device.id must not be negative"),
        (#"{"missed":1.5}"#, "whole number"),
        ("[1]", "expected"),
    ])
    func notTheProtocolIsAnError(_ text: String, _ words: String) {
        expectRefused(text, saying: words, by: ServiceLine.decode)
    }
}
