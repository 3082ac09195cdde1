#if canImport(Glibc)
import Glibc
#endif
import CLibinput
import Tactile

/// Touchscreens through libinput: the path backend for named nodes, the udev backend for a
/// whole seat (devices come and go as udev reports them).
///
/// libinput gives touch positions in mm with its quirks and calibration applied, but no
/// pressure or contact size, and no touches at all for touchpads (it turns those into
/// pointer motion and its own gestures), so touchpads need `EvdevSource`.
public final class LibinputSource: LiveSource {
    private let li: OpaquePointer
    private let udev: OpaquePointer?
    private let interface: UnsafeMutablePointer<libinput_interface>
    private var devices: [Tracked] = []
    private var nextContactID = 0
    /// Whether the source follows a seat (it never ends on its own) or named nodes.
    private let followsSeat: Bool

    private struct Tracked {
        var device: OpaquePointer
        var id: Int
        /// Contacts down, in slot order (kept so as they land).
        var contacts: [(slot: Int32, contact: Contact)] = []
        var cancelled = TouchFrame.ContactIDs()
        var time = Timestamp.zero
        /// The last frame handed out, refilled for the next: once the reader has let go of
        /// it, its contact list's buffer is reused.
        var frame: TouchFrame

        init(device: OpaquePointer, id: Int) {
            self.device = device
            self.id = id
            frame = TouchFrame(time: .zero, device: id)
            contacts.reserveCapacity(TouchFrame.capacity)
        }
    }

    /// libinput opens the nodes through these (it runs as the user; no logind here).
    private static func makeInterface() -> UnsafeMutablePointer<libinput_interface> {
        let p = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        p.initialize(to: libinput_interface(
            open_restricted: { path, flags, _ in
                do throws(Errno) {
                    return try FileDescriptor.open(String(cString: path!), flags).relinquish()
                } catch {
                    return -error.rawValue
                }
            },
            // libinput hands back what open_restricted gave it: owned again, and closed.
            close_restricted: { fd, _ in _ = FileDescriptor(taking: fd) }))
        return p
    }

