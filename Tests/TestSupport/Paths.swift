import Foundation

/// Where test data lives: the package's `Recordings/`, and the real device recordings in
/// `../shared/recordings/evemu/` beside the checkout (absent on some machines: tests that
/// need them are skipped with that reason).
public enum Paths {
    /// The checkout: this file is `Tests/TestSupport/Paths.swift`.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `Recordings/`.
    public static let recordings = packageRoot.appendingPathComponent("Recordings")
    /// `../shared/recordings/evemu`.
    public static let shared = packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/recordings/evemu")
    /// Whether `../shared/recordings/evemu` is there.
    public static var sharedAvailable: Bool { FileManager.default.fileExists(atPath: shared.path) }
    /// In CI (`CI` set) the real-device tests always run: a missing `../shared/recordings`
    /// then fails them instead of skipping them unseen.
    public static var inCI: Bool { ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" } ?? false }

    /// A file of the shared recordings.
    public static func sharedFile(_ name: String) -> String { shared.appendingPathComponent(name).path }
    /// A file of `Recordings/`.
    public static func recording(_ name: String) -> String { recordings.appendingPathComponent(name).path }

    /// A scratch directory, new for each call, inside one directory for the whole test
    /// process that is removed when the process exits.
    public static func scratch() -> URL {
        let url = scratchRoot.appendingPathComponent(UUID().uuidString)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static let scratchRoot: URL = {
        atexit { try? FileManager.default.removeItem(atPath: Paths.scratchRootPath) }
        return URL(fileURLWithPath: scratchRootPath)
    }()

    private static var scratchRootPath: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tactile-tests-\(getpid())").path
    }
}


/// The recordings in `Recordings/` that are inputs (not goldens, not frame fixtures).
public let inputRecordings: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: Paths.recordings.path)) ?? [])
    .filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") && !$0.hasSuffix(".frames.jsonl") }.sorted()
