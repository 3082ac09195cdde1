@testable import Tactile
import Testing
import TactileJSON

/// A `touches` line as Tactile writes it is read by position (`decodeWritten`); every
/// other line the general way (`decodeAnyForm`). Both must give the same event, or the same
/// error, for every line: written ones, and written ones with a byte changed, removed or
/// added, or a value out of range.
struct TraceDecodingTests {
    enum Outcome: Equatable {
        case event(InputEvent)
        case failure(column: Int, message: String)
    }

    /// `line` in a buffer followed by `slack` digit bytes, which must never be read as text.
    static func outcome(_ line: [UInt8], header: InputDevices, slack: Int, general: Bool) -> Outcome {
        let buffer = line + [UInt8](repeating: 0x37, count: slack)
        return buffer.withUnsafeBufferPointer { all in
            let text = UnsafeBufferPointer(rebasing: all[..<line.count])
            var contacts = TouchFrame.Contacts()
            do throws(JSONScanner.Failure) {
                return .event(general
                    ? try InputEvent.decodeAnyForm(text, header: header, reusing: &contacts)
                    : try InputEvent.decode(text, header: header, reusing: &contacts, slack: slack))
            } catch {
                return .failure(column: error.column, message: error.message)
            }
        }
    }

    static func variants(of line: [UInt8], _ rng: inout SplitMix64) -> [[UInt8]] {
        let alphabet = Array("0123456789.-+eE,:{}[]\" xtdev".utf8)
        var out = [line]
        for _ in 0..<6 {
            var changed = line
            changed[Int(rng.next() % UInt64(line.count))] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
            out.append(changed)
            var shorter = line
            shorter.remove(at: Int(rng.next() % UInt64(line.count)))
            out.append(shorter)
            var longer = line
            longer.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: Int(rng.next() % UInt64(line.count + 1)))
            out.append(longer)
        }
        let text = String(decoding: line, as: UTF8.self)
        for (from, to) in [("\"pressure\":", "\"pressure\":1"), ("\"t\":", "\"t\":-"), ("\"dev\":0", "\"dev\":3"),
                           ("\"dev\":0", "\"dev\":7"), ("\"x\":", "\"x\":99999"), ("\"id\":", "\"id\":-"),
                           ("\"major\":", "\"major\":-"), ("}]", "}],\"fingers\":101"), ("}]", "}],\"fingers\":2"),
                           (",\"y\"", " ,\"y\""), ("]}", "]} ")] where text.contains(from) {
            out.append(Array(text.replacingOccurrences(of: from, with: to).utf8))
        }
        return out
    }

    @Test(arguments: 0..<8)
    func bothWaysAgreeOnEveryLine(seed: Int) {
        var random = RandomTraces(seed: UInt64(seed) + 100)
        var rng = SplitMix64(seed: UInt64(seed))
        let header = random.header()
        var lines = 0
        for event in random.events(count: 150) {
            for line in Self.variants(of: Array(event.jsonLine.utf8), &rng) {
                let general = Self.outcome(line, header: header, slack: 0, general: true)
                for slack in [0, 16] {
                    let either = Self.outcome(line, header: header, slack: slack, general: false)
                    #expect(either == general, "\(String(decoding: line, as: UTF8.self)) with slack \(slack)")
                }
                lines += 1
            }
        }
        #expect(lines > 2000)
    }

    /// Written `touches` lines without a tool or cancelled ids take the positional way
    /// (given the slack a `LineReader` leaves after every line).
    @Test func writtenTouchLinesAreReadByPosition() {
        var random = RandomTraces(seed: 5)
        let header = random.header()
        var taken = 0
        for case .touches(var frame) in random.events(count: 300) {
            frame.cancelled = TouchFrame.ContactIDs()
            for i in frame.contacts.indices { frame.contacts[i].tool = .finger }
            let line = Array(InputEvent.touches(frame).jsonLine.utf8)
            let event: InputEvent? = (line + [UInt8](repeating: 0x20, count: LineReader.slack)).withUnsafeBufferPointer {
                var s = JSONScanner(UnsafeBufferPointer(rebasing: $0[..<line.count]), slack: LineReader.slack)
                var contacts = TouchFrame.Contacts()
                let event = InputEvent.decodeWritten(&s, header: header, into: &contacts)
                return s.isAtEnd ? event : nil
            }
            #expect(event == .touches(frame), "\(String(decoding: line, as: UTF8.self))")
            taken += 1
        }
        #expect(taken > 50)
    }
}
