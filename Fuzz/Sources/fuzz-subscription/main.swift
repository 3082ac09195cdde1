import FuzzSupport
import Tactile
import TactileJSON

/// What a program allowed on `tactile serve`'s socket sends: arbitrary bytes as its filter
/// line (`SubscriptionFilter(parsing:)`). A filter that parses is written back as the
/// server confirms it (`encode`), and that text must parse to the same filter and write
/// the same bytes again. The same bytes are also read as a line of the service, as
/// `tactile bind --socket` reads the server's (`ServiceLine.decode`): a notice that
/// decodes must write a line that decodes to the same notice.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let line = FuzzInput(data, size).remaining
    if let filter = try? SubscriptionFilter(parsing: line) {
        let written = encoded(filter)
        let again: SubscriptionFilter
        do {
            again = try SubscriptionFilter(parsing: written)
        } catch {
            fatalError("the filter written back is refused (\(error)): \(text(written)), from \(text(line))")
        }
        precondition(again == filter, "the filter written back parses to another: \(text(written)), from \(text(line))")
        precondition(encoded(again) == written, "the filter is written two ways: \(text(written)), then \(text(encoded(again)))")
    }
    if case .notice(let notice)? = try? ServiceLine.decode(line) {
        let written = Array(notice.line.dropLast())  // without its newline, as the client reads it
        let again: ServiceLine
        do {
            again = try ServiceLine.decode(written)
        } catch {
            fatalError("the notice written back is refused (\(error)): \(text(written)), from \(text(line))")
        }
        precondition(again == .notice(notice), "the notice written back decodes to another: \(text(written)), from \(text(line))")
    }
    return 0
}

private func encoded(_ filter: SubscriptionFilter) -> [UInt8] {
    var out = JSONOutput()
    filter.encode(into: &out)
    return out.bytes
}

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

@_cdecl("fuzz_subscription_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
