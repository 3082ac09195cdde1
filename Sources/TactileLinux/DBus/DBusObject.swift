#if canImport(Glibc)
import Glibc
#endif
import CSystemd
import Tactile

/// A value of a D-Bus property, of the types the objects Tactile exports use.
public enum DBusValue: Hashable, Sendable {
    /// `b`.
    case bool(Bool)
    /// `s`.
    case string(String)
    /// `d`.
    case double(Double)

    /// Its D-Bus type signature.
    public var signature: String {
        switch self {
        case .bool: return "b"
        case .string: return "s"
        case .double: return "d"
        }
    }
}

/// One interface of one object exported on a bus: read-only properties (each emitting
/// PropertiesChanged) and methods without arguments or results, which is all
/// iio-sensor-proxy's interface has. sd-bus answers Introspect, Get, GetAll and Peer from
/// the vtable built from it.
public final class DBusObject {
    /// The object path.
    public let path: String
    /// The interface name.
    public let interface: String
    /// Property names and their types, in introspection order.
    public let properties: [(name: String, signature: String)]
    /// Method names, in introspection order.
    public let methods: [String]
    /// A property's current value.
    let get: (String) -> DBusValue
    /// A method called by `sender` (its unique bus name); a thrown error is the reply.
    let call: (_ method: String, _ sender: String) throws(DBusCallError) -> Void
    private var slot: OpaquePointer?

    /// An object answering `get` for its properties and `call` for its methods.
    public init(path: String, interface: String, properties: [(name: String, signature: String)], methods: [String],
                get: @escaping (String) -> DBusValue,
                call: @escaping (_ method: String, _ sender: String) throws(DBusCallError) -> Void) {
        self.path = path; self.interface = interface; self.properties = properties; self.methods = methods
        self.get = get; self.call = call
    }

    deinit { if let slot { sd_bus_slot_unref(slot) } }

    func register(on bus: OpaquePointer) throws(TactileError) {
        let pNames = properties.map { strdup($0.name) }, pSigs = properties.map { strdup($0.signature) }
        let mNames = methods.map { strdup($0) }
        defer { for p in pNames + pSigs + mNames { free(p) } }
        let table = pNames.map { UnsafePointer($0) }.withUnsafeBufferPointer { names in
            pSigs.map { UnsafePointer($0) }.withUnsafeBufferPointer { sigs in
                mNames.map { UnsafePointer($0) }.withUnsafeBufferPointer { methods in
                    tactile_bus_vtable(properties.count, names.baseAddress, sigs.baseAddress, self.methods.count,
                                       methods.baseAddress, dbusGetProperty, dbusCallMethod)
                }
            }
        }
        guard let table else { throw TactileError(.software, "out of memory building the D-Bus table of \(path)") }
        let me = Unmanaged.passUnretained(self).toOpaque()
        let r = sd_bus_add_object_vtable(bus, &slot, path, interface, table, me)
        guard r >= 0 else { throw DBusConnection.failure("cannot export \(interface) at \(path)", r) }
    }
}

/// An error a method call replies with (a D-Bus error name and message).
public struct DBusCallError: Error, Hashable, Sendable {
    /// The D-Bus error name, e.g. `org.freedesktop.DBus.Error.AccessDenied`.
    public var name: String
    /// What went wrong.
    public var message: String
    /// An error reply.
    public init(name: String, message: String) { self.name = name; self.message = message }
}

/// sd-bus's property getter: appends the value `DBusObject.get` gives.
private func dbusGetProperty(_ bus: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ interface: UnsafePointer<CChar>?,
                             _ property: UnsafePointer<CChar>?, _ reply: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?,
                             _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard let userdata, let property, let reply else { return -EINVAL }
    let object = Unmanaged<DBusObject>.fromOpaque(userdata).takeUnretainedValue()
    switch object.get(String(cString: property)) {
    case .bool(let b):
        var v: Int32 = b ? 1 : 0
        return sd_bus_message_append_basic(reply, CChar(UInt8(ascii: "b")), &v)
    case .double(let d):
        var v = d
        return sd_bus_message_append_basic(reply, CChar(UInt8(ascii: "d")), &v)
    case .string(let s):
        return s.withCString { sd_bus_message_append_basic(reply, CChar(UInt8(ascii: "s")), $0) }
    }
}

/// sd-bus's method handler: runs `DBusObject.call`, then replies (empty, or the error).
private func dbusCallMethod(_ message: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?,
                            _ returned: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard let message, let userdata, let member = sd_bus_message_get_member(message) else { return -EINVAL }
    let object = Unmanaged<DBusObject>.fromOpaque(userdata).takeUnretainedValue()
    let sender = sd_bus_message_get_sender(message).map { String(cString: $0) } ?? ""
    do throws(DBusCallError) {
        try object.call(String(cString: member), sender)
    } catch {
        // sd-bus copies the name and message into the reply it sends for a negative return.
        return sd_bus_error_set(returned, error.name, error.message)
    }
    var reply: OpaquePointer?
    var r = sd_bus_message_new_method_return(message, &reply)
    guard r >= 0, let reply else { return r }
    defer { sd_bus_message_unref(reply) }
    r = sd_bus_send(sd_bus_message_get_bus(message), reply, nil)
    return r < 0 ? r : 1
}
