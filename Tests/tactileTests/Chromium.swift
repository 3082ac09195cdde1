import Foundation
import TestSupport

/// Debian's `chromium`, headless: loads a page or picture the way a person's browser
/// does and says what it shows (the DOM after scripts ran, a screenshot, and whatever
/// the page wrote to its console). Time in the page is Chromium's virtual time, so a page
/// playing for seconds is done in a fraction of one.
struct Chromium {
    static let path = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let python = "/usr/bin/python3"
    static var available: Bool { path != nil }
    /// Pixels are read with Pillow (python3-pil).
    static let pillow: Bool = {
        guard FileManager.default.isExecutableFile(atPath: python) else { return false }
        return (try? run(python, ["-c", "import PIL"]).status) == 0
    }()

    struct Page {
        var dom: String
        /// What the page wrote to its console, errors included (the pages write nothing).
        var console: [String]
        var stderr: String
    }

    /// The DOM of `url` once `budget` ms of virtual time have run.
    static func load(_ url: String, budget: Int = 1000, window: (Int, Int) = (1400, 900)) throws -> Page {
        let r = try headless(["--dump-dom"], url: url, budget: budget, window: window)
        return Page(dom: r.stdout, console: consoleLines(r.stderr), stderr: r.stderr)
    }

    /// A PNG of `url` at `window` CSS px (one device pixel each), after `budget` ms.
    static func screenshot(_ url: String, to png: URL, budget: Int = 1000, window: (Int, Int) = (1400, 900)) throws -> [String] {
        let r = try headless(["--screenshot=\(png.path)"], url: url, budget: budget, window: window)
        guard FileManager.default.fileExists(atPath: png.path) else {
            throw Failure("no screenshot of \(url): \(r.stderr.suffix(500))")
        }
        return consoleLines(r.stderr)
    }

    /// RGB of `png` at each point (CSS px at one device pixel each).
    static func pixels(_ png: URL, at points: [(Int, Int)]) throws -> [(r: Int, g: Int, b: Int)] {
        let list = points.map { "(\($0.0),\($0.1))" }.joined(separator: ",")
        let code = "import sys\nfrom PIL import Image\nim = Image.open(sys.argv[1]).convert('RGB')\nfor p in [\(list)]:\n    print(*im.getpixel(p))"
        let r = try run(python, ["-c", code, png.path])
        guard r.status == 0 else { throw Failure("Pillow: \(r.stderr)") }
        return r.stdout.split(separator: "\n").map { line in
            let v = line.split(separator: " ").map { Int($0)! }
            return (v[0], v[1], v[2])
        }
    }

    /// How many pixels of `png` are not near white.
    static func inkedPixels(_ png: URL) throws -> Int {
        let code = "import sys\nfrom PIL import Image\nim = Image.open(sys.argv[1]).convert('L')\nprint(sum(1 for v in im.getdata() if v < 200))"
        let r = try run(python, ["-c", code, png.path])
        guard r.status == 0, let n = Int(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else { throw Failure("Pillow: \(r.stderr)") }
        return n
    }

    private static func headless(_ args: [String], url: String, budget: Int, window: (Int, Int)) throws -> Subprocess.Finished {
        guard let path else { throw Failure("no chromium") }
        // A profile of its own per run: runs side by side would otherwise share one.
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        return try run(path, [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--user-data-dir=\(profile.path)", "--enable-logging=stderr", "--v=0",
            "--window-size=\(window.0),\(window.1)", "--force-device-scale-factor=1",
            "--virtual-time-budget=\(budget)",
        ] + args + [url], timeout: 300)
    }

    /// Console messages as Chromium logs them: `...:CONSOLE(12)] "message", source: ...`.
    private static func consoleLines(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
    }

    static func run(_ executable: String, _ args: [String], timeout: Double = 60) throws -> Subprocess.Finished {
        try Subprocess.run(executable, args, timeout: timeout)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }
}
