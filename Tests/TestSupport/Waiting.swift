import Foundation

/// A test waits for what it needs (a socket listening, a window mapped, a line read), never
/// for a time: a wait that would suffice on an idle machine fails on a loaded one.
public enum Waiting {
    /// How long a test waits for a condition before it gives up: a safety net, never a
    /// pace. Each wait ends as soon as its condition holds; this only decides when a test
    /// fails instead of hanging, and is far beyond what a loaded two-core machine needs.
    public static let patience: Double = 90

    /// Polls `condition` every `interval` seconds until it holds (true) or `seconds` pass
    /// (false).
    public static func until(seconds: Double = patience, every interval: Double = 0.01, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            usleep(useconds_t(interval * 1_000_000))
        }
        return condition()
    }
}
