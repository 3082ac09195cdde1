#if canImport(Glibc)
import Glibc
#endif
import CSystemd
import Tactile

/// A connection to a D-Bus bus through sd-bus (libsystemd): the system bus, or a bus at an
/// address (a test's private `dbus-daemon`). Driven by the caller's `poll`: wait on `fd` for
/// `events` until `timeout`, then `process()`. Not thread-safe: one thread owns it.
public final class DBusConnection {
    let bus: OpaquePointer
    /// The objects exported, kept alive as long as the connection.
    private var objects: [DBusObject] = []
    private var watches: [NameWatch] = []

    /// Connects to the bus at `address` (`unix:path=...`, as `dbus-daemon --print-address`
    /// prints it), or to the system bus when nil.
    public init(address: String?) throws(TactileError) {
        var b: OpaquePointer?
        if let address {
            var r = sd_bus_new(&b)
            guard r >= 0, let made = b else { throw Self.failure("cannot create a D-Bus connection", r) }
            r = sd_bus_set_address(made, address)
            if r >= 0 { r = sd_bus_set_bus_client(made, 1) }
            if r >= 0 { r = sd_bus_start(made) }
            guard r >= 0 else {
                sd_bus_unref(made)
                throw Self.failure("cannot connect to the D-Bus bus at \(address)", r)
            }
            bus = made
        } else {
            let r = sd_bus_open_system(&b)
            guard r >= 0, let opened = b else { throw Self.failure("cannot connect to the D-Bus system bus", r) }
            bus = opened
        }
    }

    deinit {
        sd_bus_flush_close_unref(bus)
    }

    /// Takes a well-known name (sd_bus_request_name); fails when another process owns it
    /// (iio-sensor-proxy running) or the bus policy refuses it.
    public func requestName(_ name: String) throws(TactileError) {
        let r = sd_bus_request_name(bus, name, 0)
        guard r >= 0 else {
            let kind: TactileError.Kind = (r == -EACCES || r == -EPERM) ? .noPermission : .unavailable
            var message = "cannot own the D-Bus name \(name): \(String(cString: strerror(-r)))"
            if r == -EEXIST { message += " (another service owns it: stop iio-sensor-proxy first)" }
            if kind == .noPermission { message += " (the bus policy must allow it: see docs/service.md)" }
            throw TactileError(kind, message)
        }
    }

    /// Exports `object` at its path until the connection closes.
    public func export(_ object: DBusObject) throws(TactileError) {
        try object.register(on: bus)
        objects.append(object)
    }

    /// Emits PropertiesChanged for `names` of `interface` at `path` with their new values
    /// (read back through the object's getter).
    public func emitPropertiesChanged(path: String, interface: String, names: [String]) throws(TactileError) {
        var cNames: [UnsafeMutablePointer<CChar>?] = names.map { strdup($0) } + [nil]
        defer { for p in cNames { free(p) } }
        let r = cNames.withUnsafeMutableBufferPointer { sd_bus_emit_properties_changed_strv(bus, path, interface, $0.baseAddress) }
        guard r >= 0 else { throw Self.failure("cannot emit PropertiesChanged on \(path)", r) }
    }

    /// Calls `handler` with each bus name that leaves the bus (NameOwnerChanged with no new
    /// owner): how a service forgets what a client that exited or crashed held.
    public func onNameVanished(_ handler: @escaping (String) -> Void) throws(TactileError) {
        let box = NameWatch(handler)
        let r = sd_bus_match_signal(bus, &box.slot, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                    "NameOwnerChanged", nameOwnerChanged, Unmanaged.passUnretained(box).toOpaque())
        guard r >= 0 else { throw Self.failure("cannot watch names leaving the bus", r) }
        watches.append(box)
    }

    /// The descriptor to poll.
    public var fd: Int32 { sd_bus_get_fd(bus) }

    /// The poll events to wait for (POLLIN, POLLOUT).
    public var events: Int16 { Int16(truncatingIfNeeded: sd_bus_get_events(bus)) }

    /// When `process()` must run even with nothing to read, as CLOCK_MONOTONIC; nil for never.
    public var timeout: Timestamp? {
        var usec: UInt64 = 0
        guard sd_bus_get_timeout(bus, &usec) >= 0, usec != UInt64.max else { return nil }
        return Timestamp(microseconds: Int64(clamping: usec))
    }

    /// Handles everything pending (calls, replies, queued writes) without blocking.
    public func process() throws(TactileError) {
        while true {
            let r = sd_bus_process(bus, nil)
            if r == 0 { return }
            if r < 0 { throw Self.failure("the D-Bus connection failed", r) }
        }
    }

    /// Writes what is queued, waiting until it is written (at the end).
    public func flush() { _ = sd_bus_flush(bus) }

    static func failure(_ what: String, _ r: Int32) -> TactileError {
        TactileError(.unavailable, "\(what): \(String(cString: strerror(-r)))")
    }
}

/// A NameOwnerChanged watch: its handler and its match slot, alive with the connection.
final class NameWatch {
    let handler: (String) -> Void
    var slot: OpaquePointer?
    init(_ handler: @escaping (String) -> Void) { self.handler = handler }
    deinit { if let slot { sd_bus_slot_unref(slot) } }
}

/// sd-bus's signal callback for NameOwnerChanged(name, old owner, new owner).
private func nameOwnerChanged(_ message: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?,
                              _ returned: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard let message, let userdata else { return 0 }
    var strings: [String] = []
    for _ in 0..<3 {
        var p: UnsafePointer<CChar>?
        guard sd_bus_message_read_basic(message, CChar(UInt8(ascii: "s")), &p) > 0, let p else { return 0 }
        strings.append(String(cString: p))
    }
    if strings[2].isEmpty {
        Unmanaged<NameWatch>.fromOpaque(userdata).takeUnretainedValue().handler(strings[0])
    }
    return 0
}
