import Tactile
import TactileLinux

#if canImport(Glibc)
import Glibc
#endif

/// A progress bar on standard error for long work over a file: how far the input has been
/// read, the rate, and the time left. Only when standard error is a terminal (nothing when
/// it is piped or a file), the input a regular file of at least `threshold` bytes, and
/// `--quiet` not given. The bar is cleared when the work ends, so a terminal keeps only
/// the output and messages.
///
/// It costs the work nothing: a thread of its own reads the input's file position five
/// times a second (`lseek` on the descriptor the reader opened, which it finds in
/// `/proc/self/fd`), so the decoding path has no counter to update.
final class ProgressBar: @unchecked Sendable {
    /// "a few MB": smaller files take well under a second.
    static let threshold = 4 << 20
    static let interval: Int64 = 200_000  // µs

    private let label: String
    private let fd: Int32
    private let size: Int64
    private let started = MonotonicClock.now().microseconds
    private let monitor = Monitor()
    private var stopped = false
    private var done = false

    /// A bar for `label` reading `path`, or nil where none belongs. Call after the input is
    /// open (its descriptor is what is watched).
    static func start(_ label: String, reading path: String, quiet: Bool) -> ProgressBar? {
        guard !quiet, path != "-", isatty(2) == 1 else { return nil }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size >= threshold,
              let fd = openDescriptor(of: path)
        else { return nil }
        let bar = ProgressBar(label: label, fd: fd, size: Int64(info.st_size))
        bar.draw()
        DetachedThread.start { [bar] in bar.tick() }
        return bar
    }

    private init(label: String, fd: Int32, size: Int64) {
        self.label = label; self.fd = fd; self.size = size
    }

    /// The descriptor this process has open on `path` (the reader's), if any.
    private static func openDescriptor(of path: String) -> Int32? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        let target = String(cString: real)
        guard let dir = opendir("/proc/self/fd") else { return nil }
        defer { closedir(dir) }
        var found: Int32?
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            guard let n = Int32(name) else { continue }
            var buffer = [CChar](repeating: 0, count: 4096)
            let length = readlink("/proc/self/fd/\(name)", &buffer, buffer.count - 1)
            guard length > 0 else { continue }
            let link = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link == target { found = max(found ?? -1, n) }  // the newest, if several
        }
        return found
    }

    private func tick() {
        monitor.lock()
        while !stopped {
            monitor.wait(microseconds: Self.interval)
            if stopped { break }
            monitor.unlock()
            draw()
            monitor.lock()
        }
        done = true
        monitor.broadcast()
        monitor.unlock()
    }

    /// Shows the end (100%) and clears the line; waits for the ticking thread.
    func finish() {
        monitor.locked { stopped = true; monitor.broadcast() }
        monitor.lock()
        while !done { monitor.wait() }
        monitor.unlock()
        draw(position: size)
        write("\r\u{1B}[K")
    }

    private func draw(position: Int64? = nil) {
        let read = min(size, max(0, position ?? Int64(lseek(fd, 0, SEEK_CUR))))
        let elapsed = max(1, MonotonicClock.now().microseconds - started)
        let rate = Double(read) / (Double(elapsed) / 1e6)  // bytes/s
        let fraction = Double(read) / Double(max(1, size))
        let width = 24
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "=", count: filled) + (filled < width ? ">" + String(repeating: " ", count: width - filled - 1) : "")
        var text = "\r\(label) \(Self.percent(fraction)) [\(bar)] \(Self.megabytes(read)) of \(Self.megabytes(size)) MB"
        // A rate needs some time to mean anything.
        if read > 0 && elapsed >= Self.interval {
            text += ", \(Self.megabytes(Int64(rate))) MB/s"
            let left = Double(size - read) / max(1, rate)
            text += ", \(Self.clock(left)) left"
        }
        write(text + "\u{1B}[K")
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }

    static func percent(_ f: Double) -> String {
        let p = String(Int((f * 100).rounded(.down)))
        return String(repeating: " ", count: 3 - p.count) + p + "%"
    }

    static func megabytes(_ bytes: Int64) -> String {
        let tenths = (bytes * 10 + 500_000) / 1_000_000
        return "\(tenths / 10).\(tenths % 10)"
    }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        return "\(s / 60):\(s % 60 < 10 ? "0" : "")\(s % 60)"
    }
}