    /// The path backend over `paths` (each checked first, so a missing node says 66 and
    /// an unreadable one 77, as with libevdev).
    public init(paths: [String]) throws(TactileError) {
        for path in paths { _ = try DeviceAccess.openForReading(path) }
        interface = Self.makeInterface()
        guard let li = libinput_path_create_context(interface, nil) else {
            interface.deallocate()
            throw TactileError(.unavailable, "libinput_path_create_context failed")
        }
        self.li = li
        udev = nil
        followsSeat = false
        for path in paths {
            guard let device = libinput_path_add_device(li, path) else {
                throw TactileError(.unavailable, file: path, "libinput cannot use this device (is it tagged ID_INPUT by udev?)")
            }
            if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) == 0 {
                throw TactileError(.unavailable, file: path, """
                    libinput gives no touches for this device (a touchpad becomes pointer motion \
                    and libinput's own gestures): read it with --backend libevdev
                    """)
            }
        }
    }

    /// The udev backend on `seat`: every device of the seat, now and later.
    public init(seat: String = "seat0") throws(TactileError) {
        interface = Self.makeInterface()
        guard let udev = udev_new() else {
            interface.deallocate()
            throw TactileError(.unavailable, "udev_new failed")
        }
        guard let li = libinput_udev_create_context(interface, nil, udev) else {
            udev_unref(udev); interface.deallocate()
            throw TactileError(.unavailable, "libinput_udev_create_context failed")
        }
        if libinput_udev_assign_seat(li, seat) != 0 {
            libinput_unref(li); udev_unref(udev); interface.deallocate()
            throw TactileError(.unavailable, "libinput cannot use seat \(seat) (is udevd running?)")
        }
        self.li = li
        self.udev = udev
        followsSeat = true
    }

    deinit {
        libinput_unref(li)
        if let udev { udev_unref(udev) }
        interface.deallocate()
    }

    public var fd: Int32 { libinput_get_fd(li) }
    public var nextPoll: Timestamp? { nil }

    public func read(now: Timestamp, ids: inout DeviceIDs, into out: inout [LiveEvent]) throws(TactileError) -> Bool {
        if libinput_dispatch(li) < 0 { throw TactileError(.ioError, "libinput_dispatch failed") }
        while let event = libinput_get_event(li) {
            defer { libinput_event_destroy(event) }
            handle(event, ids: &ids, into: &out)
        }
        return followsSeat || !devices.isEmpty
    }

    private func handle(_ event: OpaquePointer, ids: inout DeviceIDs, into out: inout [LiveEvent]) {
        let type = libinput_event_get_type(event)
        guard let device = libinput_event_get_device(event) else { return }
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            guard libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0 else { return }
            let id = ids.take()
            var w = 0.0, h = 0.0
            let size = libinput_device_get_size(device, &w, &h) == 0 ? Size(width: w, height: h) : nil
            let name = libinput_device_get_name(device).map { String(cString: $0) } ?? ""
            let sysname = libinput_device_get_sysname(device).map { String(cString: $0) } ?? ""
            let slots = libinput_device_touch_get_touch_count(device)
            devices.append(Tracked(device: device, id: id))
            out.append(.added(
                DeviceDescription(id: id, name: name, kind: .touchscreen, size: size,
                                  slots: slots > 0 ? Int(slots) : nil, sizeSource: size == nil ? nil : .resolution),
                node: "/dev/input/" + sysname, mountMatrix: nil))
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            guard let i = devices.firstIndex(where: { $0.device == device }) else { return }
            out.append(.removed(device: devices[i].id))
            devices.remove(at: i)
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP,
             LIBINPUT_EVENT_TOUCH_CANCEL, LIBINPUT_EVENT_TOUCH_FRAME:
            guard let i = devices.firstIndex(where: { $0.device == device }),
                  let touch = libinput_event_get_touch_event(event) else { return }
            touchEvent(type, touch, &devices[i], into: &out)
        default:
            return
        }
    }

    private func touchEvent(_ type: libinput_event_type, _ touch: OpaquePointer, _ d: inout Tracked, into out: inout [LiveEvent]) {
        d.time = Timestamp(microseconds: Int64(bitPattern: libinput_event_touch_get_time_usec(touch)))
        if type == LIBINPUT_EVENT_TOUCH_FRAME {
            d.frame.time = d.time
            d.frame.contacts.removeAll()
            for k in d.contacts.indices where d.frame.contacts.count < TouchFrame.capacity {
                d.frame.contacts.append(d.contacts[k].contact)
            }
            d.frame.cancelled = d.cancelled
            if !d.cancelled.isEmpty { d.cancelled = TouchFrame.ContactIDs() }
            out.append(.event(.touches(d.frame)))
            return
        }
        let slot = libinput_event_touch_get_slot(touch)
        let index = d.contacts.firstIndex(where: { $0.slot == slot })
        switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN:
            let c = Contact(id: nextContactID, position: Point(x: libinput_event_touch_get_x(touch), y: libinput_event_touch_get_y(touch)))
            nextContactID += 1
            if let index {
                d.contacts[index].contact = c
            } else {
                d.contacts.insert((slot, c), at: d.contacts.firstIndex { $0.slot > slot } ?? d.contacts.count)
            }
        case LIBINPUT_EVENT_TOUCH_MOTION:
            if let index { d.contacts[index].contact.position = Point(x: libinput_event_touch_get_x(touch), y: libinput_event_touch_get_y(touch)) }
        case LIBINPUT_EVENT_TOUCH_UP:
            if let index { d.contacts.remove(at: index) }
        case LIBINPUT_EVENT_TOUCH_CANCEL:
            // libinput cancels a touch it decided was not one (a palm, arbitration with a pen).
            if let index {
                if d.cancelled.count < TouchFrame.capacity { d.cancelled.append(d.contacts[index].contact.id) }
                d.contacts.remove(at: index)
            }
        default:
            break
        }
    }
}
