#if canImport(Glibc)
import Glibc
#endif
import CLibevdev
import Tactile

/// One evdev device node read through libevdev: its description, and its events as whole
/// frames, with `SYN_DROPPED` resynchronised as libevdev documents it.
///
/// libinput hides touch pressure and contact size, and ignores accelerometers; this reader
/// sees everything the kernel reports. Event times are `CLOCK_MONOTONIC`.
public final class EvdevDevice {
    /// The node, `/dev/input/eventN`.
    public let path: String
    /// The open node (non-blocking), closed after libevdev lets go of it.
    private let descriptor: FileDescriptor
    /// The open descriptor's number, for `poll`.
    public var fd: Int32 { descriptor.rawValue }
    private let dev: OpaquePointer
    /// Events of the frame being read, up to its `SYN_REPORT`.
    private var pending: [EvdevEvent] = []
    /// The events in `pending` were handed out as a frame; they are cleared when the next
    /// event arrives.
    private var handedOut = false
    private var syncing = false

    /// Opens `path`; throws 66 when missing, 77 without permission (with what to do).
    public init(path: String) throws(TactileError) {
        self.path = path
        descriptor = try DeviceAccess.openForReading(path)
        var dev: OpaquePointer?
        let rc = libevdev_new_from_fd(descriptor.rawValue, &dev)
        guard rc == 0, let dev else {
            throw TactileError(.unavailable, file: path, "not an evdev device: \(String(cString: strerror(-rc)))")
        }
        self.dev = dev
        _ = libevdev_set_clock_id(dev, CLOCK_MONOTONIC)
        pending.reserveCapacity(64)
    }

    deinit {
        // libevdev reads the descriptor but does not own it: freed first, then closed.
        libevdev_free(dev)
    }

    /// The device's name, as the kernel gives it.
    public var name: String { libevdev_get_name(dev).map { String(cString: $0) } ?? "" }

    /// Where the device is plugged in, as its driver says (`EVIOCGPHYS`:
    /// `usb-0000:00:14.0-4/input1`, `i2c-ELAN9008:00`); empty when it says nothing.
    public var phys: String { libevdev_get_phys(dev).map { String(cString: $0) } ?? "" }

    /// Reserves the device (EVIOCGRAB): while held, no other reader (the compositor, X)
    /// gets its events. Released when the device is closed.
    public func grab() throws(TactileError) {
        let rc = libevdev_grab(dev, LIBEVDEV_GRAB)
        guard rc == 0 else {
            throw TactileError(.unavailable, file: path, "cannot grab the device: \(String(cString: strerror(-rc))) (another program holds it?)")
        }
    }

    /// Lets the device go again (EVIOCGRAB released): other readers get its events.
    public func ungrab() {
        _ = libevdev_grab(dev, LIBEVDEV_UNGRAB)
    }

    /// The device's udev-independent facts: ids, properties, codes, axis ranges.
    public var capabilities: EvdevCapabilities {
        var caps = EvdevCapabilities(inputID: InputID(
            bustype: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(dev)),
            vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(dev)),
            product: UInt16(truncatingIfNeeded: libevdev_get_id_product(dev)),
            version: UInt16(truncatingIfNeeded: libevdev_get_id_version(dev))))
        for p in 0..<UInt32(INPUT_PROP_CNT) where libevdev_has_property(dev, p) == 1 {
            caps.properties.append(UInt16(p))
        }
        for type in 0..<UInt32(EV_CNT) where libevdev_has_event_type(dev, type) == 1 {
            let max = libevdev_event_type_get_max(type)
            guard max >= 0 else { continue }
            var codes: [UInt16] = []
            for code in 0...UInt32(max) where libevdev_has_event_code(dev, type, code) == 1 {
                codes.append(UInt16(code))
                if type == UInt32(EV_ABS), let a = libevdev_get_abs_info(dev, code)?.pointee {
                    caps.absinfo[UInt16(code)] = AbsInfo(
                        value: a.value, minimum: a.minimum, maximum: a.maximum,
                        fuzz: a.fuzz, flat: a.flat, resolution: a.resolution)
                }
                if type == UInt32(EV_LED) { caps.ledStates[UInt16(code)] = libevdev_get_event_value(dev, type, code) }
                if type == UInt32(EV_SW) { caps.switchStates[UInt16(code)] = libevdev_get_event_value(dev, type, code) }
            }
            caps.codes[UInt16(type)] = codes
        }
        return caps
    }

    /// The trace description of this device under `id`.
    public func description(id: Int) -> DeviceDescription {
        DeviceDescription(id: id, name: name, evdev: capabilities)
    }

    /// Whether more events are ready, none are, or the device went away.
    public enum ReadResult { case more, drained, gone }

    /// Reads what the kernel has queued and appends each completed frame (ending in
    /// `SYN_REPORT`). Returns `.gone` when the device was removed, `.drained` when no more
    /// is queued. Never blocks.
    ///
    /// After `SYN_DROPPED` the frame in progress ends with `SYN_DROPPED, SYN_REPORT` (so a
    /// reader that discards up to the next report, as the kernel asks, discards nothing
    /// more), then libevdev's resync events follow as one frame of their own.
    public func read(into frames: inout [EvdevFrame]) throws(TactileError) -> ReadResult {
        var ev = input_event()
        while true {
            let flags = syncing ? LIBEVDEV_READ_FLAG_SYNC.rawValue : LIBEVDEV_READ_FLAG_NORMAL.rawValue
            let rc = libevdev_next_event(dev, UInt32(flags), &ev)
            if rc == -EAGAIN {
                if syncing { syncing = false; continue }
                return .drained
            }
            if rc == -ENODEV { pending.removeAll(); return .gone }
            if rc < 0 { throw TactileError(.ioError, file: path, "read failed: \(String(cString: strerror(-rc)))") }
            let event = EvdevEvent(
                type: ev.type, code: ev.code, value: ev.value,
                time: Timestamp(microseconds: Int64(ev.time.tv_sec) * 1_000_000 + Int64(ev.time.tv_usec)))
            if handedOut {
                // Emptied only now, when the next frame begins: by then the reader has
                // usually let go of the last one, and the same buffer is reused rather
                // than a new one made for every frame.
                pending.removeAll(keepingCapacity: true)
                handedOut = false
            }
            if rc == LIBEVDEV_READ_STATUS_SYNC.rawValue, !syncing {
                // The SYN_DROPPED itself: close the broken frame, then read the resync.
                syncing = true
                pending.append(event)
                pending.append(EvdevEvent(type: EventType.syn, code: SynCode.report, value: 0, time: event.time))
                frames.append(EvdevFrame(events: pending))
                handedOut = true
                continue
            }
            pending.append(event)
            if event.isSynReport {
                frames.append(EvdevFrame(events: pending))
                handedOut = true
            }
        }
    }
}
