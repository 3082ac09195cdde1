import TactileJSON
/// One line a subscriber of `tactile serve` receives, read back: a recognized line or one
/// of the server's notices (docs/service.md). What `tactile bind --socket` reads.
public enum ServiceLine: Hashable, Sendable {
    /// A gesture or orientation line, as `tactile recognize --json` writes it.
    case recognized(RecognizedEvent)
    /// A line the server adds: subscribed, missed, error, end, device, removed.
    case notice(SubscriptionNotice)

    /// Decodes one line (without its newline); the error says what is wrong and at which
    /// column. Lines of a newer server with a first key this one does not know are errors,
    /// so a client never silently skips what it cannot read.
    public static func decode(_ line: some Collection<UInt8>) throws(JSONScanner.Failure) -> ServiceLine {
        let bytes = Array(line)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(JSONScanner.Failure) -> ServiceLine in
            var s = JSONScanner(buffer)
            s.skipWhitespace()
            try s.expect(0x7b)
            s.skipWhitespace()
            if s.peek() == 0x7d { throw s.fail("an empty object is not a line of the service") }
            let k = try s.key()
            if k.is("t") || k.is("dev") { return .recognized(try RecognizedEvent.decode(bytes)) }
            let notice: SubscriptionNotice
            if k.is("subscribed") {
                s.skipWhitespace()
                let start = s.index
                try s.skipValue()
                do throws(SubscriptionError) {
                    notice = .subscribed(try SubscriptionFilter(parsing: bytes[start..<s.index]))
                } catch {
                    throw s.fail("\"subscribed\": \(error.message)")
                }
            } else if k.is("missed") {
                notice = .missed(try s.int())
            } else if k.is("error") {
                notice = .error(try s.string())
            } else if k.is("end") {
                _ = try s.bool()
                notice = .end
            } else if k.is("removed") {
                notice = .removed(try s.int())
            } else if k.is("device") {
                let value = try s.value()
                var node: String?
                s.skipWhitespace()
                if s.consume(0x2c) {
                    let n = try s.key()
                    guard n.is("node") else { throw s.fail("unknown member \"\(n.string)\" after \"device\"") }
                    node = try s.string()
                }
                do throws(HeaderError) {
                    notice = .device(try DeviceDescription.decode(value, path: "device"), node: node)
                } catch {
                    throw s.fail(error.message)
                }
            } else {
                throw s.fail("\"\(k.string)\" does not start a line of the service (a gesture, orientation or notice)")
            }
            s.skipWhitespace()
            try s.expect(0x7d)
            try s.expectEnd()
            return .notice(notice)
        }
    }
}
