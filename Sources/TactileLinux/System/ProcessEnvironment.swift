#if canImport(Glibc)
import Glibc
#endif

/// This process's environment, read from `environ` (no Foundation): the one place it is
/// read, for what picks the desktop (`FocusWatcher`), what a child process inherits
/// (`ProcessSpawn`) and what `bind import` expands as the imported tool did.
public enum ProcessEnvironment {
    /// Its `NAME=value` entries, in order.
    public static func entries() -> [String] {
        var out: [String] = []
        var p = environ
        while let entry = p.pointee {
            out.append(String(cString: entry))
            p += 1
        }
        return out
    }

    /// Its values by name; a name given twice has its first value, as `getenv` reads it.
    public static func current() -> [String: String] {
        var environment: [String: String] = [:]
        for text in entries() {
            guard let equals = text.firstIndex(of: "=") else { continue }
            let name = String(text[..<equals])
            if environment[name] == nil { environment[name] = String(text[text.index(after: equals)...]) }
        }
        return environment
    }
}
