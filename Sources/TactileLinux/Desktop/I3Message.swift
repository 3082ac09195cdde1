import Tactile
import TactileJSON

/// One message of the i3 IPC protocol, which sway speaks on `$SWAYSOCK`: the magic
/// `i3-ipc`, the payload's length and the message type as 32-bit integers in the host's
/// byte order (both ends are on one machine), then the payload, JSON.
struct I3Message {
    /// The request or reply type; events have the high bit set.
    var type: UInt32
    /// The JSON text.
    var payload: [UInt8]

    /// The message types Tactile sends and reads.
    enum Kind: UInt32 {
        /// SUBSCRIBE: a JSON list of event names; answered `{"success": true}`.
        case subscribe = 2
        /// GET_TREE: every output, workspace and window, with which one is focused.
        case getTree = 4
        /// The event about a workspace (payload `change`: `focus`, `empty`...).
        case workspaceEvent = 0x8000_0000
        /// The event about a window (payload `change`: `focus`, `title`, `close`...).
        case windowEvent = 0x8000_0003
    }

    /// What the message is, when it is one Tactile knows.
    var kind: Kind? { Kind(rawValue: type) }

    private static let magic = Array("i3-ipc".utf8)

    /// The bytes to send.
    var encoded: [UInt8] {
        var out = Self.magic
        withUnsafeBytes(of: UInt32(payload.count)) { out.append(contentsOf: $0) }
        withUnsafeBytes(of: type) { out.append(contentsOf: $0) }
        return out + payload
    }

    /// Reads one message (a payload over 16 MiB is refused before it is read).
    static func read(from socket: DesktopSocket) throws(TactileError) -> I3Message {
        let header = try socket.read(14)
        guard header.starts(with: magic) else {
            throw TactileError(.badData, "\(socket.name) sent something that is not an i3 IPC message")
        }
        let length = header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 6, as: UInt32.self) }
        let type = header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 10, as: UInt32.self) }
        return I3Message(type: type, payload: try socket.read(Int(length)))
    }

    /// Sends a request of `kind` and reads its reply, which must be of the same type.
    static func request(_ kind: Kind, _ payload: String = "", on socket: DesktopSocket) throws(TactileError) -> JSONValue {
        try socket.send(I3Message(type: kind.rawValue, payload: Array(payload.utf8)).encoded)
        let reply = try read(from: socket)
        guard reply.kind == kind else {
            throw TactileError(.badData, "\(socket.name) answered request \(kind.rawValue) with a message of type \(reply.type)")
        }
        return try reply.json(from: socket)
    }

    /// The payload as JSON.
    func json(from socket: DesktopSocket) throws(TactileError) -> JSONValue {
        do {
            return try JSONValue.parse(payload)
        } catch {
            throw TactileError(.badData, "\(socket.name) sent JSON that does not parse: \(error.message) at byte \(error.column)")
        }
    }
}
