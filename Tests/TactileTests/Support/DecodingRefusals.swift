import Tactile
import Testing
import TactileJSON

/// Expects `decode` to refuse the line `text` with a message that contains `words`: one
/// check for every decoder of JSON lines (recognized events, the service's lines).
func expectRefused<Decoded>(_ text: String, saying words: String, by decode: ([UInt8]) throws(JSONScanner.Failure) -> Decoded,
                            sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try decode(Array(text.utf8))
        Issue.record("decoded \(text)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.message.contains(words), "\(error.message)", sourceLocation: sourceLocation)
    }
}
